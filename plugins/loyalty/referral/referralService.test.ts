import { describe, expect, it } from 'vitest'
import { ReferralResponseSchema, SUBMIT_REFERRAL_PATH } from '../../../contracts/loyalty'
import type { HttpResult } from '../../../kernel/http/httpError'
import type { LoyaltyLog } from '../loyaltyLog'
import { failed, fakeHttp, ok } from '../test/fakes'
import { createReferralService } from './referralService'

function setUp(answer: () => HttpResult<unknown> = () => ok({ status: 'referred' })) {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const { http, calls } = fakeHttp(answer, gate)
  const logged: Parameters<LoyaltyLog>[] = []
  const service = createReferralService({ http, log: (...args) => logged.push(args) })
  return { service, calls, release, logged }
}

describe('referral service (header spec §7 submitReferral)', () => {
  it('one bearer POST of the exact payload, however often it is asked while out', async () => {
    const t = setUp()
    const first = t.service.referFriend({ email: '  sam@example.com ', firstName: ' Sam ' }, 'accountMenu')
    const second = t.service.referFriend({ email: 'other@example.com' }, 'accountMenu')
    expect(t.service.state$.value()).toEqual({ status: 'sending' })
    t.release()
    expect(await second).toBe(false)
    expect(await first).toBe(true)
    expect(t.calls).toEqual([
      {
        method: 'POST',
        path: SUBMIT_REFERRAL_PATH,
        body: { email: 'sam@example.com', firstName: 'Sam' },
        bearer: true,
        refreshOn401: true,
        schema: ReferralResponseSchema,
      },
    ])
    expect(t.service.state$.value()).toEqual({ status: 'done', result: 'referred' })
    expect(t.logged).toEqual([])
  })

  it('a blank first name is left out; alreadyReferred is a success that says so', async () => {
    const t = setUp(() => ok({ status: 'alreadyReferred' }))
    t.release()
    expect(await t.service.referFriend({ email: 'sam@example.com', firstName: '  ' }, 'phoneMenu')).toBe(true)
    expect(t.calls[0]?.body).toEqual({ email: 'sam@example.com' })
    expect(t.service.state$.value()).toEqual({ status: 'done', result: 'alreadyReferred' })
  })

  it('sends nothing for an e-mail the header spec §5 rule refuses, or a first name longer than the server takes', async () => {
    const t = setUp()
    t.release()
    expect(await t.service.referFriend({ email: 'sam@example' }, 'accountMenu')).toBe(false)
    expect(await t.service.referFriend({ email: '' }, 'accountMenu')).toBe(false)
    expect(
      await t.service.referFriend({ email: 'sam@example.com', firstName: 'x'.repeat(61) }, 'accountMenu'),
    ).toBe(false)
    expect(t.calls).toEqual([])
    expect(t.service.state$.value()).toEqual({ status: 'idle' })
  })

  it.each([
    [400, 'loyalty.referral.error.email'],
    [403, 'loyalty.referral.error.excluded'],
    [503, 'loyalty.referral.error'],
    [undefined, 'loyalty.referral.error'],
  ] as const)(
    'a %s failure is failed with %s, logged with the call, and may be tried again',
    async (status, message) => {
      const t = setUp(() => failed(status))
      t.release()
      expect(await t.service.referFriend({ email: 'sam@example.com' }, 'accountMenu')).toBe(false)
      expect(t.service.state$.value()).toEqual({ status: 'failed', message })
      expect(t.logged).toHaveLength(1)
      const [eventType, text, extra] = t.logged[0] ?? []
      expect(eventType).toBe('REFERRAL_FAILED')
      expect(text).toBe('the referral from the accountMenu failed: failed')
      expect(extra?.httpError).toMatchObject({ correlationId: 'request-id', ...(status ? { status } : {}) })
      expect(await t.service.referFriend({ email: 'sam@example.com' }, 'accountMenu')).toBe(false)
      expect(t.calls).toHaveLength(2)
    },
  )

  it('never rejects: a thrown client is a logged failure', async () => {
    const logged: unknown[] = []
    const service = createReferralService({
      http: {
        request: async () => {
          throw new Error('boom')
        },
      },
      log: (...args) => logged.push(args),
    })
    expect(await service.referFriend({ email: 'sam@example.com' }, 'phoneMenu')).toBe(false)
    expect(service.state$.value()).toEqual({ status: 'failed', message: 'loyalty.referral.error' })
    expect(logged).toEqual([['REFERRAL_FAILED', 'the referral from the phoneMenu threw: Error: boom', {}]])
  })
})
