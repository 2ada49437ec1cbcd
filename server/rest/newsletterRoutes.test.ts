// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../contracts/cms'
import { NEWSLETTER_SIGNUP_PATH, NewsletterSignupResponseSchema } from '../../contracts/loyalty'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/**
 * POST kpcEmailSignup (header spec §7, the footer newsletter) over PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set (scripts/with-postgres.sh), where the concurrent repeats really race.
 */
let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const FORM = 'application/x-www-form-urlencoded'

const signup = (
  brand: string,
  body: string,
  opts: { type?: string; query?: string; headers?: Record<string, string> } = {},
) =>
  server.app.request(`/rest/v2/${brand}/${NEWSLETTER_SIGNUP_PATH}${opts.query ?? '?lang=en'}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? FORM, ...opts.headers },
    body,
  })

const rowsFor = async (email: string) =>
  (
    await server.db.query(
      'SELECT brand, email, lang, terms_accepted FROM newsletter_subscriptions WHERE email = $1 ORDER BY brand',
      [email],
    )
  ).rows

async function expectValidation(res: Response, field: RegExp) {
  expect(res.status).toBe(400)
  const error = v.parse(ApiErrorSchema, await res.json()).errors[0]!
  expect(error.type).toBe('ValidationError')
  expect(error.message).toMatch(field)
}

describe(`POST ${NEWSLETTER_SIGNUP_PATH} (footer newsletter)`, () => {
  it('form-encoded email and subscribe box: 200 subscribed, one row with the e-mail lower-cased', async () => {
    const res = await signup('cab2c', 'email=Ana%40Example.com&subscribe=true', { query: '?lang=fr' })
    expect(res.status).toBe(200)
    expect(v.parse(NewsletterSignupResponseSchema, await res.json())).toEqual({ status: 'subscribed' })
    expect(await rowsFor('ana@example.com')).toEqual([
      { brand: 'cab2c', email: 'ana@example.com', lang: 'fr', terms_accepted: true },
    ])
  })

  it('the same e-mail again: the same friendly answer and still one row (first language, terms kept)', async () => {
    await signup('usb2c', 'email=ben%40example.com')
    const again = await signup('usb2c', 'email=%20BEN%40example.com%20&subscribe=true', { query: '?lang=fr' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ status: 'subscribed' })
    const third = await signup('usb2c', 'email=ben%40example.com&subscribe=false')
    expect(await third.json()).toEqual({ status: 'subscribed' })
    expect(await rowsFor('ben@example.com')).toEqual([
      { brand: 'usb2c', email: 'ben@example.com', lang: 'en', terms_accepted: true },
    ])
  })

  it('one subscription per brand: the same e-mail on two brands is two', async () => {
    await signup('usb2c', 'email=cleo%40example.com')
    await signup('usafh', 'email=cleo%40example.com')
    expect((await rowsFor('cleo@example.com')).map((r) => r.brand)).toEqual(['usafh', 'usb2c'])
  })

  it('5 identical requests at once: all answered subscribed, one row stored', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const res = await signup('usb2c', 'email=race%40example.com&subscribe=true')
        return [res.status, await res.json()]
      }),
    )
    expect(answers).toEqual(Array.from({ length: 5 }, () => [200, { status: 'subscribed' }]))
    expect(await rowsFor('race@example.com')).toHaveLength(1)
  })

  it('reads JSON too, and lang defaults to en', async () => {
    const res = await signup('usb2c', JSON.stringify({ email: 'dee@example.com' }), {
      type: 'application/json',
      query: '',
    })
    expect(res.status).toBe(200)
    expect(await rowsFor('dee@example.com')).toEqual([
      { brand: 'usb2c', email: 'dee@example.com', lang: 'en', terms_accepted: false },
    ])
  })

  it.each([
    ['email=', /'email' has the wrong format/],
    ['subscribe=true', /'email' is missing/],
    ['email=ana%40example', /'email' has the wrong format/],
    ['email=ana%40example.c', /'email' has the wrong format/],
    ['email=ana%40example.c0m', /'email' has the wrong format/],
    ['email=an%20a%40example.com', /'email' has the wrong format/],
    ['email=ana%40%40example.com', /'email' has the wrong format/],
  ])('400 ValidationError for an e-mail outside the header spec §5 pattern: %s', async (body, message) => {
    await expectValidation(await signup('usb2c', body), message)
  })

  it('400 for a language other than en or fr, and for an unknown brand', async () => {
    await expectValidation(await signup('usb2c', 'email=eve%40example.com', { query: '?lang=de' }), /'lang'/)
    await expectValidation(await signup('xx', 'email=eve%40example.com'), /brand/)
    expect(await rowsFor('eve@example.com')).toEqual([])
  })

  it('answers the x-test-fault status after the x-test-delay, and stores nothing', async () => {
    const started = performance.now()
    const res = await signup('usb2c', 'email=faye%40example.com', {
      headers: { 'x-test-fault': '500', 'x-test-delay': '200' },
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
    expect(res.status).toBe(500)
    expect(await rowsFor('faye@example.com')).toEqual([])
  })
})
