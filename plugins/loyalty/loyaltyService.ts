import { BehaviorSubject, combineLatest, type Subscription } from 'rxjs'
import { AUTH_COOKIES, type CustomerDetails } from '../../contracts/auth'
import type { HttpError } from '../../contracts/httpError'
import {
  LOYALTY_DETAILS_PATH,
  type LoyaltyDetails,
  LoyaltyDetailsResponseSchema,
  PERKS_OPT_IN_PATH,
  PerksOptInResponseSchema,
} from '../../contracts/loyalty'
import type { Resource } from '../../contracts/resource'
import type { ShopperAccount, ShopperSession } from '../../contracts/serviceRefs'
import type { KernelEvents } from '../../kernel/bus/events'
import type { CookieWriter } from '../../kernel/config/cookieWriter'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { wrappedStatus } from '../../kernel/http/httpError'
import { onDemand } from '../../kernel/state/resource'
import { type StateStream, stateStream } from '../../kernel/state/stateStream'
import type { LoyaltyOrigin } from './events'
import type { LoyaltyLog } from './loyaltyLog'
import { type LoyaltyDisplay, loyaltyDisplay } from './rules/loyaltyDisplay'
import { rewardField } from './rules/rewardField'

/**
 * The opt-in's state: the form's button is disabled while `sending` (nothing twice). A failure is
 * kept with its error payload (header spec §8: "loyalty signup and perks opt-in failures are stored
 * as error payloads"); it stays until the shopper tries again.
 */
export type OptInState =
  | { status: 'idle' }
  | { status: 'sending' }
  /**
   * `refused`: the store answered 403, it will not enrol this account (a loyalty-excluded customer):
   * trying again cannot help, so the form says so instead of "try again".
   */
  | { status: 'failed'; error?: HttpError; refused?: boolean }
  | { status: 'done' }

/** The success flag of header spec §3 "perksOptInSuccess": stored on success, cleared once seen. */
export const OPT_IN_SUCCESS_COOKIE = 'perksOptInSuccess'

export interface LoyaltyService {
  /** What the loyalty display shows now (rules/loyaltyDisplay.ts). */
  readonly display$: StateStream<LoyaltyDisplay>
  /** A member's reward data (points and rewards); idle for everyone else. */
  readonly rewards$: StateStream<Resource<LoyaltyDetails>>
  readonly optIn$: StateStream<OptInState>
  /** The opt-in just succeeded (or did on the page before): the welcome shows until acknowledged. */
  readonly welcome$: StateStream<boolean>
  /**
   * The perks opt-in (header spec §4, §7 PUT updatePerksOptIn): one call, at most one at a time,
   * which the store answers having joined the loyalty programme too, in the same transaction (a
   * member is both, and never half of it); on success perksOptIn counts as true at once, the success
   * flag is stored, and reward data is fetched again. Resolves whether it succeeded; never rejects.
   */
  optIn(origin: LoyaltyOrigin): Promise<boolean>
  /** The welcome was seen: the success flag is cleared (header spec §4 "stored, then cleared"). */
  acknowledgeWelcome(): void
  dispose(): void
}

export interface LoyaltyServiceDeps {
  http: HttpClient
  /** The auth plugin's view of the shopper; without auth, everyone is a visitor. */
  account: ShopperAccount | undefined
  cookies: CookieWriter
  /** `loyalty.program.enabled` and `loyalty.global.toggle`, read when the service starts. */
  programmeOn: boolean
  excludedInfo: boolean
  pathname: string
  log: LoyaltyLog
  emit: <K extends keyof KernelEvents>(type: K, payload: KernelEvents[K]) => void
}

const VISITOR: ShopperSession = { status: 'anonymous' }
const IDLE_CUSTOMER: Resource<CustomerDetails> = { status: 'idle' }

