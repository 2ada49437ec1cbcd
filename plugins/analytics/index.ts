import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { loggerRef, shopperAccountRef } from '../../contracts/serviceRefs'
import { createPluginLog } from '../../kernel/logging/pluginLog'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { consentRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { createServiceRef, optional, provide } from '../../kernel/services/serviceRef'
import {
  browserVisitorStore,
  csrOf,
  emptyProfile,
  readVisitorProfile,
  segmentsOfProfile,
} from '../../site/visitorProfile'
import { VISITOR_SEGMENTS_COOKIE } from '../../site/visitorSegments'
import { ANALYTICS_CATALOGUE } from './catalogue'
import { trackHeaderClicks } from './clickTracking'
import { type CustomerTags, createCustomerTags } from './customerTags'
import { loadTagManagerWhenAllowed } from './loadTagManager'
import { pageViewTags } from './pageView'
import { createTagManagerPort, type TagManagerPort } from './tagManager'
import { recordVisit } from './visitorProfile'

/** The page's tag manager (this plugin's own; other plugins raise domain events instead). */
export const tagManagerRef = createServiceRef<TagManagerPort>('analytics.tagManager')
/** The signed-in customer's fields for the page view (header spec §7 getTealiumTags). */
const customerTagsRef = createServiceRef<CustomerTags>('analytics.customerTags')

/** The tab's session storage, where the browser lets the page have it. */
function pageSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** The header's container, where promotions and outbound links are clicked. */
const CONTAINER_ID = 'oneHeaderContainer'

/**
 * Analytics (nav spec §7): the one place the tag manager is called. Every payload the kernel's
 * relay receives goes to `utag.link` through the tag-manager adapter (queued and retried every
 * 100 ms until `utag` exists, gated on analytical consent); the catalogue maps every domain event to
 * its payloads; a page view (`utag.view`) on every page; the tag manager's script loaded once
 * analytical consent allows it; promotions and outbound links in the header reported by one
 * delegated listener; the signed-in customer's fields on the page view (getTealiumTags); and the
 * visitor profile the targeted content is chosen by (each visit and what each page teaches; the
 * consent plugin forgets it when targeting is denied). Nothing of it is on the critical path: its chunk starts after the first paint.
 */
export default definePlugin({
  id: 'analytics',
  about: PLUGIN_ABOUT.analytics,
  // The page view reads the signed-in customer (auth's shopper account) when it starts.
  after: ['auth'],
  services: [
    provide(tagManagerRef, { consent: consentRef }, ({ consent }) =>
      createTagManagerPort(window, undefined, consent),
    ),
    provide(
      customerTagsRef,
      { http: httpRef, context: headerContextRef, logger: optional(loggerRef) },
      ({ http, context, logger }) =>
        createCustomerTags({
          http,
          storage: pageSessionStorage(),
          log: createPluginLog('analytics', logger, context.correlationId),
        }),
    ),
  ],
  // The kept customer fields are stale once the customer signs in or out, or joins the programme.
  events: {
    'auth:signedIn': (_e, ctx) => ctx.get(customerTagsRef).forget(),
    logout: (_e, ctx) => ctx.get(customerTagsRef).forget(),
    'loyalty:optedIn': (_e, ctx) => ctx.get(customerTagsRef).forget(),
  },
  analyticsSink: (ctx) => ctx.get(tagManagerRef),
  analytics: ANALYTICS_CATALOGUE,
  start: (ctx) => {
    const context = ctx.get(headerContextRef)
    const tagManager = ctx.get(tagManagerRef)
    const cookies = ctx.get(cookiesRef)
    const visitorStore = browserVisitorStore(cookies)
    // The visitor as this page's content calls saw them (read before this page's lesson is stored);
    // nobody the store knows while the profile may not be used (targeting denied).
    const targeting = cookies.isAllowed(VISITOR_SEGMENTS_COOKIE)
    const visitor = (targeting ? readVisitorProfile(visitorStore) : undefined) ?? emptyProfile()
    const view = pageViewTags({
      pathname: context.location.pathname,
      search: context.location.search,
      title: document.title,
      lang: context.lang,
      brand: context.brand,
      segments: segmentsOfProfile(visitor),
      csr: csrOf(visitor),
    })
    // A signed-in customer's page view carries their fields (getTealiumTags), asked only when the
    // tag manager may hear them; the page's other calls wait behind it.
    const session = ctx.optional(shopperAccountRef)?.session$.value()
    const customer = session?.status === 'signedIn' && session.agent === null
    if (customer && ctx.get(consentRef).allows('analytical'))
      tagManager.view(view, ctx.get(customerTagsRef).forPage(session))
    else tagManager.view(view)
    recordVisit(cookies, context.location.pathname, Date.now(), visitorStore)
    const stopLoading = loadTagManagerWhenAllowed(
      document,
      context.siteConfig.tagManagerUrl,
      ctx.get(consentRef),
    )
    const root = document.getElementById(CONTAINER_ID) ?? document
    const stopClicks = trackHeaderClicks(root, window.location.origin, ({ promotion, outbound }) => {
      if (promotion) ctx.emit('analytics:promotionSelected', promotion)
      if (outbound) ctx.emit('analytics:outboundLinkClicked', outbound)
    })
    return () => {
      stopLoading()
      stopClicks()
    }
  },
})
