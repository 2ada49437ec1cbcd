import { describe, expect, it } from 'vitest'
import { ALL_ALLOWED, consentStateOf } from '../../contracts/consentState'
import { createTestKernel } from '../../test/createTestKernel'
import { createEventBus } from '../bus/createEventBus'
import { createConsentStore } from '../consent/consentStore'
import { definePlugin } from '../plugin/definePlugin'
import { BACKLOG_LIMIT, createAnalyticsBacklog } from './eventBacklog'

const busAt = (now: () => number) => createEventBus({ correlationId: () => 'c', onFault: () => {}, now })

const analyticalChoice = (analytical: boolean) =>
  consentStateOf({ choices: { ...ALL_ALLOWED, analytical }, chosen: true, policyVersion: 'v', gpc: false })

describe('the analytics backlog (events raised before their mapping started)', () => {
  it('hands the kept events of the asked types over once, oldest first, and keeps those types no longer', () => {
    const bus = busAt(() => 1)
    const backlog = createAnalyticsBacklog(bus)
    bus.emit('logout', { referrer: 'a' }, 'auth')
    bus.emit('updateCart', {}, 'cart')
    bus.emit('logout', { referrer: 'b' }, 'auth')
    expect(backlog.take(['logout']).map((e) => e.payload)).toEqual([{ referrer: 'a' }, { referrer: 'b' }])
    bus.emit('logout', { referrer: 'c' }, 'auth')
    // Taken once: a mapping started again (or a second one) is never handed the same events.
    expect(backlog.take(['logout'])).toEqual([])
    expect(backlog.take(['updateCart']).map((e) => e.source)).toEqual(['cart'])
  })

  it('keeps at most BACKLOG_LIMIT events, the newest, and never the kernel’s own faults', () => {
    const bus = busAt(() => 1)
    const backlog = createAnalyticsBacklog(bus)
    for (let i = 0; i < BACKLOG_LIMIT + 5; i++) bus.emit('updateCart', { reason: String(i) }, 'cart')
    bus.emit('kernel:fault', { code: 'X', pluginId: 'p', message: 'm' } as never, 'kernel')
    const taken = backlog.take(['updateCart', 'kernel:fault'])
    expect(taken).toHaveLength(BACKLOG_LIMIT)
    expect(taken[0]?.payload).toEqual({ reason: '5' })
    expect(taken.every((e) => e.type === 'updateCart')).toBe(true)
  })

  it('drops an event raised before or while analytical consent was denied: never sent later', () => {
    let now = 0
    const consent = createConsentStore(undefined, () => now)
    const bus = busAt(() => now)
    const backlog = createAnalyticsBacklog(bus, consent)
    now = 1
    bus.emit('logout', { referrer: 'before the denial' }, 'auth')
    now = 2
    consent.set(analyticalChoice(false))
    now = 3
    bus.emit('logout', { referrer: 'while denied' }, 'auth')
    now = 4
    consent.set(analyticalChoice(true))
    now = 5
    bus.emit('logout', { referrer: 'after allowing again' }, 'auth')
    expect(backlog.take(['logout']).map((e) => e.payload)).toEqual([{ referrer: 'after allowing again' }])
  })
})

describe('a late analytics plugin', () => {
  it('maps what was raised before its code arrived, in order, then live events, each once', () => {
    const mapper = definePlugin({
      id: 'mapper',
      analytics: { logout: (e) => ({ event: 'logout', referrer: e.payload.referrer ?? '' }) },
    })
    const { kernel, pushed } = createTestKernel([], { pending: ['mapper', 'second'] })
    kernel.bus.emit('logout', { referrer: 'early' }, 'auth')
    kernel.plugins.add([{ manifest: mapper }])
    kernel.bus.emit('logout', { referrer: 'live' }, 'auth')
    expect(pushed.map((p) => [p.pluginId, p.payload])).toEqual([
      ['mapper', { event: 'logout', referrer: 'early' }],
      ['mapper', { event: 'logout', referrer: 'live' }],
    ])
    // A second mapping of the same type that starts later is not handed the early event again.
    const second = definePlugin({ id: 'second', analytics: { logout: () => ({ event: 'again' }) } })
    kernel.plugins.add([{ manifest: second }])
    expect(pushed).toHaveLength(2)
  })
})
