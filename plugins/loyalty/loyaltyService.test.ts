import { describe, expect, it } from 'vitest'
import { LOYALTY_DETAILS_PATH } from '../../contracts/loyalty'
import type { KernelEvents } from '../../kernel/bus/events'
import { createLoyaltyService, OPT_IN_SUCCESS_COOKIE } from './loyaltyService'
import { AGENT, customer, failed, fakeAccount, fakeCookies, fakeHttp, ok, SIGNED_IN } from './test/fakes'

const DETAILS = { success: { data: { pointsBalance: 1840, activeRewards: 3 } } }
const OPTED_IN = {
  perksOptIn: true,
  perksOptInSuccess: true,
  loyaltyProgramOptIn: true,
  alreadyOptedIn: false,
}

function setUp(
  opts: { session?: typeof SIGNED_IN; data?: ReturnType<typeof customer>; pathname?: string } = {},
) {
  const emitted: { type: keyof KernelEvents; payload: unknown }[] = []
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const answers = fakeHttp((req) => {
    if (req.path === LOYALTY_DETAILS_PATH) return ok(DETAILS)
    if (req.path.endsWith('updatePerksOptIn')) return ok(OPTED_IN)
    return ok({ loyaltyProgramOptIn: true, alreadyMember: false })
  }, gate)
  const account = fakeAccount(opts.session ?? SIGNED_IN, opts.data ?? customer())
  const cookies = fakeCookies()
  const service = createLoyaltyService({
    http: answers.http,
    account: account.account,
    cookies,
    programmeOn: true,
    excludedInfo: false,
    pathname: opts.pathname ?? '/',
    log: () => {},
    emit: (type, payload) => emitted.push({ type, payload }),
  })
  return { service, calls: answers.calls, release, account, cookies, emitted }
}

