// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { blockedPage, tabPage } from '../../test/fakes/tabPage'
import { createEventBus } from '../bus/createEventBus'
import { createConsentStore } from '../consent/consentStore'
import { definePlugin } from '../plugin/definePlugin'
import { BACKLOG_LIMIT, BACKLOG_STORAGE_KEY, createAnalyticsBacklog, RECENT_LIMIT } from './eventBacklog'

const busAt = (now: () => number) => createEventBus({ correlationId: () => 'c', onFault: () => {}, now })

const analyticalChoice = (analytical: boolean) => chosenConsent({ analytical })

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
      // Its own sink: handlers are live only while one is installed.
      analyticsSink: () => ({ push: () => {} }),
      analytics: [
        { event: 'logout', tags: (e) => ({ event: 'logout', referrer: e.payload.referrer ?? '' }) },
      ],
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
    const second = definePlugin({
      id: 'second',
      analytics: [{ event: 'logout', tags: () => ({ event: 'again' }) }],
    })
    kernel.plugins.add([{ manifest: second }])
    expect(pushed).toHaveLength(2)
  })
})

describe('the backlog of a page left before its analytics started (carried to the tab’s next page)', () => {
  beforeEach(() => sessionStorage.clear())
  const T = 1_700_000_000_000
  const busOf = (correlationId: string, now: () => number) =>
    createEventBus({ correlationId: () => correlationId, onFault: () => {}, now })

  it('the next page maps the carried events first, as raised, each once', () => {
    const first = tabPage()
    const busA = busOf('page-a', () => T)
    createAnalyticsBacklog(busA, undefined, { page: first, now: () => T })
    busA.emit('logout', { referrer: 'a' }, 'auth')
    busA.emit('updateCart', { reason: 'b' }, 'cart')
    first.leave()
    expect(sessionStorage.getItem(BACKLOG_STORAGE_KEY)).not.toBeNull()

    const busB = busOf('page-b', () => T + 50)
    const backlog = createAnalyticsBacklog(busB, undefined, { page: tabPage(), now: () => T + 50 })
    expect(sessionStorage.getItem(BACKLOG_STORAGE_KEY)).toBeNull()
    busB.emit('logout', { referrer: 'c' }, 'auth')
    // With their own time, source and correlation id: what page A raised.
    expect(backlog.take(['logout', 'updateCart'])).toEqual([
      { type: 'logout', payload: { referrer: 'a' }, correlationId: 'page-a', source: 'auth', ts: T },
      { type: 'updateCart', payload: { reason: 'b' }, correlationId: 'page-a', source: 'cart', ts: T },
      { type: 'logout', payload: { referrer: 'c' }, correlationId: 'page-b', source: 'auth', ts: T + 50 },
    ])
    // A reload of page B: nothing carried again.
    const reload = createAnalyticsBacklog(
      busOf('page-b2', () => T),
      undefined,
      { page: tabPage(), now: () => T },
    )
    expect(reload.take(['logout', 'updateCart'])).toEqual([])
  })

  it('carries only what analytical consent allowed throughout, and what is JSON', () => {
    let now = T
    const consent = createConsentStore(undefined, () => now)
    const first = tabPage()
    const busA = busOf('page-a', () => now)
    createAnalyticsBacklog(busA, consent, { page: first, now: () => now })
    busA.emit('logout', { referrer: 'before the denial' }, 'auth')
    now = T + 1
    consent.set(analyticalChoice(false))
    now = T + 2
    consent.set(analyticalChoice(true))
    now = T + 3
    busA.emit('logout', { referrer: 'after allowing again' }, 'auth')
    busA.emit('logout', { referrer: 1n } as never, 'auth')
    first.leave()
    const carried = JSON.parse(sessionStorage.getItem(BACKLOG_STORAGE_KEY) ?? '[]') as { payload: unknown }[]
    expect(carried.map((e) => e.payload)).toEqual([{ referrer: 'after allowing again' }])
  })

  it('the next page sends them only if its own consent allows analytical from its start', () => {
    const carry = () => {
      const first = tabPage()
      const busA = busOf('page-a', () => T)
      createAnalyticsBacklog(busA, undefined, { page: first, now: () => T })
      busA.emit('logout', { referrer: 'a' }, 'auth')
      first.leave()
    }
    const nextPage = (consent: ReturnType<typeof createConsentStore>) =>
      createAnalyticsBacklog(
        busOf('page-b', () => T + 10),
        consent,
        { page: tabPage(), now: () => T + 10 },
      )

    // Allowed on the new page: the carried event predates its consent history, whose first state
    // stands for all time before it.
    carry()
    const allowed = createConsentStore(analyticalChoice(true), () => T + 10)
    expect(nextPage(allowed).take(['logout'])).toHaveLength(1)
    // The new page starts denied (the visitor refused meanwhile, in another tab): dropped.
    carry()
    const denied = createConsentStore(analyticalChoice(false), () => T + 10)
    const backlogDenied = nextPage(denied)
    denied.set(analyticalChoice(true))
    expect(backlogDenied.take(['logout'])).toEqual([])
    // Denied on the new page before its analytics starts: dropped too.
    carry()
    const later = createConsentStore(analyticalChoice(true), () => T + 10)
    const backlogLater = nextPage(later)
    later.set(analyticalChoice(false))
    expect(backlogLater.take(['logout'])).toEqual([])
  })

  it('ignores a malformed stored backlog, and a blocked storage', () => {
    sessionStorage.setItem(
      BACKLOG_STORAGE_KEY,
      JSON.stringify([
        { type: 'kernel:fault', payload: {}, correlationId: 'c', source: 'kernel', ts: T },
        { type: 'logout', correlationId: 'c', source: 'auth', ts: T },
        { type: 'logout', payload: {}, correlationId: 'c', source: 'auth', ts: 'yesterday' },
        { type: 'logout', payload: { referrer: 'fine' }, correlationId: 'c', source: 'auth', ts: T },
      ]),
    )
    const backlog = createAnalyticsBacklog(
      busOf('b', () => T),
      undefined,
      { page: tabPage(), now: () => T },
    )
    expect(backlog.take(['logout', 'kernel:fault']).map((e) => e.payload)).toEqual([{ referrer: 'fine' }])

    const blocked = blockedPage()
    const bus = busOf('b', () => T)
    const kept = createAnalyticsBacklog(bus, undefined, { page: blocked, now: () => T })
    bus.emit('logout', {}, 'auth')
    expect(() => blocked.leave()).not.toThrow()
    // Still this page's to hand to its mapping.
    expect(kept.take(['logout'])).toHaveLength(1)
  })

  it('keeps at most BACKLOG_LIMIT with the carried ones, the newest', () => {
    const first = tabPage()
    const busA = busOf('page-a', () => T)
    createAnalyticsBacklog(busA, undefined, { page: first, now: () => T })
    for (let i = 0; i < BACKLOG_LIMIT; i++) busA.emit('updateCart', { reason: `a${i}` }, 'cart')
    first.leave()
    const busB = busOf('page-b', () => T)
    const backlog = createAnalyticsBacklog(busB, undefined, { page: tabPage(), now: () => T })
    for (let i = 0; i < 5; i++) busB.emit('updateCart', { reason: `b${i}` }, 'cart')
    const taken = backlog.take(['updateCart'])
    expect(taken).toHaveLength(BACKLOG_LIMIT)
    expect(taken[0]?.payload).toEqual({ reason: 'a5' })
    expect(taken.at(-1)?.payload).toEqual({ reason: 'b4' })
  })
})

