import { BehaviorSubject } from 'rxjs'
import type { CustomerDetails } from '../../../contracts/auth'
import type { Resource } from '../../../contracts/resource'
import type { ShopperAccount, ShopperSession } from '../../../contracts/serviceRefs'
import type { CookieWriter } from '../../../kernel/config/cookieWriter'
import type { HttpClient, HttpRequest } from '../../../kernel/http/createHttpClient'
import type { HttpResult } from '../../../kernel/http/httpError'
import { stateStream } from '../../../kernel/state/stateStream'

/** An HTTP client that records every request and answers with `answer` (after `gate`, when given). */
export function fakeHttp(answer: (req: HttpRequest<unknown>) => HttpResult<unknown>, gate?: Promise<void>) {
  const calls: HttpRequest<unknown>[] = []
  const http: HttpClient = {
    request: async <T>(req: HttpRequest<T>) => {
      calls.push(req as HttpRequest<unknown>)
      if (gate) await gate
      return answer(req as HttpRequest<unknown>) as HttpResult<T>
    },
  }
  return { http, calls }
}

export const ok = (data: unknown): HttpResult<unknown> => ({ ok: true, data, status: 200 })
export const failed = (status?: number): HttpResult<unknown> => ({
  ok: false,
  error: {
    class: status === undefined ? 'network' : status >= 500 ? '5xx' : '4xx',
    ...(status === undefined ? {} : { status }),
    payload: undefined,
    message: 'failed',
    method: 'GET',
    path: 'x',
    correlationId: 'request-id',
  },
})

/** An in-memory cookie jar that allows every cookie. */
export function fakeCookies(
  initial: Record<string, string> = {},
): CookieWriter & { jar: Record<string, string> } {
  const jar = { ...initial }
  return {
    jar,
    isAllowed: () => true,
    get: (name) => jar[name],
    set: (name, value) => {
      jar[name] = value
      return true
    },
    remove: (name) => {
      delete jar[name]
    },
  }
}

export const customer = (extra: Partial<CustomerDetails> = {}): CustomerDetails => ({
  isLoggedIn: true,
  firstName: 'Riley',
  customerID: '8000000203',
  perksOptIn: false,
  perksOptInSuccess: false,
  connectedBrewer: false,
  isLoyaltyExcludedCustomer: false,
  loyaltyProgramOptIn: false,
  cartCount: 0,
  isADUser: false,
  isBrewcoEmployee: false,
  customerCookies: { entry: [] },
  ...extra,
})

/** The auth plugin's shared view of a shopper, driven by the test. */
export function fakeAccount(session: ShopperSession, data?: CustomerDetails) {
  const session$ = new BehaviorSubject<ShopperSession>(session)
  const customer$ = new BehaviorSubject<Resource<CustomerDetails>>(
    data ? { status: 'success', data } : { status: 'idle' },
  )
  let reloads = 0
  const account: ShopperAccount = {
    session$: stateStream(session$),
    customer$: stateStream(customer$),
    reloadCustomer: async () => {
      reloads += 1
    },
  }
  return { account, session$, customer$, reloads: () => reloads }
}

export const SIGNED_IN: ShopperSession = { status: 'signedIn', customerId: '8000000203', agent: null }
export const AGENT: ShopperSession = {
  status: 'signedIn',
  customerId: '8000000203',
  agent: { csAgentId: 'CSA1001' },
}
