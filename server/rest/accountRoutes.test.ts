// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdTypeSchema,
  CartSchema,
  CustomerDetailsSchema,
  CustomerServiceUserSchema,
  GenerateCartItemSchema,
  NoboSessionSchema,
  SessionCartGuidSchema,
  TokenResponseSchema,
} from '../../contracts/auth'
import { ApiErrorSchema } from '../../contracts/cms'
import { CardNoticeSchema } from '../../contracts/siteNotifications'
import { TealiumTagsSchema } from '../../contracts/tealiumTags'
import type { Brand } from '../../site/brand'
import { tealiumTagsOf } from '../auth/account/customerRoutes'
import { type AccountTestApp, createAccountTestApp } from '../auth/testing/accountTestApp'
import { SERVER_BRANDS } from '../brands'
import { SEED_AGENT, SEED_CUSTOMER, SEED_CUSTOMER_TAGS } from '../fixtures/accounts'

let t: AccountTestApp
beforeAll(async () => {
  t = await createAccountTestApp()
}, 60_000)
afterAll(() => t.close())

type Headers = Record<string, string>
async function get<S extends v.GenericSchema>(path: string, schema: S, headers: Headers = {}, status = 200) {
  const res = await t.request('GET', path, { headers })
  expect(res.status, path).toBe(status)
  return v.parse(schema, await res.json())
}
async function post<S extends v.GenericSchema>(
  path: string,
  json: unknown,
  schema: S,
  headers: Headers = {},
  status = 200,
) {
  const res = await t.request('POST', path, { json, headers })
  expect(res.status, path).toBe(status)
  return v.parse(schema, await res.json())
}
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` })
async function signIn(
  brand = 'usb2c',
  who: { email: string; password: string } = SEED_CUSTOMER,
  ttl?: string,
) {
  const headers: Headers = { brand, ...(ttl ? { 'x-test-token-ttl': ttl } : {}) }
  return post('/api/auth/login', who, TokenResponseSchema, headers)
}
/** The response as the store sends it (header spec §3): the header's schema and the two fields it does not read. */
const CustomerDetailsResponseSchema = v.object({
  ...CustomerDetailsSchema.entries,
  perksOptInSuccess: v.boolean(),
  connectedBrewer: v.picklist(['true', 'false']),
})
const details = (path: string, headers: Headers = {}) => get(path, CustomerDetailsResponseSchema, headers)
const apiError = async (res: Response) => v.parse(ApiErrorSchema, await res.json()).errors[0]!

describe('getCustomerDetails', () => {
  it('anonymous: not logged in, echoing the price-group and perks walk-up headers', async () => {
    const body = await details('/rest/v2/usb2c/users/anonymous/getCustomerDetails?lang=en', {
      pricegroup: 'PG-RETAIL',
      perkswalkupgroup: 'walkup1',
    })
    expect(body).toMatchObject({ isLoggedIn: false, firstName: '', cartCount: 0 })
    expect(body.customerCookies.entry).toEqual([
      { key: 'priceGroup', value: 'PG-RETAIL' },
      { key: 'perksWalkupUser', value: 'walkup1' },
    ])
    const odd = await details('/rest/v2/usb2c/users/anonymous/getCustomerDetails', { pricegroup: 'a;b=c' })
    expect(odd.customerCookies.entry).toEqual([])
  })

  it('current: the signed-in customer with perks, cashback and cart count', async () => {
    const { access_token } = await signIn()
    const body = await details('/rest/v2/usb2c/users/current/getCustomerDetails?lang=en&isADUser=true', {
      ...bearer(access_token),
      pricegroup: 'PG-HEADER',
    })
    expect(body).toMatchObject({
      isLoggedIn: true,
      firstName: 'Jamie',
      customerID: '8000000101',
      perksOptIn: true,
      loyaltyProgramOptIn: true,
      loyaltyCashbackBalance: { formattedValue: '$4.50', value: 4.5 },
      cartCount: 3,
      connectedBrewer: 'true',
      isADUser: true,
      isBrewcoEmployee: false,
    })
    expect(body.customerCookies.entry).toEqual([
      { key: 'priceGroup', value: 'PG-HEADER' },
      { key: 'userGroup', value: 'customergroup' },
    ])
    const byId = await details('/rest/v2/usb2c/users/8000000101/getCustomerDetails', bearer(access_token))
    expect(byId.customerID).toBe('8000000101')
  })

  it('formats the Canadian cashback in French, and keeps a customer price group over the header', async () => {
    const ca = await signIn('cab2c')
    const fr = await details(
      '/rest/v2/cab2c/users/current/getCustomerDetails?lang=fr',
      bearer(ca.access_token),
    )
    expect(fr.firstName).toBe('Émilie')
    expect(fr.loyaltyCashbackBalance?.formattedValue.replace(/\s/g, ' ')).toBe('4,50 $')
    const afh = await signIn('usafh')
    const body = await details('/rest/v2/usafh/users/current/getCustomerDetails', {
      ...bearer(afh.access_token),
      pricegroup: 'PG-HEADER',
    })
    expect(body.customerCookies.entry).toContainEqual({ key: 'priceGroup', value: 'AFH-OFFICE' })
  })

  it('403 for another customer, 401 without, with an expired or another brand’s token', async () => {
    const { access_token } = await signIn('usb2c', SEED_CUSTOMER, 'access=5,refresh=250')
    const other = await t.request('GET', '/rest/v2/usb2c/users/8100000101/getCustomerDetails', {
      headers: bearer(access_token),
    })
    expect(other.status).toBe(403)
    expect((await apiError(other)).type).toBe('ForbiddenError')
    const none = await t.request('GET', '/rest/v2/usb2c/users/current/getCustomerDetails')
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    const brand = await t.request('GET', '/rest/v2/cab2c/users/current/getCustomerDetails', {
      headers: bearer(access_token),
    })
    expect(brand.status).toBe(401)
    t.advance(6)
    const expired = await t.request('GET', '/rest/v2/usb2c/users/current/getCustomerDetails', {
      headers: bearer(access_token),
    })
    expect(expired.status).toBe(401)
    expect((await apiError(expired)).message).toMatch(/expired or not valid: refresh it/)
  })

  it('getAdType answers the customer’s auto-delivery type', async () => {
    const { access_token } = await signIn()
    expect(await get('/rest/v2/usb2c/users/current/getAdType', AdTypeSchema, bearer(access_token))).toEqual({
      adType: 'ADF',
    })
    const afh = await signIn('usafh')
    expect(
      await get('/rest/v2/usafh/users/8200000101/getAdType', AdTypeSchema, bearer(afh.access_token)),
    ).toEqual({
      adType: 'NONE',
    })
  })
})

describe('getSiteNotifications (card expiration)', () => {
  const notices = v.object({ notifications: v.array(CardNoticeSchema) })
  it('a customer whose saved card ends this month hears of it; one whose cards last does not', async () => {
    const { access_token } = await signIn()
    const now = new Date()
    expect(
      await post('/rest/v2/usb2c/users/current/getSiteNotifications', {}, notices, bearer(access_token)),
    ).toEqual({
      notifications: [
        {
          code: 'CARD_EXPIRING',
          cardType: 'Visa',
          last4: '4242',
          expiryMonth: now.getUTCMonth() + 1,
          expiryYear: now.getUTCFullYear(),
        },
      ],
    })
    const afh = await signIn('usafh')
    expect(
      await post('/rest/v2/usafh/users/current/getSiteNotifications', {}, notices, bearer(afh.access_token)),
    ).toEqual({ notifications: [] })
  })

  it('needs the bearer token of that customer', async () => {
    const res = await t.request('POST', '/rest/v2/usb2c/users/current/getSiteNotifications', { json: {} })
    expect(res.status).toBe(401)
    const { access_token } = await signIn()
    const other = await t.request('POST', '/rest/v2/usb2c/users/8000000999/getSiteNotifications', {
      json: {},
      headers: bearer(access_token),
    })
    expect(other.status).toBe(403)
  })

  it("the store page reserves the site-notice row for a signed-in shopper with notices (the header's cookie)", async () => {
    const page = (brand: Brand, cookie?: string) =>
      t
        .request('GET', '/c/coffee', {
          headers: { host: `${SERVER_BRANDS[brand].devHost}:4200`, ...(cookie ? { cookie } : {}) },
        })
        .then((r) => r.text())
    const { access_token } = await signIn()
    expect(await page('usb2c', `access_token=${access_token}`)).toContain(
      'data-rows="eyebrow notification sitenotice promo"',
    )
    expect(await page('usb2c')).toContain('data-rows="eyebrow notification promo"')
    expect(await page('usb2c', 'access_token=not-a-token')).toContain(
      'data-rows="eyebrow notification promo"',
    )
    // A token of another brand is not this brand's shopper.
    expect(await page('cab2c', `access_token=${access_token}`)).not.toContain('sitenotice')
    // A returning shopper whose access token ran out still has a live refresh token: the row is reserved.
    const { refresh_token } = await signIn()
    expect(await page('usb2c', `access_token=expired; refresh_token=${refresh_token}`)).toContain(
      'data-rows="eyebrow notification sitenotice promo"',
    )
    expect(await page('usb2c', 'refresh_token=made-up')).not.toContain('sitenotice')
    expect(await page('cab2c', `refresh_token=${refresh_token}`)).not.toContain('sitenotice')
    // …and reading the page did not spend it.
    const rotated = await t.request('POST', '/api/auth/refreshToken', {
      json: { refreshToken: refresh_token, clientId: SERVER_BRANDS.usb2c.auth.clientId },
      headers: { brand: 'usb2c' },
    })
    expect(rotated.status).toBe(200)
  })
})

describe('carts', () => {
  it('an anonymous session cart: same guid per SESSION, adding changes the cart count', async () => {
    const res = await t.request('GET', '/rest/v2/usb2c/getSessionCartGuid')
    expect(res.headers.get('set-cookie')).toMatch(/^SESSION=[\w-]+; Path=\/; SameSite=Lax$/)
    const session = res.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!
    const { sessioncartguid: guid } = v.parse(SessionCartGuidSchema, await res.json())
    expect(
      await get('/rest/v2/usb2c/getSessionCartGuid', SessionCartGuidSchema, { 'x-session': session }),
    ).toEqual({
      sessioncartguid: guid,
    })
    expect(
      await get('/rest/v2/usb2c/getSessionCartGuid', SessionCartGuidSchema, { cookie: `SESSION=${session}` }),
    ).toEqual({ sessioncartguid: guid })
    const cart = await post(
      `/rest/v2/usb2c/users/anonymous/carts/${guid}/entries`,
      { productCode: '5000-0111-0001-02', quantity: 2 },
      CartSchema,
    )
    expect(cart).toEqual({
      guid,
      totalUnitCount: 2,
      entries: [{ productCode: '5000-0111-0001-02', quantity: 2, entryNumber: 0 }],
    })
    await post(
      `/rest/v2/usb2c/users/anonymous/carts/${guid}/entries`,
      { productCode: '5000-0111-0001-02' },
      CartSchema,
    )
    expect(await get(`/rest/v2/usb2c/users/anonymous/carts?guid=${guid}`, CartSchema)).toMatchObject({
      totalUnitCount: 3,
    })
    const anon = await details(`/rest/v2/usb2c/users/anonymous/getCustomerDetails?cartGuid=${guid}`)
    expect(anon.cartCount).toBe(3)
    // Another brand's or a customer's cart is not reachable by guid.
    expect(
      (await details(`/rest/v2/cab2c/users/anonymous/getCustomerDetails?cartGuid=${guid}`)).cartCount,
    ).toBe(0)
  })

  it("the customer's cart: read, add, and the customer data count follows", async () => {
    const { access_token } = await signIn('cab2c')
    const auth = bearer(access_token)
    const before = await get('/rest/v2/cab2c/users/current/carts/current', CartSchema, auth)
    expect(before.totalUnitCount).toBe(3)
    const form = new URLSearchParams({ productCode: '5100-0111-0001-03', quantity: '2' })
    const res = await t.request('POST', '/rest/v2/cab2c/users/current/carts/current/entries', {
      body: form,
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(200)
    expect(v.parse(CartSchema, await res.json()).totalUnitCount).toBe(5)
    const body = await details('/rest/v2/cab2c/users/current/getCustomerDetails', auth)
    expect(body.cartCount).toBe(5)
    const anonymousGuid = await t.request('GET', `/rest/v2/cab2c/users/anonymous/carts?guid=${before.guid}`)
    expect(anonymousGuid.status).toBe(404)
  })

  it.each([
    [{ productCode: 'NOPE-1' }, /No product 'NOPE-1' in the usb2c catalogue/],
    [{ productCode: '5000-0111-0001-01', quantity: 0 }, /'quantity' must be at least 1/],
    [{ productCode: '5000-0111-0001-01', quantity: 1.5 }, /'quantity' must be a whole number/],
    [{ quantity: 1 }, /'productCode' is missing/],
    [[1], /must be a JSON object/],
  ])('refuses the entry %j with 400', async (json, message) => {
    const { access_token } = await signIn()
    const res = await t.request('POST', '/rest/v2/usb2c/users/current/carts/current/entries', {
      json,
      headers: bearer(access_token),
    })
    expect(res.status).toBe(400)
    const error = await apiError(res)
    expect(error.type).toBe('ValidationError')
    expect(error.message).toMatch(message)
  })

  it('404 for an unknown anonymous cart, 401 for the current cart without a token', async () => {
    expect((await t.request('GET', '/rest/v2/usb2c/users/anonymous/carts?guid=nope')).status).toBe(404)
    expect((await t.request('GET', '/rest/v2/usb2c/users/anonymous/carts')).status).toBe(400)
    expect((await t.request('GET', '/rest/v2/usb2c/users/current/carts/current')).status).toBe(401)
  })
})

describe('getTealiumTags (the customer fields for the tag manager)', () => {
  it('a signed-in customer’s tags: id, group, price group, loyalty and auto delivery, nothing personal', async () => {
    const { access_token } = await signIn()
    expect(await post('/rest/v2/usb2c/getTealiumTags', {}, TealiumTagsSchema, bearer(access_token))).toEqual(
      SEED_CUSTOMER_TAGS,
    )
  })

  it('needs a customer’s bearer token: 401 without, 403 for an agent acting for a customer', async () => {
    expect((await t.request('POST', '/rest/v2/usb2c/getTealiumTags', { json: {} })).status).toBe(401)
    const bad = await t.request('POST', '/rest/v2/usb2c/getTealiumTags', {
      json: {},
      headers: bearer('x.y.z'),
    })
    expect(bad.status).toBe(401)
    const own = await signIn('usb2c', SEED_AGENT)
    const res = await t.request('GET', '/rest/v2/usb2c/extractNoboToken?customerId=8000000101', {
      headers: bearer(own.access_token),
    })
    const nobo = v.parse(TokenResponseSchema, await res.json())
    const agent = await t.request('POST', '/rest/v2/usb2c/getTealiumTags', {
      json: {},
      headers: { ...bearer(nobo.access_token), customerId: '8000000101', csAgentId: 'CSA1001' },
    })
    expect(agent.status).toBe(403)
  })

  it('an excluded customer is never a member, whatever the opt-in says', () => {
    const profile = {
      userId: 'u',
      firstName: 'A',
      customerId: 'c',
      priceGroup: 'PG1',
      userGroup: null,
      perksOptIn: true,
      loyaltyProgramOptIn: true,
      loyaltyExcluded: true,
      loyaltyCashbackCents: 0,
      superWelcome: false,
      connectedBrewer: false,
      adType: 'NONE',
      isEmployee: false,
    }
    expect(tealiumTagsOf(profile)).toMatchObject({
      customer_loyalty: 'excluded',
      customer_price_group: 'PG1',
      customer_group: '',
    })
    expect(tealiumTagsOf({ ...profile, loyaltyExcluded: false, perksOptIn: false }).customer_loyalty).toBe(
      'not member',
    )
  })
})

describe('agent (nobo) sessions', () => {
  const agentHeaders = (token: string, customerId: string, csAgentId: string) => ({
    ...bearer(token),
    customerId,
    csAgentId,
  })

  it('an agent signs in, takes a nobo token for a customer and reads their data', async () => {
    const own = await signIn('usb2c', SEED_AGENT)
    expect(own.nobo).toBe(false)
    const res = await t.request('GET', '/rest/v2/usb2c/extractNoboToken?customerId=8000000101', {
      headers: { ...bearer(own.access_token), 'x-test-token-ttl': 'refresh=300' },
    })
    expect(res.status).toBe(200)
    const raw = await res.json()
    expect(raw).toMatchObject({
      nobo: true,
      customerId: '8000000101',
      csAgentId: 'CSA1001',
      refresh_expires_in: 300,
    })
    const nobo = v.parse(TokenResponseSchema, raw)
    const session = await get('/api/auth/nobo', NoboSessionSchema, bearer(nobo.access_token))
    expect(session).toEqual({ isNoboUser: true, customerId: '8000000101', csAgentId: 'CSA1001' })
    const body = await details(
      '/rest/v2/usb2c/users/8000000101/getCustomerDetails',
      agentHeaders(nobo.access_token, '8000000101', 'CSA1001'),
    )
    expect(body).toMatchObject({ isLoggedIn: true, firstName: 'Jamie', customerID: '8000000101' })
    const without = await t.request('GET', '/rest/v2/usb2c/users/8000000101/getCustomerDetails', {
      headers: bearer(nobo.access_token),
    })
    expect(without.status).toBe(403)
    const wrong = await t.request('GET', '/rest/v2/usb2c/users/current/getCustomerDetails', {
      headers: agentHeaders(nobo.access_token, '8000000101', 'CSA9999'),
    })
    expect(wrong.status).toBe(403)
    const rotated = await post(
      '/api/auth/refreshToken',
      { refreshToken: nobo.refresh_token },
      TokenResponseSchema,
    )
    expect(rotated).toMatchObject({ nobo: true, refresh_expires_in: 300 })
  })

  it('customer-service-user data: the agent behind an agent token; refused for customers and without a token', async () => {
    const tokens = await post(
      '/api/auth/nobo/login',
      { ...SEED_AGENT, customerId: '8100000101' },
      TokenResponseSchema,
      { brand: 'cab2c' },
    )
    expect(
      await get('/rest/v2/cab2c/customerServiceUser', CustomerServiceUserSchema, bearer(tokens.access_token)),
    ).toEqual({ csAgentId: 'CSA2001', firstName: 'Alex', lastName: 'Morgan' })
    const customer = await signIn('cab2c')
    const refused = await t.request('GET', '/rest/v2/cab2c/customerServiceUser', {
      headers: bearer(customer.access_token),
    })
    expect(refused.status).toBe(403)
    expect((await t.request('GET', '/rest/v2/cab2c/customerServiceUser')).status).toBe(401)
    // An agent token of one brand is nobody on another.
    const other = await t.request('GET', '/rest/v2/usb2c/customerServiceUser', {
      headers: bearer(tokens.access_token),
    })
    expect(other.status).toBe(401)
  })

  it('POST /api/auth/nobo/login does it in one step, for agents only', async () => {
    const tokens = await post(
      '/api/auth/nobo/login',
      { ...SEED_AGENT, customerId: '8100000101' },
      TokenResponseSchema,
      { brand: 'cab2c' },
    )
    expect(tokens).toMatchObject({ nobo: true, refresh_expires_in: 900 })
    const session = await get('/api/auth/nobo', NoboSessionSchema, bearer(tokens.access_token))
    expect(session).toEqual({ isNoboUser: true, customerId: '8100000101', csAgentId: 'CSA2001' })
    const customer = await t.request('POST', '/api/auth/nobo/login', {
      json: { ...SEED_CUSTOMER, customerId: '8000000101' },
    })
    expect(customer.status).toBe(403)
    const unknown = await t.request('POST', '/api/auth/nobo/login', {
      json: { ...SEED_AGENT, customerId: '1' },
    })
    expect(unknown.status).toBe(400)
  })

  it('extractNoboToken refuses customers, agent sessions, unknown customers and missing ids', async () => {
    const customer = await signIn()
    const asCustomer = await t.request('GET', '/rest/v2/usb2c/extractNoboToken?customerId=8000000101', {
      headers: bearer(customer.access_token),
    })
    expect(asCustomer.status).toBe(403)
    const agent = await signIn('usb2c', SEED_AGENT)
    const unknown = await t.request('GET', '/rest/v2/usb2c/extractNoboToken?customerId=CSA1001', {
      headers: bearer(agent.access_token),
    })
    expect(unknown.status).toBe(404)
    const missing = await t.request('GET', '/rest/v2/usb2c/extractNoboToken', {
      headers: bearer(agent.access_token),
    })
    expect(missing.status).toBe(400)
    expect((await t.request('GET', '/rest/v2/usb2c/extractNoboToken?customerId=8000000101')).status).toBe(401)
  })
})

describe('other account calls', () => {
  it('handleLoggedInUserCookies is 204 on cab2c and 404 elsewhere', async () => {
    expect((await t.request('GET', '/rest/v2/cab2c/handleLoggedInUserCookies')).status).toBe(204)
    expect((await t.request('GET', '/rest/v2/usb2c/handleLoggedInUserCookies')).status).toBe(404)
  })

  it('generate-cart-item makes a stored recipe set, with or without a product', async () => {
    const empty = await t.request('POST', '/rest/v2/usb2c/generate-cart-item')
    expect(empty.status).toBe(200)
    const { recipeSetId } = v.parse(GenerateCartItemSchema, await empty.json())
    const withProduct = await post(
      '/rest/v2/usb2c/generate-cart-item',
      { productCode: '5000-0111-0001-01' },
      GenerateCartItemSchema,
    )
    expect(withProduct.recipeSetId).not.toBe(recipeSetId)
    const { rows } = await t.db.query('SELECT id FROM recipe_sets WHERE id = ANY($1::text[])', [
      [recipeSetId, withProduct.recipeSetId],
    ])
    expect(rows).toHaveLength(2)
    const bad = await t.request('POST', '/rest/v2/usb2c/generate-cart-item', { json: { productCode: 7 } })
    expect(bad.status).toBe(400)
    expect((await apiError(bad)).message).toMatch(/'productCode' must be string, not number/)
  })

  it('never answered 500', () => {
    expect(t.logs.filter((line) => / 5\d\d /.test(line) || line.startsWith('[server]'))).toEqual([])
  })
})
