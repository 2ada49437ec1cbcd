import { VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import type { ConsentRecordRequest } from '../../contracts/consent'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import { createRecordOutbox, OUTBOX_KEY, retryDelayMs } from './recordOutbox'

const record = (key: string): ConsentRecordRequest => ({
  consentId: 'visitor-1',
  idempotencyKey: key,
  action: 'accept',
  lang: 'en',
  policyVersion: '2026-12',
  choices: { functional: true, analytical: true, targeting: true },
  gpc: false,
})

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  }
}

const answers = (...statuses: (number | 'network')[]) => {
  const sent: ConsentRecordRequest[] = []
  const request = vi.fn(async ({ body }: { body?: unknown }) => {
    sent.push(body as ConsentRecordRequest)
    const status = statuses.shift() ?? 201
    if (status === 'network') return { ok: false, error: { class: 'network', message: 'offline' } }
    return status < 300
      ? { ok: true, status, data: {} }
      : { ok: false, error: { class: status < 500 ? '4xx' : '5xx', status, message: `HTTP ${status}` } }
  })
  return { http: { request } as unknown as HttpClient, sent }
}

describe('consent record outbox (stored once per choice, never lost)', () => {
  it('keeps the choice locally until the server has it, retrying with the same idempotency key', async () => {
    const scheduler = new VirtualTimeScheduler()
    const storage = memoryStorage()
    const { http, sent } = answers('network', 503, 201)
    const outbox = createRecordOutbox({ http, storage, scheduler })
    await outbox.add(record('click-1'))
    expect(outbox.pending()).toBe(1)
    expect(JSON.parse(storage.items.get(OUTBOX_KEY)!)).toEqual([record('click-1')])
    scheduler.maxFrames = retryDelayMs(0)
    scheduler.flush()
    await vi.waitFor(() => expect(sent).toHaveLength(2))
    scheduler.maxFrames = retryDelayMs(0) + retryDelayMs(1)
    scheduler.flush()
    await vi.waitFor(() => expect(outbox.pending()).toBe(0))
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['click-1', 'click-1', 'click-1'])
  })

  it('what a closed tab left behind is sent at the next page', async () => {
    const storage = memoryStorage()
    storage.setItem(OUTBOX_KEY, JSON.stringify([record('left-behind')]))
    const { http, sent } = answers(201)
    await createRecordOutbox({ http, storage }).flush()
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['left-behind'])
    expect(JSON.parse(storage.items.get(OUTBOX_KEY)!)).toEqual([])
  })

  it('a record the server refuses (4xx) is logged and dropped, never retried forever', async () => {
    const refused = vi.fn()
    const { http } = answers(400)
    const outbox = createRecordOutbox({ http, storage: memoryStorage(), onRefused: refused })
    await outbox.add(record('bad'))
    expect(outbox.pending()).toBe(0)
    expect(refused).toHaveBeenCalledOnce()
  })

  it('a tampered stored outbox is ignored, and blocked storage still sends the page’s own choice', async () => {
    const storage = memoryStorage()
    storage.setItem(OUTBOX_KEY, '[{"not":"a record"}]')
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    const { http, sent } = answers(201, 201)
    await createRecordOutbox({ http, storage }).flush()
    await createRecordOutbox({ http, storage: blocked }).add(record('in-memory'))
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['in-memory'])
  })
})

it('a second choice made while the first is on its way is sent too, in order', async () => {
  const { http, sent } = answers(201, 201)
  const outbox = createRecordOutbox({ http, storage: memoryStorage() })
  const first = outbox.add(record('first'))
  const second = outbox.add(record('second'))
  await Promise.all([first, second])
  await vi.waitFor(() => expect(sent.map((r) => r.idempotencyKey)).toEqual(['first', 'second']))
  expect(outbox.pending()).toBe(0)
})
