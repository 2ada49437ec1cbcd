import { defineFirstView } from '../../kernel/plugin/firstView'
import LoyaltyHeader from './slots/LoyaltyHeader'

/**
 * The header row's loyalty control is drawn once, by its live slot: the page server renders it from
 * the brand's options, the site configuration and the shopper the session cookies name, and the
 * browser hydrates it before the kernel starts; the shopper's display (cashback, excluded) and the
 * join modal come when the plugin has started.
 */
export default defineFirstView({
  needs: ['siteConfig', 'shopper'],
  parts: { 'header.loyalty': LoyaltyHeader },
})
