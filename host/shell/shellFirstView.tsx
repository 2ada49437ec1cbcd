import type { FirstViewProps } from '../../contracts/firstView'
import { defineFirstView } from '../../kernel/plugin/firstView'
import { MiniCartLinkView } from './parts/MiniCartLinkView'

/** The shell's own part of the first view: the cart link (its count comes with the auth plugin). */
function CartFirstView({ page, labels }: FirstViewProps) {
  return <MiniCartLinkView lang={page.lang} labels={labels} />
}

/** The shell plugin's first view (host/shell/shellPlugin.ts); the logo is the frame's own. */
export const shellFirstView = defineFirstView({
  needs: ['siteConfig'],
  slots: { 'header.cart': CartFirstView },
})
