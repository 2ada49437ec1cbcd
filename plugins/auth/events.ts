import type { AuthResult } from './authRefs'

/** How a signed-in session was made: the BFF password login, the identity provider, sign-up, or an agent. */
export type SignInSource = 'password' | 'idp' | 'signup' | 'agent'

/** A failed login or sign-up's code (the banner's choice, header spec §8; analytics login_failure / sign_up_failure). */
export type AuthFailureCode = Extract<AuthResult, { ok: false }>['code']

/** What the account layer tells the rest of the header (analytics turns these into login / sign_up tags). */
declare module '../../kernel/bus/events' {
  interface KernelEvents {
    /** The shopper is signed in: after a login, a sign-up, a redirect login's return or an agent start. */
    'auth:signedIn': { customerId: string; source: SignInSource }
    /** A login was refused or could not be made. */
    'auth:loginFailed': { code: AuthFailureCode }
    /** A sign-up was refused or could not be made. */
    'auth:signupFailed': { code: AuthFailureCode }
  }
}
