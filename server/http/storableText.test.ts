// @vitest-environment node
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { isStorableText } from './storableText'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false, logError: () => {} })
})
afterAll(() => server.close())

/** Percent-encodes every UTF-16 unit as its (W)TF-8 bytes, so a lone surrogate goes out as sent. */
function percentEncode(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i) ?? 0
    if (code > 0xffff) i++
    if (/[A-Za-z0-9_.~-]/.test(String.fromCodePoint(code))) out += String.fromCodePoint(code)
    else {
      const bytes =
        code < 0x80
          ? [code]
          : code < 0x800
            ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
            : code < 0x10000
              ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
              : [
                  0xf0 | (code >> 18),
                  0x80 | ((code >> 12) & 63),
                  0x80 | ((code >> 6) & 63),
                  0x80 | (code & 63),
                ]
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
    }
  }
  return out
}

/** Every route the server registers, with each `:param` and `*` filled by `fill`. */
function routes(): { method: string; path: (fill: string) => string }[] {
  const seen = new Set<string>()
  return server.app.routes
    .filter(
      (r) => r.method !== 'ALL' && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`),
    )
    .map((r) => ({
      method: r.method,
      path: (fill: string) =>
        r.path
          .replace(/:brand/, 'usb2c')
          .replace(/:\w+/g, fill)
          .replace(/\*$/, `recipes/${fill}`),
    }))
}

/** Field names the routes read from bodies and queries, each given the same hostile text. */
const FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'customerId',
  'csAgentId',
  'refresh_token',
  'refreshToken',
  'grant_type',
  'code',
  'code_verifier',
  'client_id',
  'redirect_uri',
  'productCode',
  'quantity',
  'term',
  'text',
  'pageLabelOrId',
  'componentIds',
  'cartGuid',
  'lang',
  'returnTo',
  'state',
  'token',
]

async function send(method: string, path: string, text: string) {
  const query = FIELDS.map((f) => `${f}=${percentEncode(text)}`).join('&')
  const body =
    method === 'POST' ? JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, text]))) : undefined
  return server.app.request(`${path}?${query}`, {
    method,
    headers: { 'content-type': 'application/json', origin: 'http://localhost' },
    ...(body ? { body } : {}),
  })
}

it('tells storable text from text the database refuses', () => {
  expect(isStorableText('café ☕ 😀')).toBe(true)
  expect(isStorableText('a\u0000b')).toBe(false)
  expect(isStorableText('a\ud800b')).toBe(false)
  expect(isStorableText('\udc00')).toBe(false)
  expect(isStorableText('\ud83d\ude00')).toBe(true)
})

describe('a NUL where the database would see it: 400 with the usual JSON error, never 500', () => {
  const cases: [string, RequestInit?][] = [
    ['/rest/v2/usb2c/products/searchsuggestions?term=caf%00e&lang=en'],
    ['/rest/v2/usb2c/cms/pages?pageLabelOrId=one%00Header&lang=en'],
    ['/rest/v2/usb2c/cms/content-slots/Navigation%00BarSlot?lang=en'],
    ['/rest/v2/usb2c/cms/components?componentIds=A%00B&lang=en'],
    ['/rest/v2/usb2c/users/anonymous/getCustomerDetails?cartGuid=x%00y'],
    ['/rest/v2/usb2c/users/anonymous/carts/abc%00def'],
    ['/recipes/cold%00brew'],
    [
      '/api/auth/signup',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'new@brewco.example',
          password: 'Coffee1234',
          firstName: 'A\u0000',
          lastName: 'B',
        }),
      },
    ],
    [
      '/api/auth/nobo/login',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'agent@brewco.example', password: 'Agent1234', customerId: 'c\u0000' }),
      },
    ],
  ]
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400)
    // The REST routes' ApiErrorSchema, or the auth API's OAuth-style error: each route's usual shape.
    const body = (await res.json()) as {
      errors?: { type: string; message: string }[]
      error?: string
      error_description?: string
    }
    expect(body.errors?.[0]?.type ?? body.error).toMatch(/^(ValidationError|invalid_request)$/)
    expect(body.errors?.[0]?.message ?? body.error_description).toMatch(/NUL or a lone surrogate/)
  }
  it.each(cases)('%s', async (path, init) => {
    await refusal(await server.app.request(path, init))
  })
  it('a product code with a NUL, added to a real cart', async () => {
    const guid = (
      (await (await server.app.request('/rest/v2/usb2c/getSessionCartGuid')).json()) as {
        sessioncartguid: string
      }
    ).sessioncartguid
    await refusal(
      await server.app.request(`/rest/v2/usb2c/users/anonymous/carts/${guid}/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product: { code: 'K\u0000' }, quantity: 1 }),
      }),
    )
  })
})

it('answers every route below 500 whatever Unicode it is sent (NUL and lone surrogates included)', async () => {
  const all = routes()
  expect(all.length).toBeGreaterThan(30)
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u2028', '%', '../..', '😀'),
  )
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...all), hostile, hostile, async (route, inPath, inFields) => {
      const res = await send(route.method, route.path(percentEncode(inPath) || 'x'), inFields)
      expect(res.status, `${route.method} ${route.path(percentEncode(inPath))}`).toBeLessThan(500)
    }),
    { numRuns: 300 },
  )
  // And every route at least once with a NUL in every place.
  for (const route of all) {
    const res = await send(route.method, route.path('a%00b'), 'a\u0000b')
    expect(res.status, `${route.method} ${route.path('a%00b')}`).toBeLessThan(500)
  }
}, 120_000)
