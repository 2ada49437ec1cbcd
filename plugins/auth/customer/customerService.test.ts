import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES, type CustomerDetails } from '../../../contracts/auth'
import { createEventBus } from '../../../kernel/bus/createEventBus'
import type { HttpClient, HttpRequest } from '../../../kernel/http/createHttpClient'
import type { HttpResult } from '../../../kernel/http/httpError'
import { serverDown } from '../../../test/fakes/httpFailure'
import { memoryStorage } from '../tokens/storage'
import { memoryCookies } from '../tokens/testing'
import { CART_GUID_KEY, createCustomerService, type Viewer } from './customerService'

const ok = (data: unknown): HttpResult<unknown> => ({ ok: true, data, status: 200 })
const fail = (status: number): HttpResult<unknown> => ({
  ok: false,
  error: serverDown({ status, message: `answered ${status}`, correlationId: 'req-1' }),
})
const details = (extra: Partial<CustomerDetails> = {}) => ({ isLoggedIn: false, cartCount: 0, ...extra })

function setup(
  answer: (req: HttpRequest<unknown>) => HttpResult<unknown>,
  options: {
    viewer?: Viewer
    allowed?: readonly string[] | 'all'
    /** The auth option cab2c sets (host/brands/cab2c.ts). */
    loggedInUserCookies?: boolean
    cookies?: Record<string, string>
    /** Whether `answer` answers (and `calls` records) getAdType; otherwise it is 'NONE', unrecorded. */
    adType?: boolean
    /** The tab's session storage (a later page of the same tab shares it). */
    session?: ReturnType<typeof memoryStorage>
  } = {},
) {
  const calls: HttpRequest<unknown>[] = []
  const http = {
    // Decodes like the real client: the service only ever sees schema output.
    request: async (req: HttpRequest<unknown>) => {
      if (!options.adType && req.path.endsWith('/getAdType'))
        return { ok: true, data: { adType: 'NONE' }, status: 200 }
      calls.push(req)
      const r = await answer(req)
      return r.ok ? { ...r, data: v.parse(req.schema, r.data) } : r
    },
  } as unknown as HttpClient
  const cookies = memoryCookies(options.allowed ?? 'all')
  for (const [k, v] of Object.entries(options.cookies ?? {})) cookies.jar.set(k, v)
  const bus = createEventBus({ correlationId: () => 'cid', onFault: () => {} })
  const session = options.session ?? memoryStorage()
  const logged: string[] = []
  const service = createCustomerService({
    http,
    cookies: cookies.writer,
    lang: 'fr',
    loggedInUserCookies: options.loggedInUserCookies ?? false,
    siteConfig: () => ({ priceGroupCookieExpiryDays: 30, perksWalkupCookieExpiryDays: 10 }),
    session,
    viewer: () => options.viewer ?? { segment: 'anonymous', bearer: false },
    log: (type) => logged.push(type),
  })
  // As the auth manifest declares it: `updateCart` → cartChanged().
  bus.on('updateCart', () => service.cartChanged(), 'auth')
  return { service, calls, cookies, bus, session, logged }
}

/** Answers getAdType with `ad.adType` ('down' fails it) and everything else with customer data. */
const byPath =
  (ad: { adType?: string; NONE?: string }, extra: Partial<CustomerDetails> = {}) =>
  (req: HttpRequest<unknown>) =>
    req.path.endsWith('/getAdType')
      ? ad.adType === 'down'
        ? fail(503)
        : ok({ adType: ad.adType ?? ad.NONE ?? 'NONE' })
      : req.path === 'getSessionCartGuid'
        ? ok({ sessioncartguid: 'guid-1' })
        : ok(details(extra))