describe('a sign-in whose page goes on before the analytics plugin starts', () => {
  beforeEach(() => sessionStorage.clear())

  it('is mapped on the next page, before that page’s own events, once', () => {
    const mapper = definePlugin({
      id: 'mapper',
      // Its own sink: handlers are live only while one is installed.
      analyticsSink: () => ({ push: () => {} }),
      analytics: [
        { event: 'logout', tags: (e) => ({ event: 'logout', referrer: e.payload.referrer ?? '' }) },
      ],
    })
    const returnPage = tabPage()
    const first = createTestKernel([], { pending: ['mapper'], page: returnPage })
    first.kernel.bus.emit('logout', { referrer: 'return page' }, 'auth')
    returnPage.leave()
    const next = createTestKernel([], { pending: ['mapper'], page: tabPage() })
    next.kernel.bus.emit('logout', { referrer: 'next page' }, 'auth')
    next.kernel.plugins.add([{ manifest: mapper }])
    expect(next.pushed.map((p) => p.payload.referrer)).toEqual(['return page', 'next page'])
    expect(first.pushed).toEqual([])
  })

  it('a page back from the cache maps at once what the next page kept for it (its mapping already runs)', () => {
    const mapper = definePlugin({
      id: 'mapper',
      // Its own sink: handlers are live only while one is installed.
      analyticsSink: () => ({ push: () => {} }),
      analytics: [
        { event: 'logout', tags: (e) => ({ event: 'logout', referrer: e.payload.referrer ?? '' }) },
      ],
    })
    const pageA = tabPage()
    const a = createTestKernel([mapper], { page: pageA })
    pageA.leave(true)
    // Page B: the event comes before its analytics starts; the shopper goes back at once.
    const pageB = tabPage()
    const b = createTestKernel([], { pending: ['mapper'], page: pageB })
    b.kernel.bus.emit('logout', { referrer: 'on B' }, 'auth')
    pageB.leave(true)
    pageA.restore()
    expect(a.pushed.map((p) => p.payload.referrer)).toEqual(['on B'])
    expect(sessionStorage.getItem(BACKLOG_STORAGE_KEY)).toBeNull()
    // Stopped, its mapping takes nothing more: what comes back then waits for another page's.
    a.kernel.plugins.stop()
    const pageC = tabPage()
    const c = createTestKernel([], { pending: ['mapper'], page: pageC })
    c.kernel.bus.emit('logout', { referrer: 'on C' }, 'auth')
    pageC.leave(true)
    pageA.restore()
    expect(a.pushed).toHaveLength(1)
  })
})

