import { loggerRef } from '../../contracts/serviceRefs'
import type { AnalyticsHandler, PluginContext } from '../../kernel/plugin/definePlugin'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { backupTags, brewerRegistrationFailureTags, outboundTags, promotionTags } from './commerce'
import { pageTypeOf } from './pageView'
import { cartAddTags, type Footprint } from './products'
import './events'

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
 * This plugin's part of the nav spec §7 catalogue: the header's promotions and outbound links (its
 * own click listener) and the host page's events (docs/shopper-data.md, "Host-page analytics
 * events"). Every other plugin declares the events it raises itself, in its manifest's `analytics`
 * (plugins/search/analytics.ts, for one); the page view is this plugin's start (`utag.view`).
 */
export const ANALYTICS_CATALOGUE: readonly AnalyticsHandler[] = [
  { event: 'analytics:promotionSelected', tags: (e) => promotionTags(e.payload) },
  { event: 'analytics:outboundLinkClicked', tags: (e) => outboundTags(e.payload) },
  {
    event: 'page:cartAdd',
    tags: (e, ctx) => {
      const { pathname, search } = ctx.get(headerContextRef).location
      return cartAddTags(e.payload, footprintOf(ctx), pageTypeOf(pathname, search))
    },
  },
  { event: 'page:backupCreated', tags: (e) => backupTags(e.payload) },
  { event: 'page:brewerRegistrationFailed', tags: (e) => brewerRegistrationFailureTags(e.payload) },
]
