import { defineFirstView } from '../../kernel/plugin/firstView'
import { Logo } from './parts/Logo'
import { MiniCartLink } from './parts/MiniCartLink'

/**
 * The shell plugin's parts drawn once (host/shell/shellPlugin.ts): the logo and the cart link are
 * rendered by the page server with their live components and hydrated before the kernel starts;
 * the cart's count comes when a plugin provides it.
 */
export const shellFirstView = defineFirstView({
  needs: ['siteConfig'],
  slots: {},
  parts: { 'header.logo': Logo, 'header.cart': MiniCartLink },
})

export default shellFirstView
