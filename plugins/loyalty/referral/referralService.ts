import { BehaviorSubject } from 'rxjs'
import {
  type ReferralRequest,
  ReferralResponseSchema,
  SUBMIT_REFERRAL_PATH,
} from '../../../contracts/loyalty'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { HttpError } from '../../../kernel/http/httpError'
import { type StateStream, stateStream } from '../../../kernel/state/stateStream'
import type { LoyaltyOrigin } from '../events'
import type { LoyaltyLog } from '../loyaltyLog'
import { isNewsletterEmail } from '../rules/newsletterRules'

/** The longest first name the server takes (contracts/loyalty.ts `ReferralRequestSchema`). */
export const REFERRAL_FIRST_NAME_MAX = 60

/** What a failed referral says (labels, EN and FR): the e-mail refused, the account excluded, or else. */
export type ReferralFailure =
  | 'loyalty.referral.error.email'
  | 'loyalty.referral.error.excluded'
  | 'loyalty.referral.error'

/**
 * A referral's sending state: the form's button is disabled while `sending` (nothing twice);
 * `failed` keeps the form (and what the shopper typed, which the form holds) with the label of what
 * went wrong; `done` says whether this friend was invited now or had been before.
 */
export type ReferralState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'failed'; message: ReferralFailure }
  | { status: 'done'; result: 'referred' | 'alreadyReferred' }

export interface ReferralInput {
  email: string
  /** Optional; left out of the request when blank. */
  firstName?: string
}

export interface ReferralService {
  readonly state$: StateStream<ReferralState>
  /**
   * POST users/current/submitReferral (header spec §7, bearer) for a signed-in member: at most one
   * call at a time (a second submit while one is out sends nothing); nothing is sent for an e-mail
   * the header spec §5 rule refuses. Resolves whether the friend is (now or already) referred; never rejects.
   */
  referFriend(input: ReferralInput, origin: LoyaltyOrigin): Promise<boolean>
}

export interface ReferralDeps {
  http: HttpClient
  log: LoyaltyLog
}

/** 400: the e-mail is not one, or is the customer's own; 403: the customer is loyalty-excluded. */
function failureOf(error: HttpError): ReferralFailure {
  if (error.status === 400) return 'loyalty.referral.error.email'
  if (error.status === 403) return 'loyalty.referral.error.excluded'
  return 'loyalty.referral.error'
}

/** A member refers a friend by e-mail (the referral payload is ours: docs/decisions/loyalty.md). */
export function createReferralService(deps: ReferralDeps): ReferralService {
  const state = new BehaviorSubject<ReferralState>({ status: 'idle' })

  const fail = (message: ReferralFailure, text: string, httpError?: HttpError) => {
    deps.log('REFERRAL_FAILED', text, httpError ? { httpError } : {})
    state.next({ status: 'failed', message })
    return false
  }

  async function send(body: ReferralRequest, origin: LoyaltyOrigin): Promise<boolean> {
    state.next({ status: 'sending' })
    const r = await deps.http.request({
      method: 'POST',
      path: SUBMIT_REFERRAL_PATH,
      body,
      bearer: true,
      refreshOn401: true,
      schema: ReferralResponseSchema,
    })
    if (!r.ok)
      return fail(failureOf(r.error), `the referral from the ${origin} failed: ${r.error.message}`, r.error)
    state.next({ status: 'done', result: r.data.status })
    return true
  }

  return {
    state$: stateStream(state),
    referFriend(input, origin) {
      if (state.getValue().status === 'sending') return Promise.resolve(false)
      const email = input.email.trim()
      const firstName = (input.firstName ?? '').trim()
      if (!isNewsletterEmail(email) || firstName.length > REFERRAL_FIRST_NAME_MAX)
        return Promise.resolve(false)
      return send(firstName ? { email, firstName } : { email }, origin).catch((error: unknown) =>
        fail('loyalty.referral.error', `the referral from the ${origin} threw: ${String(error)}`),
      )
    },
  }
}
