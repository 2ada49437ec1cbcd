import { describe, expect, it } from 'vitest'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { createConsentStore } from '../consent/consentStore'
import { type AnalyticsPort, createAnalyticsRelay } from './analyticsPort'

const meta = { correlationId: 'c', source: 's', ts: 0, pluginId: 'p' }
const recorder = () => {
  const seen: unknown[] = []
  const port: AnalyticsPort = { push: (payload) => seen.push(payload.event) }
  return { seen, port }
}

describe('the kernel’s analytics relay', () => {
  it('holds payloads until the sink is installed, then hands them over once, in order', () => {
    const relay = createAnalyticsRelay()
    relay.push({ event: 'a' }, meta)
    relay.push({ event: 'b' }, meta)
    expect(relay.waiting()).toBe(2)
    const sink = recorder()
    const remove = relay.install(sink.port)
    relay.push({ event: 'c' }, meta)
    expect(sink.seen).toEqual(['a', 'b', 'c'])
    expect(relay.waiting()).toBe(0)
    expect(() => relay.install(recorder().port)).toThrow(/already installed/)
    remove()
    relay.push({ event: 'd' }, meta)
    expect(sink.seen).toEqual(['a', 'b', 'c'])
  })

  it('tells the observer everything at once; keeps nothing raised while analytical is denied', () => {
    let now = 0
    const consent = createConsentStore(undefined, () => now)
    const observer = recorder()
    const relay = createAnalyticsRelay({ observer: observer.port, consent, now: () => now })
    relay.push({ event: 'kept' }, meta)
    now = 5
    const deny = (analytical: boolean) => consent.set(chosenConsent({ analytical }))
    deny(false)
    relay.push({ event: 'denied' }, meta)
    now = 10
    deny(true)
    const sink = recorder()
    relay.install(sink.port)
    expect(observer.seen).toEqual(['kept', 'denied'])
    // 'kept' was raised before the denial: it did not stay allowed throughout, so it is not sent either.
    expect(sink.seen).toEqual([])
  })
})
