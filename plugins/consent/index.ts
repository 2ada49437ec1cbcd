import { loggerRef } from '../../contracts/serviceRefs'
import { consentCookieGroups } from '../../kernel/consent/configuredCookies'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { lazySlot } from '../../kernel/plugin/slots'
import { consentRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { createServiceRef, optional, provide } from '../../kernel/services/serviceRef'
import { isAppWebview } from '../../site/webview'
import { consentChoicesRef, createConsentChoices } from './consentChoices'
import { expireDenied } from './consentCookies'
import { publishConsentMode } from './consentMode'
import firstView from './firstView'
import { createRecordOutbox, type RecordOutbox } from './recordOutbox'
import { listenForReopen } from './reopenTriggers'
import BannerPlaceholder from './slots/BannerPlaceholder'

/** The consent records on their way to the server (this plugin's own). */
const outboxRef = createServiceRef<RecordOutbox>('consent.outbox')

/**
 * Consent (nav spec §4, §9; issue 26): the cookie banner and the visitor's choice per group, which
 * changes the kernel's one consent state (`consentRef`) that every tracker is gated on. The banner
 * is in the served first view when consent is due; its live code is a lazy slot, with the served
 * markup standing in while it loads. Each choice is kept in the consent cookie and recorded on the
 * server once; denied groups' cookies are expired; Consent Mode v2 tells a brand's tags.
 */
export default definePlugin({
  id: 'consent',
  services: [
    provide(
      outboxRef,
      { http: httpRef, logger: optional(loggerRef) },
      ({ http, logger }) =>
        createRecordOutbox({
          http,
          storage: storageOf(window),
          onRefused: (record, message) =>
            logger?.log({
              logType: 'ERROR',
              logCategory: 'MEDIUM',
              eventType: 'CONSENT_RECORD_REFUSED',
              message: `The server refused a consent record (${record.action}); it is dropped: ${message}`,
            }),
        }),
      { dispose: (outbox) => outbox.dispose() },
    ),
    provide(
      consentChoicesRef,
      { consent: consentRef, cookies: cookiesRef, context: headerContextRef, outbox: outboxRef },
      ({ consent, cookies, context, outbox }) =>
        createConsentChoices({
          consent,
          cookies,
          context,
          outbox,
          win: window,
          webview: isAppWebview({
            userAgent: navigator.userAgent,
            search: location.search,
            token: context.siteConfig.webviewUserAgentToken,
          }),
        }),
    ),
  ],
  firstView,
  slots: { 'header.cookieBanner': lazySlot(() => import('./slots/ConsentBanner'), BannerPlaceholder) },
  start: (ctx) => {
    const consent = ctx.get(consentRef)
    const state = consent.state$.value()
    // A denied group's cookies go at every page, also those a tag manager set since.
    expireDenied(ctx.get(cookiesRef), state.groups, consentCookieGroups(ctx.get(headerContextRef).siteConfig))
    publishConsentMode(window, state, 'default')
    // Choices a failed call or a closed tab left behind go now, and when the browser is back online.
    const outbox = ctx.get(outboxRef)
    void outbox.flush()
    const online = () => void outbox.flush()
    window.addEventListener('online', online)
    const stopReopen = listenForReopen(window, (trigger) => ctx.get(consentChoicesRef).open(trigger))
    return () => {
      window.removeEventListener('online', online)
      stopReopen()
    }
  },
})

function storageOf(win: Window): Storage | undefined {
  try {
    return win.localStorage
  } catch {
    return undefined // blocked: choices wait in memory for this page
  }
}
