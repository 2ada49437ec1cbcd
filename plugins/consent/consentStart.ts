import type { CookieWriter } from '../../kernel/config/cookieWriter'
import { consentCookieGroups } from '../../kernel/consent/configuredCookies'
import type { Consent } from '../../kernel/consent/consentStore'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import type { ConsentChoicesService } from './consentChoices'
import { expireDenied } from './consentCookies'
import { publishConsentMode } from './consentMode'
import type { RecordOutbox } from './recordOutbox'
import { listenForReopen } from './reopenTriggers'

/**
 * What the plugin does once per page: expires the denied groups' cookies (a tag manager may have set
 * them since the last page), tells Consent Mode its default, sends the choices a failed call or a
 * closed tab left behind (and again when the browser is back online), and listens for "Cookie
 * preferences". Returns the clean-up.
 */
export function startConsent(deps: {
  consent: Consent
  cookies: CookieWriter
  context: HeaderContext
  outbox: Pick<RecordOutbox, 'flush'>
  choices: Pick<ConsentChoicesService, 'open'>
  win: Window
}): () => void {
  const { win, outbox } = deps
  const state = deps.consent.state$.value()
  expireDenied(deps.cookies, state.groups, consentCookieGroups(deps.context.siteConfig))
  publishConsentMode(win, state, 'default')
  void outbox.flush()
  const online = () => void outbox.flush()
  win.addEventListener('online', online)
  const stopReopen = listenForReopen(win, (trigger) => deps.choices.open(trigger))
  return () => {
    win.removeEventListener('online', online)
    stopReopen()
  }
}
