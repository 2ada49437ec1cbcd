// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TealiumTags } from '../../contracts/tealiumTags'
import type { HttpRequest } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { CUSTOMER_TAGS_KEEP_MS, CUSTOMER_TAGS_KEY, createCustomerTags } from './customerTags'

const TAGS: TealiumTags = {
  customer_id: '8000000101',
  customer_status: 'registered',
  customer_group: 'customergroup',
  customer_price_group: '',
  customer_loyalty: 'member',
  customer_auto_delivery: 'ADF',
}
const signedIn = { status: 'signedIn', customerId: '8000000101', agent: null } as const

let clock = 1_000_000

function setUp(answer: () => Promise<HttpResult<unknown>>, waitMs = 2000) {
  const calls: HttpRequest<unknown>[] = []
  const logged: string[] = []
  const tags = createCustomerTags({
    http: {
      request: ((req: HttpRequest<unknown>) => {
        calls.push(req)
        return answer()
      }) as never,
    },
    storage: sessionStorage,
    log: (eventType) => void logged.push(eventType),
    waitMs,
    now: () => clock,
  })
  return { tags, calls, logged }
}
const ok = async (): Promise<HttpResult<unknown>> => ({ ok: true, data: TAGS, status: 200 })

afterEach(() => {
  sessionStorage.clear()
  vi.useRealTimers()
})

describe('the customer fields (header spec §7 getTealiumTags)', () => {
  it('one bearer POST for a signed-in customer, kept for the tab: the next page asks nothing', async () => {
    const { tags, calls } = setUp(ok)
    expect(await tags.forPage(signedIn)).toEqual(TAGS)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: 'getTealiumTags',
      bearer: true,
      refreshOn401: true,
    })
    const next = setUp(ok)
    expect(await next.tags.forPage(signedIn)).toEqual(TAGS)
    expect(next.calls).toHaveLength(0)
  })

  it('none for a visitor or an agent session, without a call', async () => {
    const { tags, calls } = setUp(ok)
    expect(await tags.forPage({ status: 'anonymous' })).toBeUndefined()
    expect(await tags.forPage({ ...signedIn, agent: { csAgentId: 'CSA1' } })).toBeUndefined()
    expect(calls).toHaveLength(0)
  })

  it('another customer’s kept copy, or a forgotten one, is asked again', async () => {
    sessionStorage.setItem(
      CUSTOMER_TAGS_KEY,
      JSON.stringify({ customerId: 'someone-else', at: clock, tags: TAGS }),
    )
    const { tags, calls } = setUp(ok)
    await tags.forPage(signedIn)
    expect(calls).toHaveLength(1)
    tags.forget()
    expect(sessionStorage.getItem(CUSTOMER_TAGS_KEY)).toBeNull()
    await tags.forPage(signedIn)
    expect(calls).toHaveLength(2)
    // A copy runs out after 30 minutes (a change made before this plugin could hear it).
    clock += CUSTOMER_TAGS_KEEP_MS
    await tags.forPage(signedIn)
    expect(calls).toHaveLength(3)
  })

  it('a failed or wrong-shaped answer is logged and the page goes without; a kept copy that is not the shape is ignored', async () => {
    sessionStorage.setItem(CUSTOMER_TAGS_KEY, '{"customerId":"8000000101","tags":{"customer_id":1}}')
    const failing = setUp(async () => ({
      ok: false,
      error: { class: 'decode', message: 'wrong shape', path: 'getTealiumTags', correlationId: 'c' } as never,
    }))
    expect(await failing.tags.forPage(signedIn)).toBeUndefined()
    expect(failing.logged).toEqual(['CUSTOMER_TAGS_FAILED'])
  })

  it('waits at most the page view’s wait, then goes without (logged)', async () => {
    vi.useFakeTimers()
    const { tags, logged } = setUp(() => new Promise(() => {}), 2000)
    const page = tags.forPage(signedIn)
    await vi.advanceTimersByTimeAsync(1999)
    expect(logged).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(await page).toBeUndefined()
    expect(logged).toEqual(['CUSTOMER_TAGS_LATE'])
  })
})
