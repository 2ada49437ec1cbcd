import { defineFirstView } from '../../kernel/plugin/firstView'
import SearchSlot from './slots/SearchSlot'

/**
 * The search part is drawn once, by the live slot itself: the page server renders it from the site
 * configuration it loaded, and the browser hydrates it before the kernel starts.
 */
export default defineFirstView({
  needs: ['siteConfig'],
  parts: { 'header.search': SearchSlot },
})