/** The loyalty display's state and calls (header spec §3, §4, §7, §8). */
export function createLoyaltyService(deps: LoyaltyServiceDeps): LoyaltyService {
  const { http, account, cookies, log } = deps
  const session$ = account?.session$ ?? stateStream(new BehaviorSubject(VISITOR))
  const customer$ = account?.customer$ ?? stateStream(new BehaviorSubject(IDLE_CUSTOMER))
  const optedInHere = new BehaviorSubject(false)
  const optIn = new BehaviorSubject<OptInState>({ status: 'idle' })
  const welcome = new BehaviorSubject(deps.programmeOn && cookies.get(OPT_IN_SUCCESS_COOKIE) === 'true')
  const inputs = () => ({
    programmeOn: deps.programmeOn,
    session: session$.value(),
    customer: customer$.value(),
    optedInHere: optedInHere.getValue(),
    excludedInfo: deps.excludedInfo,
  })
  const display = new BehaviorSubject<LoyaltyDisplay>(loyaltyDisplay(inputs()))
  /** The store's success flag has been welcomed on this page (or this tab's opt-in was). */
  let storeWelcomeSeen = false

  const rewards = onDemand<LoyaltyDetails, string>(async (key) => {
    const [customerId = '', field = 'basic'] = key.split('|')
    const r = await http.request({
      path: LOYALTY_DETAILS_PATH,
      query: { customerId, field },
      bearer: true,
      refreshOn401: true,
      schema: LoyaltyDetailsResponseSchema,
    })
    if (r.ok) return { status: 'success', data: r.data.success.data }
    // Header spec §8: a reward failure is stored as its error and announced as "rewards point failed".
    log('REWARDS_POINT_FAILED', `could not fetch reward data: ${r.error.message}`, {
      httpError: r.error,
      logCategory: 'LOW',
    })
    deps.emit('loyalty:rewardsPointFailed', {
      ...(r.error.status === undefined ? {} : { status: r.error.status }),
      errorClass: r.error.class,
    })
    return { status: 'error', error: r.error }
  }, LOYALTY_DETAILS_PATH)

  /** A member's reward data, for the customer the session is about; nothing for anyone else. */
  function followRewards(now: LoyaltyDisplay, session: ShopperSession) {
    if (now.kind !== 'member' || session.status !== 'signedIn' || !session.customerId) {
      if (rewards.state$.value().status !== 'idle') rewards.reset()
      return
    }
    rewards.load(`${session.customerId}|${rewardField(deps.pathname, true)}`)
  }

  const subscription: Subscription = combineLatest([session$, customer$, optedInHere]).subscribe(() => {
    // Signed out: this tab's opt-in was the last shopper's (it calls back here with false).
    if (session$.value().status !== 'signedIn' && optedInHere.getValue()) return optedInHere.next(false)
    const next = loyaltyDisplay(inputs())
    if (JSON.stringify(next) !== JSON.stringify(display.getValue())) display.next(next)
    // The store's own success flag (customer data's perksOptInSuccess, header spec §3, §4): an opt-in
    // made elsewhere (the loyalty page, the sign-up) just succeeded. The member panel welcomes the
    // shopper as after an opt-in here, once per page view: a later read of customer data still
    // saying so (the store clears its flag on its own) does not bring back a welcome already seen.
    const data = customer$.value()
    if (
      !storeWelcomeSeen &&
      next.kind === 'member' &&
      data.status === 'success' &&
      data.data.perksOptInSuccess
    ) {
      storeWelcomeSeen = true
      if (!welcome.getValue()) welcome.next(true)
    }
    followRewards(next, session$.value())
  })

  async function sendOptIn(origin: LoyaltyOrigin): Promise<boolean> {
    const session = session$.value()
    if (session.status !== 'signedIn') return false
    optIn.next({ status: 'sending' })
    const agent = session.agent
    const r = await http.request({
      method: 'PUT',
      // An agent opts in the customer they act for, and says who they are (header spec §3, §6).
      path: PERKS_OPT_IN_PATH(agent ? session.customerId : 'current'),
      body: { perksOptIn: true, ...(agent ? { csAgentId: agent.csAgentId } : {}) },
      bearer: true,
      refreshOn401: true,
      // The form's message depends on the status (header spec §8's wrapped error).
      wrapError: true,
      schema: PerksOptInResponseSchema,
    })
    if (!r.ok) {
      // Nothing was stored (one transaction): still no member, and the form says it failed.
      log('PERKS_OPT_IN_FAILED', `the perks opt-in failed: ${r.error.message}`, { httpError: r.error })
      const refused = wrappedStatus(r.error.payload) === 403
      optIn.next({ status: 'failed', error: r.error, ...(refused ? { refused } : {}) })
      // Refused: customer data is read again, so the display becomes what it says (excluded).
      if (refused) void account?.reloadCustomer()
      return false
    }
    cookies.set(OPT_IN_SUCCESS_COOKIE, 'true')
    cookies.set(AUTH_COOKIES.isPerksOptIn, 'true')
    welcome.next(true)
    storeWelcomeSeen = true
    // perksOptIn counts as true now: the display becomes the member's, whose reward data is fetched
    // again (header spec §4; it was reset while the customer was no member), and customer data is read again.
    optedInHere.next(true)
    optIn.next({ status: 'done' })
    deps.emit('loyalty:optedIn', { origin, agent: agent !== null, alreadyOptedIn: r.data.alreadyOptedIn })
    void account?.reloadCustomer()
    return true
  }

  return {
    display$: stateStream(display),
    rewards$: rewards.state$,
    optIn$: stateStream(optIn),
    welcome$: stateStream(welcome),
    optIn(origin) {
      // A double click or a second form while one call is out sends nothing more.
      if (optIn.getValue().status === 'sending') return Promise.resolve(false)
      return sendOptIn(origin).catch((error: unknown) => {
        log('PERKS_OPT_IN_FAILED', `the perks opt-in threw: ${String(error)}`)
        optIn.next({ status: 'failed' })
        return false
      })
    },
    acknowledgeWelcome() {
      if (!welcome.getValue()) return
      cookies.remove(OPT_IN_SUCCESS_COOKIE)
      welcome.next(false)
    },
    dispose() {
      subscription.unsubscribe()
    },
  }
}
