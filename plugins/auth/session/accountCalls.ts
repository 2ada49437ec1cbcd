import * as v from 'valibot'
import {
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  type LoginRequest,
  LoginRequestSchema,
  type SignupRequest,
  SignupRequestSchema,
  type TokenResponse,
  TokenResponseSchema,
} from '../../../contracts/auth'
import type { HttpClient } from '../../../kernel/http/createHttpClient'
import type { HttpError } from '../../../kernel/http/httpError'
import { type AuthFailure, authFailure, invalidInput } from './authResults'

/** A BFF answer: the tokens (and what was sent), or the failure to show and the error to log. */
export type CallOutcome<T> = { ok: true; data: T } | { ok: false; failure: AuthFailure; error?: HttpError }

/** The auth back-end-for-frontend (header spec §7): login, sign-up and forgot password, brand and lang as headers. */
export function createAccountCalls(http: HttpClient, headers: () => { brand: string; lang: string }) {
  async function post<T>(
    path: string,
    body: unknown,
    schema: v.GenericSchema<unknown, T>,
  ): Promise<CallOutcome<T>> {
    const r = await http.request({ method: 'POST', path, body, headers: headers(), schema })
    return r.ok ? { ok: true, data: r.data } : { ok: false, failure: authFailure(r.error), error: r.error }
  }
  return {
    async login(input: LoginRequest): Promise<CallOutcome<{ tokens: TokenResponse; rememberMe: boolean }>> {
      const parsed = v.safeParse(LoginRequestSchema, input)
      if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) }
      const r = await post('/api/auth/login', parsed.output, TokenResponseSchema)
      return r.ok ? { ok: true, data: { tokens: r.data, rememberMe: parsed.output.rememberMe } } : r
    },
    async signup(input: SignupRequest): Promise<CallOutcome<{ tokens: TokenResponse; firstName: string }>> {
      const parsed = v.safeParse(SignupRequestSchema, input)
      if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) }
      const r = await post('/api/auth/signup', parsed.output, TokenResponseSchema)
      return r.ok ? { ok: true, data: { tokens: r.data, firstName: parsed.output.firstName } } : r
    },
    async forgotPassword(email: string): Promise<CallOutcome<{ sent: boolean }>> {
      const parsed = v.safeParse(ForgotPasswordRequestSchema, { email })
      if (!parsed.success) return { ok: false, failure: invalidInput(parsed.issues) }
      return post('/api/auth/forgotPassword', parsed.output, ForgotPasswordResponseSchema)
    },
  }
}
