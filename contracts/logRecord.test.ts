import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ANONYMOUS_PREFIX, buildLogRecord, type LogEnvironment, visitorIdFrom } from './logRecord'

const env = (cookies: Record<string, string>, extra: Partial<LogEnvironment> = {}): LogEnvironment => ({
  brand: 'cab2c',
  lang: 'fr',
  correlationId: 'cid-1',
  cookies: (n) => cookies[n],
  currentPageUrl: 'https://shop.example/fr/cart',
  referrer: 'https://shop.example/fr/accueil',
  deviceType: 'desktop',
  location: '/fr/cart',
  now: () => new Date('2026-11-21T10:00:00.000Z'),
  ...extra,
})

describe('log record (nav spec §3)', () => {
  it('fills every field for a logged-in shopper', () => {
    const record = buildLogRecord(
      {
        logType: 'API_FAILURE_CODE5XX',
        logCategory: 'HIGH',
        eventType: 'API',
        message: 'GET cms/pages answered 503',
        requestUrl: 'cms/pages',
        otherData: { status: 503 },
        additionalInfo: { pluginId: 'nav' },
      },
      env(
        {
          CustomerID: 'c-42',
          SESSION: 'sess-9',
          utag_main: 'v_id:0190abc$_s:3$_e:9',
          rememberMeUserId: 'ana@example.com',
          priceGroup: 'employee',
          card_guid: 'cart-7',
        },
        { sessionCartGuid: 'cart-from-session' },
      ),
    )
    expect(record).toEqual({
      cartGuid: 'cart-from-session',
      customerId: 'c-42',
      userEmail: { email: 'ana@example.com' },
      visitorId: '0190abc',
      sessionId: 'sess-9',
      brand: 'cab2c',
      lang: 'fr',
      timestamp: '2026-11-21T10:00:00.000Z',
      logType: 'API_FAILURE_CODE5XX',
      logCategory: 'HIGH',
      eventType: 'API',
      userContext: { userType: 'employee', location: '/fr/cart', deviceType: 'desktop' },
      requestUrl: 'cms/pages',
      additionalInfoObject: { pluginId: 'nav' },
      correlationId: 'cid-1',
      details: { message: 'GET cms/pages answered 503', stackTrace: '', otherData: { status: 503 } },
      referrer: 'https://shop.example/fr/accueil',
      currentPageUrl: 'https://shop.example/fr/cart',
    })
  })

  it("marks an anonymous shopper with the spec's 'annonymous' prefix and no e-mail", () => {
    expect(ANONYMOUS_PREFIX).toBe('annonymous')
    const record = buildLogRecord(
      { logType: 'INFO', logCategory: 'LOW', eventType: 'X', message: 'm' },
      env({
        SESSION: 's1',
        utag_main: 'v_id:visitor7$_s:1',
        rememberMeUserId: 'leak@example.com',
        card_guid: 'g',
      }),
    )
    expect(record.customerId).toBe('annonymous-visitor7')
    expect(record.userEmail).toEqual({ email: '' })
    expect(record.userContext.userType).toBe('annonymous')
    expect(record.cartGuid).toBe('g')
  })

  it('takes the message and stack from an error when none is given', () => {
    const error = new Error('boom')
    const record = buildLogRecord(
      { logType: 'ERROR', logCategory: 'HIGH', eventType: 'UNCAUGHT', message: '', error },
      env({}),
    )
    expect(record.details.message).toBe('boom')
    expect(record.details.stackTrace).toContain('boom')
  })

  it('a record written down late keeps the time it happened (at), not the time it was built', () => {
    const input = { logType: 'ERROR', logCategory: 'LOW', eventType: 'X', message: 'm' } as const
    const at = Date.parse('2026-01-02T03:04:05.000Z')
    expect(buildLogRecord({ ...input, at }, env({})).timestamp).toBe('2026-01-02T03:04:05.000Z')
    expect(buildLogRecord(input, env({})).timestamp).toBe(env({}).now().toISOString())
  })

  it.each([
    ['v_id:0190abc$_s:3', '0190abc'],
    ['_sn:2$v_id:xyz$_e:1', 'xyz'],
    ['v_id:tail-without-dollar', 'tail-without-dollar'],
    ['_sn:2$_e:1', ''],
    [undefined, ''],
  ])('visitor id of utag_main %j is %j', (cookie, id) => expect(visitorIdFrom(cookie)).toBe(id))

  it('property: the visitor id never contains a dollar and is a substring of the cookie', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const id = visitorIdFrom(s)
        expect(id.includes('$')).toBe(false)
        expect(s.includes(id)).toBe(true)
      }),
    )
  })
})
