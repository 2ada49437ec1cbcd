import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { ALL_ALLOWED, consentStateOf } from '../../contracts/consentState'
import { createConsentStore } from '../../kernel/consent/consentStore'
import { createTagManagerPort, TAG_MANAGER_RETRY_MS } from './tagManager'

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
    consent.set(
      consentStateOf({
        choices: { ...ALL_ALLOWED, analytical },
        chosen: true,
        policyVersion: 'v',
        gpc: false,
      }),
    )

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
