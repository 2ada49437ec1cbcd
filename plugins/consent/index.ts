import { PLUGIN_ABOUT } from '../../contracts/pluginAbout'
import { loggerRef } from '../../contracts/serviceRefs'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { consentRef, cookiesRef, headerContextRef, httpRef } from '../../kernel/services/kernelRefs'
import { optional, type ProvidingPlugin, provide } from '../../kernel/services/serviceRef'
import { copyFor } from './bannerCopy'
import { consentChoicesRef, createConsentChoices } from './consentChoices'
import { bannerCopyRef, type ConsentOptions, ConsentOptionsSchema } from './consentOptions'
import { startConsent } from './consentStart'
import firstView from './firstView'
import { createPageOutbox, outboxRef } from './outboxService'
import CookieBanner from './slots/CookieBanner'

/**
 * Consent (nav spec §4, §9): the cookie banner and the visitor's choice per group, which
 * changes the kernel's one consent state (`consentRef`) that every tracker is gated on. The banner
 * is drawn once when consent is due (the page server renders it, the browser hydrates it); its
 * working code loads once the consent service is there, with the served markup standing in. Each choice is kept in the consent cookie and recorded on the
 * server once; denied groups' cookies are expired; Consent Mode v2 tells a brand's tags.
 */
export default definePlugin({
  id: 'consent',
  about: PLUGIN_ABOUT.consent,
  options: ConsentOptionsSchema,
  services: [
    provide(
      bannerCopyRef,
      { context: headerContextRef },
      ({ context }, { options }: ProvidingPlugin<ConsentOptions>) => copyFor(context.lang, options),
    ),
    provide(
      outboxRef,
      { http: httpRef, logger: optional(loggerRef) },
      ({ http, logger }) => createPageOutbox(http, logger),
      {
        dispose: (outbox) => outbox.dispose(),
      },
    ),
    provide(
      consentChoicesRef,
      { consent: consentRef, cookies: cookiesRef, context: headerContextRef, outbox: outboxRef },
      (deps) => createConsentChoices({ ...deps, win: window }),
    ),
  ],
  firstView,
  slots: { 'header.cookieBanner': eagerSlot(CookieBanner) },
  start: (ctx) =>
    startConsent({
      consent: ctx.get(consentRef),
      cookies: ctx.get(cookiesRef),
      context: ctx.get(headerContextRef),
      outbox: ctx.get(outboxRef),
      choices: ctx.get(consentChoicesRef),
      win: window,
    }),
})
