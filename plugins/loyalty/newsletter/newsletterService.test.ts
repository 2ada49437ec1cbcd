import { describe, expect, it } from 'vitest'
import { failed, fakeHttp, ok } from '../test/fakes'
import { createNewsletterService } from './newsletterService'

function setUp(answer = ok({ status: 'subscribed' })) {
  let release = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  const { http, calls } = fakeHttp(() => answer, gate)
  const emitted: unknown[] = []
  const service = createNewsletterService({
    http,
    lang: 'fr',
    log: () => {},
    emit: (type, payload) => emitted.push({ type, payload }),
  })
  return { service, calls, emitted, release }
}

const GOOD = { email: ' Camille@Exemple.ca ', accepted: true, termsRequired: true }

describe('newsletter service (header spec §4, §5, §7)', () => {
  it('POST kpcEmailSignup?lang form-encoded, once however often it is asked while out; then subscribed', async () => {
    const t = setUp()
    const first = t.service.subscribe(GOOD)
    expect(await t.service.subscribe(GOOD)).toBe(false)
    expect(t.service.state$.value()).toEqual({ status: 'sending' })
    t.release()
    expect(await first).toBe(true)
    expect(t.calls.map((c) => [c.method, c.path, c.query, c.form, c.body, c.bearer])).toEqual([
      [
        'POST',
        'kpcEmailSignup',
        { lang: 'fr' },
        true,
        { email: 'Camille@Exemple.ca', subscribe: 'true' },
        undefined,
      ],
    ])
    expect(t.service.state$.value()).toEqual({ status: 'subscribed' })
    expect(t.emitted).toEqual([
      { type: 'newsletter:signedUp', payload: { location: 'footer', lang: 'fr', termsAccepted: true } },
    ])
    // Subscribed: nothing more is sent.
    expect(await t.service.subscribe(GOOD)).toBe(false)
    expect(t.calls).toHaveLength(1)
  })

  it('sends nothing the rules refuse (header spec §5): a bad email, unticked terms where required', async () => {
    const t = setUp()
    t.release()
    expect(await t.service.subscribe({ ...GOOD, email: 'camille@exemple' })).toBe(false)
    expect(await t.service.subscribe({ ...GOOD, accepted: false })).toBe(false)
    expect(t.calls).toEqual([])
    expect(await t.service.subscribe({ ...GOOD, accepted: false, termsRequired: false })).toBe(true)
  })

  it.each([
    [failed(400), 'invalid'],
    [failed(503), 'server'],
    [failed(), 'network'],
  ] as const)('a failure keeps the form, says why and is reported (%#)', async (answer, reason) => {
    const t = setUp(answer)
    t.release()
    expect(await t.service.subscribe(GOOD)).toBe(false)
    // The error payload is kept with the state (header spec §8), for as long as the shopper does not send again.
    expect(t.service.state$.value()).toEqual({ status: 'failed', reason, error: expect.objectContaining({}) })
    const kept = t.service.state$.value()
    expect(kept.status === 'failed' && kept.error?.message).toBeTruthy()
    expect(t.emitted).toEqual([{ type: 'newsletter:signupFailed', payload: { location: 'footer', reason } }])
  })
})
