import { Hono } from 'hono'
import { SERVER_BRANDS } from '../../brands'
import { registerIdpRoutes } from '../idpRoutes'
import type { IdpOptions } from '../idpStores'
import { s256Challenge } from '../pkce'
import { createFakeAuth, type FakeAuth } from './fakeAuthServices'

export const ORIGIN = 'http://localhost:4200'
export const CLIENT_ID = SERVER_BRANDS.usb2c.auth.clientId
export const AUDIENCE = SERVER_BRANDS.usb2c.auth.audience
export const VERIFIER = 'v3r1f13r-0123456789-abcdefghijklmnopqrstuvwxyz'
export const EMAIL = 'ada@example.com'
export const PASSWORD = 'brew2coffee'

/** The query `Auth0Client.loginWithRedirect` sends, with overrides. */
export function authorizeQuery(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    audience: AUDIENCE,
    scope: 'openid profile email offline_access',
    redirect_uri: `${ORIGIN}/`,
    ui_locales: 'en',
    'ext-isSWU': 'false',
    'ext-existingperksuser': 'false',
    'ext-hasAutoDelivery': 'false',
    'ext-perkpage': 'false',
    response_type: 'code',
    response_mode: 'query',
    state: 'c3RhdGU',
    nonce: 'bm9uY2U',
    code_challenge: s256Challenge(VERIFIER),
    code_challenge_method: 'S256',
    auth0Client: 'eyJuYW1lIjoiYXV0aDAtc3BhLWpzIn0=',
    ...overrides,
  }
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v)
  return query.toString()
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/** A Hono app with only the identity provider, over fake accounts with one customer. */
export async function idpApp(opts: IdpOptions = {}): Promise<{ app: Hono; auth: FakeAuth }> {
  const auth = await createFakeAuth()
  await auth.addUser('usb2c', EMAIL, PASSWORD)
  const app = new Hono()
  registerIdpRoutes(app, auth, opts)
  return { app, auth }
}

/** Opens the login page and returns what a browser keeps: the form's tx and the browser cookie. */
export async function openLogin(app: Hono, query = authorizeQuery(), origin = ORIGIN) {
  const res = await app.request(`${origin}/authorize?${query}`)
  const html = await res.text()
  const tx = /name="tx" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  return { res, html, tx, cookie }
}

/** Posts the login (or sign-up) form as the same browser would. */
export function postForm(
  app: Hono,
  path: '/authorize/login' | '/authorize/signup',
  fields: Record<string, string>,
  cookie: string,
  origin = ORIGIN,
) {
  return app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin },
    body: form(fields),
  })
}

/** Logs in and returns the code from the redirect. */
export async function loginForCode(app: Hono, query = authorizeQuery()): Promise<string> {
  const { tx, cookie } = await openLogin(app, query)
  const res = await postForm(app, '/authorize/login', { tx, email: EMAIL, password: PASSWORD }, cookie)
  const location = res.headers.get('location')
  if (res.status !== 302 || !location) throw new Error(`login failed: ${res.status}`)
  return new URL(location).searchParams.get('code') ?? ''
}

export function exchange(app: Hono, fields: Record<string, string>, json = false) {
  const body = {
    grant_type: 'authorization_code',
    client_id: CLIENT_ID,
    redirect_uri: `${ORIGIN}/`,
    code_verifier: VERIFIER,
    ...fields,
  }
  return app.request(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : form(body),
  })
}
