import { defineFirstView } from '../../kernel/plugin/firstView'
import { Logo } from './slots/Logo'
import { MiniCartLink } from './slots/MiniCartLink'
import { ModalLayers } from './slots/ModalLayers'
import { PromoRow, TopRow, UtilityRow } from './slots/ShellRows'

/**
 * The shell plugin's parts drawn once (index.ts): its three rows, the logo, the cart
 * link and the modal layers are rendered by the page server with their live components and hydrated
 * before the kernel starts; the cart's count comes when a plugin provides it, the session dialog with
 * auth, the rows' live content with the header data. The host's live shell draws the same parts when
 * there is no served first view (host/frame/Shell.tsx).
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
