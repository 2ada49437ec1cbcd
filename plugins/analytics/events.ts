import type { AnalyticsProduct, CartEntry } from './products'

/**
 * Events the analytics plugin raises itself (its delegated click listener) and the ones a host page
 * raises on the header's bus for what happens outside the header (docs/shopper-data.md, "Host-page analytics
 * events"): `window.oneHeader.kernel.bus.emit('page:cartAdd', { … }, 'page')`.
 */
declare module '../../kernel/bus/events' {
  interface KernelEvents {
    /** A promotion in the header (a CMS promo card) was followed. */
    'analytics:promotionSelected': { id: string; name: string; location: string; path: string }
    /** A link in the header that leaves the site was followed. */
    'analytics:outboundLinkClicked': { url: string; text: string; location: string }
    /** The page added a product to the cart (a product page, a quick-shop modal, the cart). */
    'page:cartAdd': { product: AnalyticsProduct; entry: CartEntry; location: string; variantCode?: string }
    /** The shopper set up a backup order for an auto-delivery: on a schedule, or smart (when low). */
    'page:backupCreated': { kind: 'scheduled' | 'smart'; subscriptionId?: string; productCode?: string }
    /** The brewer registration form failed (the page's own form, /appliances/register-brewer). */
    'page:brewerRegistrationFailed': { reason: string }
  }
}
