import { BehaviorSubject } from 'rxjs'
import type { ConsentAction } from '../../contracts/consent'
import {
  ALL_ALLOWED,
  ALL_DENIED,
  type ConsentChoices,
  type ConsentState,
  consentStateOf,
} from '../../contracts/consentState'
import type { CookieWriter } from '../../kernel/config/cookieWriter'
import { consentCookieGroups } from '../../kernel/consent/configuredCookies'
import type { Consent } from '../../kernel/consent/consentStore'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import { stateStream } from '../../kernel/state/stateStream'
import { isAppWebview } from '../../site/webview'
import { type BannerState, type ConsentChoicesService, consentChoicesRef } from './consentChoicesRef'
import { expireDenied, storeChoice } from './consentCookies'
import { publishConsentMode } from './consentMode'
import type { RecordOutbox } from './recordOutbox'

export type { BannerState, ConsentChoicesService } from './consentChoicesRef'
export { consentChoicesRef }

/** A random id for a consent record set and for each choice (idempotency key). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  )
}

const choicesFor = (action: ConsentAction, state: ConsentState, given?: ConsentChoices): ConsentChoices =>
  action === 'accept'
    ? ALL_ALLOWED
    : action === 'reject'
      ? ALL_DENIED
      : action === 'save' && given
        ? given
        : state.groups

/**
 * One choice, in the order that keeps every promise: the kernel's consent state first (every tracker
 * stops or starts at once, no reload), then the denied groups' cookies expired, the choice kept in
 * the consent cookie, Consent Mode updated for the brand's tags, and the record handed to the outbox
 * (kept locally until the server has it). The banner is shown while consent is due (never in the app
 * webview, whose app asks itself).
 */
export function createConsentChoices(deps: {
  consent: Consent
  cookies: CookieWriter
  context: HeaderContext
  outbox: Pick<RecordOutbox, 'add'>
  win: Window
}): ConsentChoicesService {
  const { consent, cookies, context, win } = deps
  const webview = isAppWebview({
    userAgent: win.navigator.userAgent,
    search: win.location.search,
    token: context.siteConfig.webviewUserAgentToken,
  })
  const start = consent.state$.value()
  const due = !start.chosen && start.policyVersion !== '' && !webview
  const banner = new BehaviorSubject<BannerState>({ open: due, reopened: false, trigger: null })
  return {
    banner$: stateStream(banner),
    choose(action, given) {
      const before = consent.state$.value()
      const choices = choicesFor(action, before, given)
      const consentId = before.consentId ?? newId()
      const { policyVersion, gpc } = before
      const next = consentStateOf({ choices, chosen: true, policyVersion, gpc, consentId })
      consent.set(next)
      expireDenied(cookies, next.groups, consentCookieGroups(context.siteConfig))
      storeChoice(cookies, { choices, policyVersion, consentId })
      publishConsentMode(win, next, 'update')
      void deps.outbox.add({
        consentId,
        idempotencyKey: newId(),
        action,
        lang: context.lang,
        policyVersion,
        choices,
        gpc,
      })
      banner.next({ open: false, reopened: false, trigger: banner.getValue().trigger })
    },
    open(trigger = null) {
      // Nothing to ask about without a policy, and the app asks for itself.
      if (webview || consent.state$.value().policyVersion === '') return
      banner.next({ open: true, reopened: true, trigger })
    },
  }
}
