import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { linkHandlersRef, loggerRef, shopperAccountRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot, lazySlot } from '../../kernel/plugin/slots'
import { busRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { optional, type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'
import { browserVisitorStore } from '../../site/visitorProfile'
import { loyaltyAnalytics } from './analytics'
import firstView from './firstView'
import { createJoinModalRequests, openJoinModalHandler } from './joinModalRequests'
import { createLoyaltyLog } from './loyaltyLog'
import { type LoyaltyOptions, LoyaltyOptionsSchema } from './loyaltyOptions'
import { joinModalRef, loyaltyRef, newsletterRef, referralRef } from './loyaltyRefs'
import { createLoyaltyService } from './loyaltyService'
import { keepMemberSegment } from './memberSegment'
import { createNewsletterService } from './newsletter/newsletterService'
import { createReferralService } from './referral/referralService'
import { loyaltyProgrammeOn } from './rules/programme'
import LoyaltyHeader from './slots/LoyaltyHeader'

/**
 * Loyalty (perks) and the footer newsletter (header spec §1–§9): the rewards prompt, the
 * member label with cashback, points and rewards, the opt-in form and the excluded customer's info,
 * where the brand shows them (header row, account menu, phone menu), switched by the site
 * configuration's `loyalty.program.enabled` and `loyalty.global.toggle`; the rewards join modal with
 * its learn-more carousel; the newsletter in the page's footer. Only the header row's control ships
 * with the plugin: the menus' panels, the modal, Swiper and the newsletter form load on first use.
 */
export default definePlugin({
  id: 'loyalty',
  about: PLUGIN_ABOUT.loyalty,
  // Its service takes auth's shopper account when it is made: auth's code, when it comes, first
  // (each plugin starts as its code arrives). The logger needs no such order: the kernel hands
  // records written before logging arrived over to it.
  after: ['auth'],
  options: LoyaltyOptionsSchema,
  services: [
    provide(
      loyaltyRef,
      {
        http: httpRef,
        account: optional(shopperAccountRef),
        cookies: cookiesRef,
        context: headerContextRef,
        logger: optional(loggerRef),
        bus: busRef,
      },
      (
        { http, account, cookies, context, logger, bus },
        { pluginId, options }: ProvidingPlugin<LoyaltyOptions>,
      ) =>
        createLoyaltyService({
          http,
          account,
          cookies,
          programmeOn: loyaltyProgrammeOn(context.siteConfig),
          excludedInfo: options.excludedInfo,
          pathname: context.location.pathname,
          log: createLoyaltyLog(logger, context.correlationId),
          emit: (type, payload) => bus.emit(type, payload, pluginId),
        }),
      { dispose: (service) => service.dispose() },
    ),
    provide(
      newsletterRef,
      { http: httpRef, context: headerContextRef, logger: optional(loggerRef), bus: busRef },
      ({ http, context, logger, bus }, { pluginId }) =>
        createNewsletterService({
          http,
          lang: context.lang,
          log: createLoyaltyLog(logger, context.correlationId),
          emit: (type, payload) => bus.emit(type, payload, pluginId),
        }),
    ),
    provide(
      referralRef,
      { http: httpRef, context: headerContextRef, logger: optional(loggerRef) },
      ({ http, context, logger }) =>
        createReferralService({ http, log: createLoyaltyLog(logger, context.correlationId) }),
    ),
    provide(joinModalRef, {}, createJoinModalRequests),
  ],
  firstView,
  slots: {
    'header.loyalty': eagerSlot(LoyaltyHeader),
    'header.account.loyalty': lazySlot(() =>
      import('./slots/LoyaltyPanel').then((m) => ({ default: m.AccountMenuLoyalty })),
    ),
    'header.mobileMenu.loyalty': lazySlot(() =>
      import('./slots/LoyaltyPanel').then((m) => ({ default: m.PhoneMenuLoyalty })),
    ),
    'footer.newsletter': lazySlot(() => import('./newsletter/FooterNewsletter')),
  },
  analytics: loyaltyAnalytics,
  start: (ctx) => {
    // Targeted content (header spec §6): a signed-in perks member's pages leave out the offers for
    // newcomers ("New here? … 15% off your first order"): the header's rows follow the change at once.
    // Read at each answer: auth's code may arrive after this plugin's.
    const isAgent = () => {
      const session = ctx.optional(shopperAccountRef)?.session$.value()
      return session?.status === 'signedIn' && session.agent !== null
    }
    const segment = keepMemberSegment(
      ctx.get(loyaltyRef).display$,
      browserVisitorStore(ctx.get(cookiesRef), (segmentCodes) =>
        ctx.emit('visitor:segmentsChanged', { segmentCodes }),
      ),
      isAgent,
    )
    // A header or sub-menu link may name `openJoinModal` (header spec §3 clickHandler): the account
    // menus' link handlers are auth's, which starts first when it runs (`after`).
    const unregister = ctx
      .optional(linkHandlersRef)
      ?.register('openJoinModal', openJoinModalHandler(ctx.get(joinModalRef)))
    return () => {
      segment.unsubscribe()
      unregister?.()
    }
  },
})
