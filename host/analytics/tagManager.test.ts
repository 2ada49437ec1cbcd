import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
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
