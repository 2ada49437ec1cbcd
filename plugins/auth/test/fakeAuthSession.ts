/**
 * A fake AuthSession for component tests: state you set by hand, answers you choose, and a record of
 * every call. Login and sign-up succeed by default and sign the shopper in, as the real session does.
 */
import { BehaviorSubject } from 'rxjs'
import type { CustomerDetails, LoginRequest, SignupRequest } from '../../../contracts/auth'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import type { AuthResult, AuthSession, ExpiryWarning, SessionState } from '../authRefs'

type Answer<T> = T | Promise<T> | (() => T | Promise<T>)
const answer = async <T>(a: Answer<T>): Promise<T> =>
  typeof a === 'function' ? (a as () => T | Promise<T>)() : a

export interface FakeAuthSessionCalls {
  login: LoginRequest[]
  signup: SignupRequest[]
  forgotPassword: string[]
  loginWithRedirect: ({ screen?: 'login' | 'signup' } | undefined)[]
  staySignedIn: number
  logout: ({ referrer?: string } | undefined)[]
}

export interface FakeAuthSession extends AuthSession {
  readonly calls: FakeAuthSessionCalls
  /** What the next calls answer; a function or promise lets a test hold the answer back. */
  answers: {
    login: Answer<AuthResult>
    signup: Answer<AuthResult>
    forgotPassword: Answer<AuthResult>
    staySignedIn: Answer<boolean>
  }
  signIn(options?: {
    firstName?: string
    agent?: { csAgentId: string } | null
    sessionExpiresAt?: number
  }): void
  signOut(): void
  setExpiryWarning(warning: ExpiryWarning): void
  setCartCount(count: number): void
  setAdType(adType: string | null): void
}

export const FAKE_FIRST_NAME = 'Jamie'

export function createFakeAuthSession(
  initial: { signedIn?: boolean; firstName?: string; agent?: { csAgentId: string } | null } = {},
): FakeAuthSession {
  const signedIn = (
    firstName = FAKE_FIRST_NAME,
    agent: { csAgentId: string } | null = null,
    sessionExpiresAt = Date.now() + 1_800_000,
  ): SessionState => ({
    status: 'signedIn',
    firstName,
    customerId: 'customer-1',
    agent,
    sessionExpiresAt,
  })
  const state = new BehaviorSubject<SessionState>(
    initial.signedIn ? signedIn(initial.firstName, initial.agent ?? null) : { status: 'anonymous' },
  )
  const customer = new BehaviorSubject<Resource<CustomerDetails>>({ status: 'idle' })
  const cartCount = new BehaviorSubject(0)
  const adType = new BehaviorSubject<string | null>(null)
  const expiryWarning = new BehaviorSubject<ExpiryWarning>({ show: false })
  const calls: FakeAuthSessionCalls = {
    login: [],
    signup: [],
    forgotPassword: [],
    loginWithRedirect: [],
    staySignedIn: 0,
    logout: [],
  }
  const fake: FakeAuthSession = {
    state$: stateStream(state),
    customer$: stateStream(customer),
    cartCount$: stateStream(cartCount),
    adType$: stateStream(adType),
    expiryWarning$: stateStream(expiryWarning),
    calls,
    answers: {
      login: { ok: true },
      signup: { ok: true },
      forgotPassword: { ok: true },
      staySignedIn: true,
    },
    async login(input) {
      calls.login.push(input)
      const result = await answer(fake.answers.login)
      if (result.ok) state.next(signedIn(initial.firstName))
      return result
    },
    async signup(input) {
      calls.signup.push(input)
      const result = await answer(fake.answers.signup)
      if (result.ok) state.next(signedIn(input.firstName))
      return result
    },
    async forgotPassword(email) {
      calls.forgotPassword.push(email)
      return answer(fake.answers.forgotPassword)
    },
    async loginWithRedirect(options) {
      calls.loginWithRedirect.push(options)
    },
    async staySignedIn() {
      calls.staySignedIn += 1
      const ok = await answer(fake.answers.staySignedIn)
      expiryWarning.next({ show: false })
      if (!ok) state.next({ status: 'anonymous' })
      return ok
    },
    async logout(options) {
      calls.logout.push(options)
      expiryWarning.next({ show: false })
      state.next({ status: 'anonymous' })
    },
    signIn: (o = {}) => state.next(signedIn(o.firstName, o.agent ?? null, o.sessionExpiresAt)),
    signOut: () => state.next({ status: 'anonymous' }),
    setExpiryWarning: (w) => expiryWarning.next(w),
    setCartCount: (n) => cartCount.next(n),
    setAdType: (next) => adType.next(next),
  }
  return fake
}
