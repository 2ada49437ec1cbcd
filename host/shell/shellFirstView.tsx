import { defineFirstView } from '../../kernel/plugin/firstView'
import { Logo } from './parts/Logo'
import { MiniCartLink } from './parts/MiniCartLink'
import { ModalLayers } from './parts/ModalLayers'

/**
 * The shell plugin's parts drawn once (host/shell/shellPlugin.ts): the logo, the cart link and the
 * modal layers are rendered by the page server with their live components and hydrated before the
 * kernel starts; the cart's count comes when a plugin provides it, the session dialog with auth.
 */
export const shellFirstView = defineFirstView({
  needs: ['siteConfig'],
  slots: {},
  parts: { 'header.logo': Logo, 'header.cart': MiniCartLink, 'header.sessionDialog': ModalLayers },
})

export default shellFirstView
