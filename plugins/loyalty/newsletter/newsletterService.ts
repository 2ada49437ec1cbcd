import { BehaviorSubject } from 'rxjs'
import type { HttpError } from '../../../contracts/httpError'
import {
  NEWSLETTER_FORM_FIELDS,
  NEWSLETTER_SIGNUP_PATH,
  NewsletterSignupResponseSchema,
} from '../../../contracts/loyalty'
import type { KernelEvents } from '../../../kernel/bus/events'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import { type StateStream, stateStream } from '../../../kernel/state/stateStream'
import type { Lang } from '../../../site/brand'
import type { LoyaltyLog } from '../loyaltyLog'
import { type NewsletterInput, newsletterProblems } from '../rules/newsletterRules'

/**
 * The footer newsletter's state (header spec §4 "form is shown until subscribe succeeds, then the
 * success message"): `failed` keeps the form (and what the shopper typed, which the form holds) with
 * what went wrong.
 */
export type NewsletterState =
  | { status: 'form' }
  | { status: 'sending' }
  /** `error`: the call's error payload, kept (header spec §8 "subscribe failures are stored as error payloads"). */
  | { status: 'failed'; reason: 'invalid' | 'server' | 'network'; error?: HttpError }
  | { status: 'subscribed' }

export interface NewsletterService {
  readonly state$: StateStream<NewsletterState>
  /**
   * POST kpcEmailSignup?lang, form-encoded (header spec §7). Sends nothing while a sign-up is out or done, nor
   * when the rules (header spec §5) refuse the input. Resolves whether it was sent and succeeded; never rejects.
   */
  subscribe(input: NewsletterInput): Promise<boolean>
}

export interface NewsletterDeps {
  http: HttpClient
  lang: Lang
  log: LoyaltyLog
  emit: <K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]) => void
}

export function createNewsletterService(deps: NewsletterDeps): NewsletterService {
  const state = new BehaviorSubject<NewsletterState>({ status: 'form' })

  async function send(input: NewsletterInput): Promise<boolean> {
    state.next({ status: 'sending' })
    const r = await deps.http.request({
      method: 'POST',
      path: NEWSLETTER_SIGNUP_PATH,
      query: { lang: deps.lang },
      form: true,
      body: {
        [NEWSLETTER_FORM_FIELDS.email]: input.email.trim(),
        [NEWSLETTER_FORM_FIELDS.subscribe]: String(input.accepted),
      },
      schema: NewsletterSignupResponseSchema,
    })
    if (r.ok) {
      state.next({ status: 'subscribed' })
      deps.emit('newsletter:signedUp', { location: 'footer', lang: deps.lang, termsAccepted: input.accepted })
      return true
    }
    const reason = r.error.class === '4xx' ? 'invalid' : r.error.status ? 'server' : 'network'
    deps.log('NEWSLETTER_SIGNUP_FAILED', `the newsletter sign-up failed: ${r.error.message}`, {
      httpError: r.error,
      logCategory: 'LOW',
    })
    deps.emit('newsletter:signupFailed', { location: 'footer', reason })
    state.next({ status: 'failed', reason, error: r.error })
    return false
  }

  return {
    state$: stateStream(state),
    subscribe(input) {
      const now = state.getValue().status
      if (now === 'sending' || now === 'subscribed') return Promise.resolve(false)
      if (newsletterProblems(input).length > 0) return Promise.resolve(false)
      return send(input).catch((error: unknown) => {
        deps.log('NEWSLETTER_SIGNUP_FAILED', `the newsletter sign-up threw: ${String(error)}`)
        state.next({ status: 'failed', reason: 'network' })
        return false
      })
    },
  }
}