describe('event handlers of a plugin that starts after the events (the page’s recent events)', () => {
  /** A plugin whose handlers write down what they hear. */
  const listener = (id: string, heard: string[]) =>
    definePlugin({
      id,
      events: {
        logout: (e) => void heard.push(`logout:${e.payload.referrer}`),
        updateCart: (e) => void heard.push(`updateCart:${e.payload.reason}`),
      },
    })

  it('hears what was raised before it started, in order, once, then live events once', () => {
    const heard: string[] = []
    const { kernel, faults } = createTestKernel([], { pending: ['late'] })
    kernel.bus.emit('logout', { referrer: 'a' }, 'auth')
    kernel.bus.emit('rotateToken', {}, 'auth') // a type it does not handle
    kernel.bus.emit('updateCart', { reason: 'b' }, 'cart')
    kernel.bus.emit('logout', { referrer: 'c' }, 'auth')
    kernel.plugins.add([{ manifest: listener('late', heard) }])
    expect(heard).toEqual(['logout:a', 'updateCart:b', 'logout:c'])
    kernel.bus.emit('logout', { referrer: 'd' }, 'auth')
    expect(heard).toEqual(['logout:a', 'updateCart:b', 'logout:c', 'logout:d'])
    expect(faults).toEqual([])
  })

  it('each plugin hears them, as does a mapping of the same type (they are not taken from one another)', () => {
    const first: string[] = []
    const second: string[] = []
    const mapper = definePlugin({
      id: 'mapper',
      analyticsSink: () => ({ push: () => {} }),
      analytics: [{ event: 'logout', tags: () => ({ event: 'logout' }) }],
    })
    const { kernel, pushed } = createTestKernel([], { pending: ['one', 'two', 'mapper'] })
    kernel.bus.emit('logout', { referrer: 'x' }, 'auth')
    kernel.plugins.add([{ manifest: listener('one', first) }, { manifest: mapper }], { pending: ['two'] })
    kernel.plugins.add([{ manifest: listener('two', second) }])
    expect([first, second]).toEqual([['logout:x'], ['logout:x']])
    expect(pushed).toHaveLength(1)
  })

  it('not what its own start raised, nor anything again when a plugin of the same id is added twice', () => {
    const heard: string[] = []
    const self = definePlugin({
      id: 'self',
      events: { logout: (e) => void heard.push(String(e.payload.referrer)) },
      start: (ctx) => ctx.emit('logout', { referrer: 'own start' }),
    })
    const { kernel } = createTestKernel([], { pending: ['self'] })
    kernel.bus.emit('logout', { referrer: 'before' }, 'auth')
    kernel.plugins.add([{ manifest: self }])
    kernel.plugins.add([{ manifest: self }])
    expect(heard).toEqual(['before'])
  })

  it('in one batch, a later plugin hears what an earlier one’s start raised', () => {
    const heard: string[] = []
    const emitter = definePlugin({ id: 'a-emitter', start: (ctx) => ctx.emit('logout', { referrer: 'a' }) })
    createTestKernel([emitter, listener('b-listener', heard)])
    expect(heard).toEqual(['logout:a'])
  })

  it(`keeps the newest ${RECENT_LIMIT}; a handler that throws on one is reported and hears the rest`, () => {
    const heard: string[] = []
    const picky = definePlugin({
      id: 'picky',
      events: {
        updateCart: (e) => {
          if (e.payload.reason === String(RECENT_LIMIT)) throw new Error('not this one')
          heard.push(String(e.payload.reason))
        },
      },
    })
    const { kernel, faults } = createTestKernel([], { pending: ['picky'] })
    for (let i = 0; i < RECENT_LIMIT + 5; i++) kernel.bus.emit('updateCart', { reason: String(i) }, 'cart')
    kernel.plugins.add([{ manifest: picky }])
    expect(heard).toHaveLength(RECENT_LIMIT - 1)
    expect(heard[0]).toBe('5')
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['EVENT_HANDLER_FAILED', 'picky']])
  })
})
