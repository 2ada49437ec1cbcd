import { defineFirstView } from '../../kernel/plugin/firstView'
import { Logo } from './parts/Logo'
import { MiniCartLink } from './parts/MiniCartLink'
import { ModalLayers } from './parts/ModalLayers'
import { PromoRow, TopRow, UtilityRow } from './parts/ShellRows'

/**
 * The shell plugin's parts drawn once (host/shell/shellPlugin.ts): its three rows, the logo, the cart
 * link and the modal layers are rendered by the page server with their live components and hydrated
 * before the kernel starts; the cart's count comes when a plugin provides it, the session dialog with
 * auth, the rows' live content with the header data.
 */
export const shellFirstView = defineFirstView({
  needs: ['siteConfig'],
  parts: {
    'shell.top': TopRow,
    'shell.utility': UtilityRow,
    'header.logo': Logo,
    'header.cart': MiniCartLink,
    'shell.promo': PromoRow,
    'header.sessionDialog': ModalLayers,
  },
})

export default shellFirstView