describe('loyalty service', () => {
  it("a member's reward data: basic on other pages, full on the header spec §2 routes, for the session's customer", async () => {
    const member = customer({ perksOptIn: true })
    const home = setUp({ data: member })
    home.release()
    await Promise.resolve()
    expect(home.calls.map((c) => [c.path, c.query, c.bearer])).toEqual([
      [LOYALTY_DETAILS_PATH, { customerId: '8000000203', field: 'basic' }, true],
    ])
    const rewardsPage = setUp({ data: member, pathname: '/fr/loyalty/rewards' })
    expect(rewardsPage.calls[0]?.query).toEqual({ customerId: '8000000203', field: 'full' })
  })

  it('asks nothing for a visitor, a customer not opted in, or when the programme is off', () => {
    expect(setUp({ session: { status: 'anonymous' } as never }).calls).toEqual([])
    expect(setUp().calls).toEqual([])
  })

  it('opt-in: one call, one PUT however often it is asked while out; perksOptIn true, flag stored, rewards fetched again', async () => {
    const t = setUp()
    const first = t.service.optIn('accountMenu')
    const second = t.service.optIn('accountMenu')
    expect(t.service.optIn$.value()).toEqual({ status: 'sending' })
    t.release()
    expect(await second).toBe(false)
    expect(await first).toBe(true)
    const puts = t.calls.filter((c) => c.method === 'PUT')
    expect(puts.map((c) => [c.path, c.body, c.bearer])).toEqual([
      ['users/current/updatePerksOptIn', { perksOptIn: true }, true],
    ])
    // The store joins the programme in the same transaction: no second call (loyaltyProgramSignup).
    expect(t.calls.filter((c) => (c.method ?? 'GET') !== 'GET')).toHaveLength(1)
    expect(t.service.display$.value()).toEqual({ kind: 'member', cashback: undefined })
    expect(t.cookies.jar[OPT_IN_SUCCESS_COOKIE]).toBe('true')
    expect(t.service.welcome$.value()).toBe(true)
    await Promise.resolve()
    expect(t.calls.filter((c) => c.path === LOYALTY_DETAILS_PATH)).toHaveLength(1)
    expect(t.account.reloads()).toBe(1)
    expect(t.emitted).toEqual([
      { type: 'loyalty:optedIn', payload: { origin: 'accountMenu', agent: false, alreadyOptedIn: false } },
    ])
    // The welcome seen, the flag is cleared (header spec §4 "stored, then cleared").
    t.service.acknowledgeWelcome()
    expect(t.cookies.jar[OPT_IN_SUCCESS_COOKIE]).toBeUndefined()
    expect(t.service.welcome$.value()).toBe(false)
  })

  it('an agent opts in the customer they act for, sending csAgentId (header spec §3, §6)', async () => {
    const t = setUp({ session: AGENT })
    t.release()
    await t.service.optIn('phoneMenu')
    expect(t.calls[0]).toMatchObject({
      method: 'PUT',
      path: 'users/8000000203/updatePerksOptIn',
      body: { perksOptIn: true, csAgentId: 'CSA1001' },
    })
    expect(t.emitted[0]?.payload).toMatchObject({ agent: true })
  })

  it('a failed opt-in stays a non-member, says so, and may be tried again', async () => {
    const { http, calls } = fakeHttp(() => failed(503))
    const account = fakeAccount(SIGNED_IN, customer())
    const service = createLoyaltyService({
      http,
      account: account.account,
      cookies: fakeCookies(),
      programmeOn: true,
      excludedInfo: false,
      pathname: '/',
      log: () => {},
      emit: () => {},
    })
    expect(await service.optIn('header')).toBe(false)
    expect(service.optIn$.value()).toMatchObject({ status: 'failed', error: { status: 503 } })
    expect(service.display$.value()).toEqual({ kind: 'optIn' })
    expect(account.reloads()).toBe(0)
    // Trying again is the one call again.
    await service.optIn('header')
    expect(calls.map((c) => c.path)).toEqual([
      'users/current/updatePerksOptIn',
      'users/current/updatePerksOptIn',
    ])
  })

  it('a reward failure is an error value and the "rewards point failed" event (header spec §8)', async () => {
    const emitted: unknown[] = []
    const service = createLoyaltyService({
      http: fakeHttp(() => failed(500)).http,
      account: fakeAccount(SIGNED_IN, customer({ perksOptIn: true })).account,
      cookies: fakeCookies(),
      programmeOn: true,
      excludedInfo: false,
      pathname: '/',
      log: () => {},
      emit: (type, payload) => emitted.push({ type, payload }),
    })
    await new Promise((r) => setTimeout(r, 0))
    expect(service.rewards$.value().status).toBe('error')
    expect(emitted).toEqual([
      { type: 'loyalty:rewardsPointFailed', payload: { status: 500, errorClass: '5xx' } },
    ])
  })

  it('a success flag left by the page before shows the welcome once, then is cleared', () => {
    const cookies = fakeCookies({ [OPT_IN_SUCCESS_COOKIE]: 'true' })
    const service = createLoyaltyService({
      http: fakeHttp(() => ok(DETAILS)).http,
      account: fakeAccount(SIGNED_IN, customer({ perksOptIn: true })).account,
      cookies,
      programmeOn: true,
      excludedInfo: false,
      pathname: '/',
      log: () => {},
      emit: () => {},
    })
    expect(service.welcome$.value()).toBe(true)
    service.acknowledgeWelcome()
    expect(cookies.jar).toEqual({})
  })

  it("customer data's perksOptInSuccess (an opt-in made elsewhere) shows the member's welcome once per page", () => {
    const cookies = fakeCookies()
    const account = fakeAccount(SIGNED_IN)
    const service = createLoyaltyService({
      http: fakeHttp(() => ok(DETAILS)).http,
      account: account.account,
      cookies,
      programmeOn: true,
      excludedInfo: false,
      pathname: '/',
      log: () => {},
      emit: () => {},
    })
    expect(service.welcome$.value()).toBe(false)
    account.customer$.next({
      status: 'success',
      data: customer({ perksOptIn: true, perksOptInSuccess: true }),
    })
    expect(service.display$.value().kind).toBe('member')
    expect(service.welcome$.value()).toBe(true)
    service.acknowledgeWelcome()
    expect(service.welcome$.value()).toBe(false)
    // Customer data read again, still with the flag: the welcome seen does not come back.
    account.customer$.next({
      status: 'success',
      data: customer({ perksOptIn: true, perksOptInSuccess: true }),
    })
    expect(service.welcome$.value()).toBe(false)
  })

  it('the flag without membership (or with the programme off) welcomes nobody', () => {
    for (const programmeOn of [true, false]) {
      const perksOptIn = !programmeOn
      const service = createLoyaltyService({
        http: fakeHttp(() => ok(DETAILS)).http,
        account: fakeAccount(SIGNED_IN, customer({ perksOptIn, perksOptInSuccess: true })).account,
        cookies: fakeCookies(),
        programmeOn,
        excludedInfo: false,
        pathname: '/',
        log: () => {},
        emit: () => {},
      })
      expect(service.welcome$.value()).toBe(false)
    }
  })
})
