import { AUTH_STORAGE, type TokenResponse } from '../../../contracts/auth'
import type { AuthResult, AuthSession, IdentityTokens } from '../authRefs'
import type { SignInSource } from '../events'
import { createAccountCalls } from './accountCalls'
import type { AuthCore } from './authCore'
import type { AuthFailure } from './authResults'

export type SignInFlows = Pick<AuthSession, 'login' | 'signup' | 'forgotPassword' | 'loginWithRedirect'> & {
  /** On return from the identity provider (`code` and `state` in the address): signs in, cleans the address. */
  completeRedirectLogin(): Promise<boolean>
  /** Starts an agent session (extractNoboToken's answer): tokens stored, then validated (header spec §6). */
  startAgentSession(tokens: TokenResponse, customerId: string, csAgentId: string): Promise<boolean>
}

/**
 * Login, sign-up and password reset through the BFF, the identity provider's redirect login and an
 * agent's session for a customer (header spec §4, §6, §8): tokens stored, the login key set, other
 * tabs told, customer data read.
 */
export function createSignIn(core: AuthCore): SignInFlows {
  const { store, bus, context, log, pluginId } = core
  const calls = createAccountCalls(core.http, () => ({ brand: context.brand, lang: context.lang }))

  async function signedIn(tokens: TokenResponse, source: SignInSource, rememberMe?: boolean): Promise<void> {
    store.save(tokens, { source: source === 'idp' ? 'idp' : 'password', rememberMe })
    core.local.setItem(AUTH_STORAGE.loginKey, String(core.now()))
    core.sync.post({ type: 'refreshed' })
    core.state.recompute()
    core.state.recheck$.next()
    await core.customer.load()
    await core.customer.handleLoggedInUserCookies()
    const current = core.state.value()
    bus.emit(
      'auth:signedIn',
      { customerId: current.status === 'signedIn' ? current.customerId : '', source },
      pluginId,
    )
  }

  const refused = (event: 'auth:loginFailed' | 'auth:signupFailed', failure: AuthFailure): AuthResult => {
    // A wrong password is the shopper's mistake, not the store's: recorded, not alarmed.
    const expected = failure.code === 'invalid_credentials' || failure.code === 'email_taken'
    log(
      event === 'auth:loginFailed' ? 'LOGIN_FAILED' : 'SIGNUP_FAILED',
      `${failure.code}: ${failure.message}`,
      {
        logType: expected ? 'INFO' : 'ERROR',
        logCategory: 'LOW',
      },
    )
    bus.emit(event, { code: failure.code }, pluginId)
    return failure
  }

  const fromIdentity = (t: IdentityTokens): TokenResponse => ({
    access_token: t.accessToken,
    refresh_token: t.refreshToken,
    expires_in: t.expiresIn,
    refresh_expires_in: t.refreshExpiresIn,
    token_type: 'Bearer',
    nobo: false,
  })

  return {
    async login(input) {
      const r = await calls.login(input)
      if (!r.ok) return refused('auth:loginFailed', r.failure)
      await signedIn(r.data.tokens, 'password', r.data.rememberMe)
      return { ok: true }
    },
    async signup(input) {
      const r = await calls.signup(input)
      if (!r.ok) return refused('auth:signupFailed', r.failure)
      await signedIn(r.data.tokens, 'signup', false)
      return { ok: true }
    },
    async forgotPassword(email) {
      const r = await calls.forgotPassword(email)
      if (r.ok) return { ok: true }
      log('FORGOT_PASSWORD_FAILED', `${r.failure.code}: ${r.failure.message}`, { logCategory: 'LOW' })
      return r.failure
    },
    async loginWithRedirect(options = {}) {
      try {
        await core.identity.loginWithRedirect({
          lang: context.lang,
          ...(options.screen ? { screen: options.screen } : {}),
          returnTo: core.page.href(),
        })
      } catch (error) {
        log('REDIRECT_LOGIN_FAILED', `could not leave for the identity provider: ${String(error)}`, { error })
      }
    },
    async completeRedirectLogin() {
      let url: URL
      try {
        url = new URL(core.page.href())
      } catch {
        return false
      }
      if (!url.searchParams.has('code') || !url.searchParams.has('state')) return false
      // The one-time code must not stay in the address (or in a bookmark, or a shared link); a page
      // whose own `code` and `state` the provider does not know keeps them.
      const cleanAddress = () => {
        url.searchParams.delete('code')
        url.searchParams.delete('state')
        core.page.replace(`${url.pathname}${url.search}${url.hash}`)
      }
      let tokens: Awaited<ReturnType<typeof core.identity.handleRedirectCallback>>
      try {
        tokens = await core.identity.handleRedirectCallback(url.toString())
      } catch (error) {
        cleanAddress()
        log('REDIRECT_LOGIN_FAILED', `the identity provider's answer could not be used: ${String(error)}`, {
          error,
        })
        return false
      }
      if (!tokens) return false
      cleanAddress()
      await signedIn(fromIdentity(tokens), 'idp')
      // Back to the page the shopper started the login from (a same-origin path, checked by the adapter).
      if (tokens.returnTo && tokens.returnTo !== `${url.pathname}${url.search}${url.hash}`)
        core.page.assign(tokens.returnTo)
      return true
    },
    async startAgentSession(tokens, customerId, csAgentId) {
      const acting = await core.agent.start(tokens, customerId, csAgentId)
      core.state.recompute()
      await core.customer.load()
      if (acting) bus.emit('auth:signedIn', { customerId: acting.customerId, source: 'agent' }, pluginId)
      return acting !== null
    },
  }
}
