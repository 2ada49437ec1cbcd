// @vitest-environment jsdom
import { VirtualTimeScheduler } from 'rxjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createConsentStore } from '../../kernel/consent/consentStore'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { blockedPage, type TabPage, tabPage } from '../../test/fakes/tabPage'
import { createTagManagerPort, TAG_MANAGER_RETRY_MS, TAG_QUEUE_STORAGE_KEY } from './tagManager'

const meta = { correlationId: 'c', source: 'search', ts: 0, pluginId: 'search' }

describe('tag-manager analytics port (nav spec §7)', () => {
  it('sends to utag.link at once when the tag manager is loaded', () => {
    const link = vi.fn()
    const port = createTagManagerPort({ utag: { link } } as unknown as Window)
    port.push({ event: 'search', search_term: 'x' }, meta)
    expect(link).toHaveBeenCalledWith({ event: 'search', search_term: 'x' })
  })

  it('queues until the tag manager loads, checking every 100 ms, and keeps the order', () => {
    expect(TAG_MANAGER_RETRY_MS).toBe(100)
    const scheduler = new VirtualTimeScheduler()
    const win = {} as Window & { utag?: { link: (d: unknown) => void } }
    const port = createTagManagerPort(win, scheduler)
    port.push({ event: 'a' }, meta)
    port.push({ event: 'b' }, meta)
    scheduler.maxFrames = 250
    scheduler.flush()
    expect(port.pending()).toBe(2)
    const seen: unknown[] = []
    win.utag = { link: (d) => seen.push(d) }
    scheduler.maxFrames = 400
    scheduler.flush()
    expect(seen).toEqual([{ event: 'a' }, { event: 'b' }])
    expect(port.pending()).toBe(0)
    port.push({ event: 'c' }, meta)
    expect(seen).toHaveLength(3)
  })

  it('views and links share the queue: each sent once, in the order raised, however many polls', () => {
    const scheduler = new VirtualTimeScheduler()
    const win = {} as Window & { utag?: { link: (d: unknown) => void; view: (d: unknown) => void } }
    const port = createTagManagerPort(win, scheduler)
    port.view({ event: 'page_view', page_id: '/' })
    port.push({ event: 'a' }, meta)
    scheduler.maxFrames = 3000
    scheduler.flush()
    const seen: unknown[] = []
    win.utag = { link: (d) => seen.push(['link', d]), view: (d) => seen.push(['view', d]) }
    port.push({ event: 'b' }, meta)
    scheduler.maxFrames = 6000
    scheduler.flush()
    expect(seen).toEqual([
      ['view', { event: 'page_view', page_id: '/' }],
      ['link', { event: 'a' }],
      ['link', { event: 'b' }],
    ])
  })

  it('a page view waiting for its customer fields stays first: what is raised meanwhile waits behind it', async () => {
    const seen: unknown[] = []
    const record = (call: string) => (d: unknown) => void seen.push([call, d])
    const port = createTagManagerPort({
      utag: { link: record('link'), view: record('view') },
    } as unknown as Window)
    let answer: (fields: Record<string, unknown> | undefined) => void = () => {}
    port.view({ event: 'page_view', page_id: '/' }, new Promise((r) => (answer = r)))
    port.push({ event: 'login' }, meta)
    expect(seen).toEqual([])
    expect(port.pending()).toBe(2)
    answer({ customer_id: '8000000101' })
    await Promise.resolve()
    expect(seen).toEqual([
      ['view', { event: 'page_view', page_id: '/', customer_id: '8000000101' }],
      ['link', { event: 'login' }],
    ])
    // Fields that never come (a failed call) leave the page view as it stands.
    const failed = createTagManagerPort({
      utag: { link: record('link'), view: record('view') },
    } as unknown as Window)
    failed.view({ event: 'page_view', page_id: '/c' }, Promise.reject(new Error('x')))
    await new Promise((r) => setTimeout(r, 0))
    expect(seen.at(-1)).toEqual(['view', { event: 'page_view', page_id: '/c' }])
  })

  it('a throwing tag manager does not break the header', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const port = createTagManagerPort({
      utag: {
        link: () => {
          throw new Error('vendor bug')
        },
      },
    } as unknown as Window)
    expect(() => port.push({ event: 'x' }, meta)).not.toThrow()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('tag-manager port under consent (nav spec §4: analytical, c1)', () => {
  const denyAt = (consent: ReturnType<typeof createConsentStore>, analytical: boolean) =>
    consent.set(chosenConsent({ analytical }))

  it('drops what is raised while analytical is denied, and sends again at once when allowed', () => {
    const link = vi.fn()
    const consent = createConsentStore()
    const port = createTagManagerPort({ utag: { link } } as unknown as Window, undefined, consent)
    denyAt(consent, false)
    port.push({ event: 'denied' }, meta)
    denyAt(consent, true)
    port.push({ event: 'allowed' }, meta)
    expect(link.mock.calls).toEqual([[{ event: 'allowed' }]])
  })

  it('a denial stops the queue at once: nothing waiting is sent later, even after an allow', () => {
    const scheduler = new VirtualTimeScheduler()
    const consent = createConsentStore(undefined, () => scheduler.now())
    const win = {} as Window & { utag?: { link: (d: unknown) => void } }
    const port = createTagManagerPort(win, scheduler, consent)
    port.push({ event: 'queued' }, meta)
    expect(port.pending()).toBe(1)
    denyAt(consent, false)
    expect(port.pending()).toBe(0)
    denyAt(consent, true)
    const seen: unknown[] = []
    win.utag = { link: (d) => seen.push(d) }
    scheduler.maxFrames = 300
    scheduler.flush()
    expect(seen).toEqual([])
    port.push({ event: 'after' }, meta)
    expect(seen).toEqual([{ event: 'after' }])
  })
})

describe('calls still waiting when the page is left (carried to the tab’s next page)', () => {
  beforeEach(() => sessionStorage.clear())
  const T = 1_700_000_000_000
  const clockAt = (ms: number) => {
    const scheduler = new VirtualTimeScheduler()
    const now = scheduler.now.bind(scheduler)
    scheduler.now = () => T + ms + now()
    return scheduler
  }
  const utagOn = (page: TabPage) => {
    const seen: unknown[] = []
    page.utag = { link: (d) => seen.push(['link', d]), view: (d) => seen.push(['view', d]) }
    return seen
  }
  const run = (scheduler: VirtualTimeScheduler, frames = 300) => {
    scheduler.maxFrames = frames
    scheduler.flush()
  }
  const analytical = (allowed: boolean) => chosenConsent({ analytical: allowed })

  /** Page A queues a view and a link while its utag.js is still loading, and is left. */
  function leaveWithQueue() {
    const first = tabPage()
    const port = createTagManagerPort(first, clockAt(0))
    port.view({ event: 'page_view', page_id: '/' })
    port.push({ event: 'login', method: 'idp' }, meta)
    first.leave()
    expect(port.pending()).toBe(0)
    return first
  }

  it('the next page sends them first, in order, each once; a reload sends nothing again', () => {
    leaveWithQueue()
    const next = tabPage()
    const scheduler = clockAt(100)
    const port = createTagManagerPort(next, scheduler)
    expect(sessionStorage.getItem(TAG_QUEUE_STORAGE_KEY)).toBeNull()
    port.view({ event: 'page_view', page_id: '/c/coffee' })
    expect(port.pending()).toBe(3)
    const seen = utagOn(next)
    run(scheduler)
    expect(seen).toEqual([
      ['view', { event: 'page_view', page_id: '/' }],
      ['link', { event: 'login', method: 'idp' }],
      ['view', { event: 'page_view', page_id: '/c/coffee' }],
    ])
    run(scheduler, 3000)
    expect(seen).toHaveLength(3)
    const reload = tabPage()
    createTagManagerPort(reload, clockAt(200))
    expect(utagOn(reload)).toEqual([])
  })

  it('sends them at once where the tag manager is already there', () => {
    leaveWithQueue()
    const next = tabPage()
    const seen = utagOn(next)
    createTagManagerPort(next, clockAt(100))
    expect(seen).toHaveLength(2)
  })

  it('carries nothing a denial stopped, and sends nothing the next page’s consent denies', () => {
    const first = tabPage()
    const scheduler = clockAt(0)
    const consent = createConsentStore(undefined, () => scheduler.now())
    const port = createTagManagerPort(first, scheduler, consent)
    port.push({ event: 'stopped' }, meta)
    consent.set(analytical(false))
    first.leave()
    expect(sessionStorage.getItem(TAG_QUEUE_STORAGE_KEY)).toBeNull()

    leaveWithQueue()
    const next = tabPage()
    const nextClock = clockAt(100)
    const denied = createConsentStore(analytical(false), () => nextClock.now())
    const nextPort = createTagManagerPort(next, nextClock, denied)
    const seen = utagOn(next)
    denied.set(analytical(true))
    run(nextClock)
    expect(seen).toEqual([])
    expect(nextPort.pending()).toBe(0)
  })

  it('ignores a malformed stored queue (and removes it), and a blocked storage', () => {
    sessionStorage.setItem(
      TAG_QUEUE_STORAGE_KEY,
      JSON.stringify([
        { call: 'track', payload: { event: 'x' }, at: T },
        { call: 'link', payload: { no: 'event' }, at: T },
        { call: 'link', payload: { event: 'fine' }, at: T },
      ]),
    )
    const next = tabPage()
    const seen = utagOn(next)
    createTagManagerPort(next, clockAt(0))
    expect(seen).toEqual([['link', { event: 'fine' }]])
    sessionStorage.setItem(TAG_QUEUE_STORAGE_KEY, '[{"call":"link",')
    createTagManagerPort(tabPage(), clockAt(0))
    expect(sessionStorage.getItem(TAG_QUEUE_STORAGE_KEY)).toBeNull()

    const blocked = blockedPage()
    const scheduler = clockAt(0)
    const port = createTagManagerPort(blocked, scheduler)
    port.push({ event: 'kept' }, meta)
    expect(() => blocked.leave()).not.toThrow()
    expect(port.pending()).toBe(1)
    const kept = utagOn(blocked)
    run(scheduler)
    expect(kept).toEqual([['link', { event: 'kept' }]])
  })

  it('a page back from the cache sends what no other page took, once', () => {
    const first = tabPage()
    const scheduler = clockAt(0)
    const port = createTagManagerPort(first, scheduler)
    port.push({ event: 'waiting' }, meta)
    first.leave(true)
    first.restore()
    expect(port.pending()).toBe(1)
    const seen = utagOn(first)
    run(scheduler)
    expect(seen).toEqual([['link', { event: 'waiting' }]])
  })
})
