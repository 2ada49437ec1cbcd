import { loggerRef } from '../../contracts/serviceRefs'
import type { Envelope } from '../../kernel/bus/events'
import type { PluginContext, PluginManifest } from '../../kernel/plugin/definePlugin'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { loginFailureTags, logoutTags, signedInTags, signupFailureTags } from './mappings/account'
import { backupTags, brewerRegistrationFailureTags, outboundTags, promotionTags } from './mappings/commerce'
import { newsletterFailureTags, newsletterTags, optInTags, redeemTags, rewardTags } from './mappings/loyalty'
import { navigationTags } from './mappings/navigation'
import { impressionTags, productClickTags, submittedTags, suggestionTags } from './mappings/search'
import { pageTypeOf } from './pageView'
import { cartAddTags, type Footprint } from './products'
import './events'

/** The auth plugin's source for a sign-out echoed from another tab (reported by the tab that signed out). */
export const OTHER_TAB_SOURCE = 'auth.otherTab'

/** Internal errors of the product helpers, as footprint log records (nav spec §8). */
export const footprintOf =
  (ctx: PluginContext): Footprint =>
  (helper, error) =>
    ctx.optional(loggerRef)?.log({
      logType: 'ERROR',
      logCategory: 'LOW',
      eventType: 'ANALYTICS_FOOTPRINT',
      message: `analytics helper '${helper}' failed: ${error instanceof Error ? error.message : String(error)}`,
    })

/**
 * The whole nav spec §7 catalogue, in one place: each domain event the header's plugins (and the host
 * page) raise, and the tag-manager payloads it becomes (`utag.link`). The page view is the plugin's
 * start (`utag.view`).
 */
export const ANALYTICS_CATALOGUE: NonNullable<PluginManifest['analytics']> = {
  // Navigation (nav plugin): internal_navigation, plus the quiz, starter-kit and card events.
  'nav:linkClicked': (e) => navigationTags(e.payload),
  // Search (search plugin): a suggestion, a product tile, Enter, the tiles shown.
  'search:suggestionClicked': (e) => suggestionTags(e.payload),
  'search:productClicked': (e) => productClickTags(e.payload),
  'search:submitted': (e) => submittedTags(e.payload),
  'search:productsShown': (e) => impressionTags(e.payload),
  // Account (auth plugin): login, signup, their failures, logout.
  'auth:signedIn': (e) => signedInTags(e.payload),
  'auth:loginFailed': (e) => loginFailureTags(e.payload),
  'auth:signupFailed': (e) => signupFailureTags(e.payload),
  logout: (e: Envelope<'logout'>) => (e.source === OTHER_TAB_SOURCE ? null : logoutTags()),
  // Loyalty and newsletter (loyalty plugin).
  'loyalty:optedIn': (e) => optInTags(e.payload),
  'loyalty:rewardsViewed': (e) => rewardTags(e.payload),
  'loyalty:redeemClicked': (e) => redeemTags(e.payload),
  'newsletter:signedUp': (e) => newsletterTags(e.payload),
  'newsletter:signupFailed': (e) => newsletterFailureTags(e.payload),
  // The header's promotions and outbound links (this plugin's click listener).
  'analytics:promotionSelected': (e) => promotionTags(e.payload),
  'analytics:outboundLinkClicked': (e) => outboundTags(e.payload),
  // The host page's own events (docs/shopper-data.md, "Host-page analytics events").
  'page:cartAdd': (e, ctx) => {
    const { pathname, search } = ctx.get(headerContextRef).location
    return cartAddTags(e.payload, footprintOf(ctx), pageTypeOf(pathname, search))
  },
  'page:backupCreated': (e) => backupTags(e.payload),
  'page:brewerRegistrationFailed': (e) => brewerRegistrationFailureTags(e.payload),
}