describe('customer service', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('anonymous: gets the session cart guid once, then customer data with cartGuid, lang, isADUser and price headers', async () => {
    const t = setup(
      (req) =>
        req.path === 'getSessionCartGuid' ? ok({ sessioncartguid: 'guid-1' }) : ok(details({ cartCount: 2 })),
      { cookies: { priceGroup: 'PG9', perksWalkupUser: 'walk-1' } },
    )
    expect(t.service.customer$.value()).toEqual({ status: 'idle' })
    await t.service.load()
    await t.service.load()
    expect(t.calls.map((c) => c.path)).toEqual([
      'getSessionCartGuid',
      'users/anonymous/getCustomerDetails',
      'users/anonymous/getCustomerDetails',
    ])
    expect(t.calls[1]).toMatchObject({
      query: { cartGuid: 'guid-1', lang: 'fr', isADUser: false },
      headers: { pricegroup: 'PG9', perkswalkupgroup: 'walk-1' },
      bearer: false,
    })
    expect(t.session.getItem(CART_GUID_KEY)).toBe('guid-1')
    expect(t.service.cartCount$.value()).toBe(2)
  })

  it('signed in: users/current with the bearer token; an agent asks for the customer it acts for', async () => {
    const a = setup(byPath({ NONE: 'ADF' }), { viewer: { segment: 'current', bearer: true }, adType: true })
    await a.service.load()
    expect(a.calls[1]).toMatchObject({
      path: 'users/current/getCustomerDetails',
      bearer: true,
      refreshOn401: true,
      query: { isADUser: true },
    })
    const b = setup(byPath({}), { viewer: { segment: 'cust 7', bearer: true }, adType: true })
    await b.service.load()
    expect(b.calls.map((c) => c.path)).toEqual([
      'users/cust%207/getAdType',
      'users/cust%207/getCustomerDetails',
    ])
  })

  it('header spec §6 AD user: getAdType (bearer) decides isADUser, once per signed-in viewer; a failure falls back to the token rule', async () => {
    const none = setup(byPath({ adType: 'NONE' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
    })
    await none.service.load()
    expect(none.calls[0]).toMatchObject({ path: 'users/current/getAdType', bearer: true, refreshOn401: true })
    expect(none.calls[1]?.query).toMatchObject({ isADUser: false })
    expect(none.service.adType$.value()).toBe('NONE')
    await none.service.load({ quiet: true }) // a cart refresh does not ask again
    expect(none.calls.map((c) => c.path)).toEqual([
      'users/current/getAdType',
      'users/current/getCustomerDetails',
      'users/current/getCustomerDetails',
    ])
    none.service.reset()
    expect(none.service.adType$.value()).toBeNull()

    const adf = setup(byPath({ adType: 'ADF' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
    })
    await adf.service.load()
    expect(adf.calls[1]?.query).toMatchObject({ isADUser: true })
    expect(adf.service.adType$.value()).toBe('ADF')

    const down = setup(byPath({ adType: 'down' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
    })
    await down.service.load()
    expect(down.calls[1]?.query).toMatchObject({ isADUser: true }) // "set when an access token exists"
    expect(down.service.adType$.value()).toBeNull()
    expect(down.logged).toContain('AD_TYPE_FAILED')
    await down.service.load({ quiet: true })
    expect(down.calls.filter((c) => c.path.endsWith('getAdType'))).toHaveLength(2) // asked again

    // The next page of the tab reads customer data at once: the type is kept for the session, per customer.
    const firstPage = setup(byPath({ adType: 'ADF' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
      cookies: { CustomerID: 'c-1' },
    })
    await firstPage.service.load()
    const nextPage = setup(byPath({ adType: 'ADF' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
      cookies: { CustomerID: 'c-1' },
      session: firstPage.session,
    })
    await nextPage.service.load()
    expect(nextPage.calls.map((c) => c.path)).toEqual(['users/current/getCustomerDetails'])
    expect(nextPage.calls[0]?.query).toMatchObject({ isADUser: true })
    const otherCustomer = setup(byPath({ adType: 'NONE' }), {
      viewer: { segment: 'current', bearer: true },
      adType: true,
      cookies: { CustomerID: 'c-2' },
      session: firstPage.session,
    })
    await otherCustomer.service.load()
    expect(otherCustomer.calls[0]?.path).toBe('users/current/getAdType')

    const visitor = setup(byPath({ adType: 'ADF' }), { adType: true })
    await visitor.service.load()
    expect(visitor.calls.some((c) => c.path.endsWith('getAdType'))).toBe(false)
  })

  it('writes the customer cookies the configuration allows, with their expiry, and no others', async () => {
    const t = setup(
      () =>
        ok(
          details({
            isLoggedIn: true,
            firstName: 'Zoë',
            customerID: 'c-1',
            cartCount: 3,
            isBrewcoEmployee: true,
            customerCookies: {
              entry: [
                { key: 'priceGroup', value: 'PG2' },
                { key: 'perksWalkupUser', value: 'W' },
                { key: 'userGroup', value: 'UG' },
                { key: 'tracker', value: 'x' },
              ],
            },
          }),
        ),
      {
        viewer: { segment: 'current', bearer: true },
        allowed: ['priceGroup', 'perksWalkupUser', 'customerFirstName', 'cartCount', 'isEmployee'],
      },
    )
    await t.service.load()
    expect(Object.fromEntries(t.cookies.jar)).toEqual({
      priceGroup: 'PG2',
      perksWalkupUser: 'W',
      customerFirstName: 'Zoë',
      cartCount: '3',
      isEmployee: 'true',
    })
    const days = (n: string) => t.cookies.writes.find((w) => w.name === n)?.options?.expiresDays
    expect([days('priceGroup'), days('perksWalkupUser')]).toEqual([30, 10])
    expect(t.cookies.writes.some((w) => w.op === 'refused')).toBe(false)
  })

  it('the cart count starts from the cartCount cookie, then follows customer data', async () => {
    const t = setup(() => ok(details({ cartCount: 5 })), {
      cookies: { [AUTH_COOKIES.cartCount]: '4' },
      viewer: { segment: 'current', bearer: true },
    })
    expect(t.service.cartCount$.value()).toBe(4)
    await t.service.load()
    expect(t.service.cartCount$.value()).toBe(5)
  })

  it('a failure is an error value and is logged', async () => {
    const t = setup(() => fail(503), { viewer: { segment: 'current', bearer: true } })
    const r = await t.service.load()
    expect(r.status).toBe('error')
    expect(t.service.customer$.value().status).toBe('error')
    expect(t.logged).toEqual(['CUSTOMER_DETAILS_FAILED'])
  })

  it('updateCart: several events within 3 s make one cart read (carts/current, bearer), 3000 ms after the first', async () => {
    let count = 1
    const t = setup(
      (req) =>
        req.path.endsWith('/carts/current')
          ? ok({ guid: 'c-1', totalUnitCount: count })
          : ok(details({ cartCount: count })),
      { viewer: { segment: 'current', bearer: true } },
    )
    await t.service.load()
    const states: string[] = []
    t.service.customer$.subscribe((r) => states.push(r.status))
    count = 3
    t.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(1000)
    t.bus.emit('updateCart', { reason: 'add' }, 'cart')
    await vi.advanceTimersByTimeAsync(1999)
    expect(t.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(t.calls).toHaveLength(2)
    expect(t.calls[1]).toMatchObject({
      path: 'users/current/carts/current',
      bearer: true,
      refreshOn401: true,
    })
    expect(t.service.cartCount$.value()).toBe(3)
    expect(t.cookies.jar.get(AUTH_COOKIES.cartCount)).toBe('3')
    expect(states).toEqual(['success']) // the customer data on screen stays as it was
    await vi.advanceTimersByTimeAsync(10_000)
    expect(t.calls).toHaveLength(2)
    t.service.dispose()
    t.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(5000)
    expect(t.calls).toHaveLength(2)
  })

  it('updateCart for a visitor reads the anonymous cart of the session; a failed cart read falls back to customer data', async () => {
    const anon = setup((req) =>
      req.path === 'getSessionCartGuid'
        ? ok({ sessioncartguid: 'guid 1' })
        : req.path.startsWith('users/anonymous/carts/')
          ? ok({ guid: 'guid 1', totalUnitCount: 7 })
          : ok(details({ cartCount: 2 })),
    )
    await anon.service.load()
    anon.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(3000)
    expect(anon.calls.map((c) => c.path)).toEqual([
      'getSessionCartGuid',
      'users/anonymous/getCustomerDetails',
      'users/anonymous/carts/guid%201',
    ])
    expect(anon.calls[2]?.bearer).toBe(false)
    expect(anon.service.cartCount$.value()).toBe(7)

    const down = setup(
      (req) => (req.path.endsWith('/carts/current') ? fail(503) : ok(details({ cartCount: 4 }))),
      {
        viewer: { segment: 'current', bearer: true },
      },
    )
    down.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(3000)
    expect(down.calls.map((c) => c.path)).toEqual([
      'users/current/carts/current',
      'users/current/getCustomerDetails',
    ])
    expect(down.service.cartCount$.value()).toBe(4)
    expect(down.logged).toContain('CART_READ_FAILED')
  })

  it('a cart read answered after a customer-data read began wins: the older read never puts back its count', async () => {
    let release: (r: HttpResult<unknown>) => void = () => {}
    const t = setup(
      (req) =>
        req.path.endsWith('/carts/current')
          ? ok({ guid: 'c-1', totalUnitCount: 5 })
          : (new Promise((r) => (release = r)) as never),
      { viewer: { segment: 'current', bearer: true } },
    )
    const slow = t.service.load()
    t.bus.emit('updateCart', {}, 'cart')
    await vi.advanceTimersByTimeAsync(3000)
    expect(t.service.cartCount$.value()).toBe(5)
    release(ok(details({ cartCount: 3 })))
    await slow
    expect(t.service.cartCount$.value()).toBe(5)
    expect(t.service.customer$.value().status).toBe('success') // the customer data itself is kept
  })

  it('customize=true flow: generate-cart-item, recipeSetId kept 1,200,000 ms', async () => {
    const t = setup((req) =>
      req.path === 'getSessionCartGuid' ? ok({ sessioncartguid: 'g' }) : ok({ recipeSetId: 'recipe-42' }),
    )
    await t.service.generateRecipeSet()
    expect(t.calls[1]).toMatchObject({ method: 'POST', path: 'generate-cart-item', body: { cartGuid: 'g' } })
    const write = t.cookies.writes.find((w) => w.name === AUTH_COOKIES.recipeSetId)
    expect(write?.value).toBe('recipe-42')
    expect(Math.round((write?.options?.expiresDays ?? 0) * 86_400_000)).toBe(1_200_000)
  })

  it('handleLoggedInUserCookies is called only where the brand option asks for it (cab2c)', async () => {
    const ca = setup(() => ok(undefined), { loggedInUserCookies: true })
    await ca.service.handleLoggedInUserCookies()
    expect(ca.calls[0]).toMatchObject({ path: 'handleLoggedInUserCookies', bearer: true })
    const us = setup(() => ok(undefined))
    await us.service.handleLoggedInUserCookies()
    expect(us.calls).toEqual([])
  })

  it('reset forgets the customer; a read still in flight then changes nothing', async () => {
    let release: (r: HttpResult<unknown>) => void = () => {}
    const slow = setup(() => new Promise((r) => (release = r)) as never, {
      viewer: { segment: 'current', bearer: true },
    })
    const pending = slow.service.load()
    // The customer-data call is on its way (after the auto-delivery type).
    for (let i = 0; i < 20 && slow.calls.length === 0; i++) await Promise.resolve()
    expect(slow.calls).toHaveLength(1)
    slow.service.reset()
    release(ok(details({ cartCount: 9 })))
    await pending
    expect(slow.service.customer$.value()).toEqual({ status: 'idle' })
    expect(slow.service.cartCount$.value()).toBe(0)
  })
})
