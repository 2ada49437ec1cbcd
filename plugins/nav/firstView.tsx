import { defineFirstView } from '../../kernel/plugin/firstView'
import { navBarSlot } from './slots/navBarSlot'

/**
 * The navigation bar is drawn once, by the live bar itself: the page server renders it from the
 * navigation it loaded (the visible top-level items in slot order, links that work without script,
 * and with flyouts on each item's panel button, whose press the page's recorder keeps until the bar
 * is live), and the browser hydrates it before the kernel starts.
 */
export default defineFirstView({
  needs: ['siteConfig', 'navigation'],
  parts: { 'header.nav': navBarSlot },
})
