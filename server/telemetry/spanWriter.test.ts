// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import type { Database } from '../db/database'
import { testStore } from '../db/testing/testStore'
import { createSpanWriter, EMBEDDED_STATEMENT_ROWS } from './spanWriter'
import type { SpanRow } from './storeTelemetry'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
})
afterAll(() => server.close())

/** The suite's database with each span insert written down (its row count). */
function counting(db: Database, fail = false) {
  const inserts: number[] = []
  const store: Database = {
    description: db.description,
    query: (sql, params) => {
      if (/INSERT INTO spans/.test(sql)) {
        inserts.push(JSON.parse(String(params?.[0])).length)
        if (fail) return Promise.reject(new Error('the database is away'))
      }
      return db.query(sql, params)
    },
    exec: (sql) => db.exec(sql),
    withStartupLock: (work) => db.withStartupLock(work),
    close: () => db.close(),
  }
  return { store, inserts }
}

let n = 0
const span = (trace: string): SpanRow => ({
  trace_id: trace,
  span_id: (++n).toString(16).padStart(16, '0'),
  parent_span_id: null,
  name: 'page GET /',
  kind: 2,
  start_ns: '1000',
  end_ns: '2000',
  status_code: 0,
  status_message: null,
  attributes: {},
  events: [],
  resource: { 'service.name': 'one-header-reference-server' },
  scope_name: 'one-header-reference-server/pages',
  service_name: 'one-header-reference-server',
  correlation_id: null,
})
const stored = async (trace: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spans WHERE trace_id = $1', [trace]))
    .rows[0]!.n

describe('the server span writer', () => {
  it('writes the spans of many requests in one statement, off the requests’ path', async () => {
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, () => {}, { flushMs: 60_000 })
    const trace = 'a'.repeat(32)
    for (let i = 0; i < 5; i++) writer.record(span(trace))
    // Nothing is written while the requests are answered…
    expect(inserts).toEqual([])
    // …and the five go in one batch.
    await writer.flush()
    expect(inserts).toEqual([5])
    expect(await stored(trace)).toBe(5)
  })

  it('writes a full batch at once, and the rest after flushMs', async () => {
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, () => {}, { maxBatch: 3, flushMs: 20 })
    const trace = 'b'.repeat(32)
    for (let i = 0; i < 4; i++) writer.record(span(trace))
    // The third made a full batch: it went without waiting for the timer.
    await expect.poll(() => inserts[0], { timeout: 30_000 }).toBe(3)
    // The fourth goes by the timer: waited for as the stored row, not as a time.
    await expect.poll(() => stored(trace), { timeout: 30_000 }).toBe(4)
    expect(inserts).toEqual([3, 1])
  })

  it('loses none of a page load’s spans when the server stops right after it', async () => {
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, () => {}, { flushMs: 60_000 })
    const trace = 'c'.repeat(32)
    writer.record(span(trace))
    writer.record(span(trace))
    // What createServer's close does before the database closes.
    await writer.flush()
    expect(inserts).toEqual([2])
    expect(await stored(trace)).toBe(2)
    // A flush with nothing waiting writes nothing.
    await writer.flush()
    expect(inserts).toEqual([2])
  })

  it('never fails a request: a batch the database refuses is logged', async () => {
    const logged: string[] = []
    const away = counting(server.db, true)
    const writer = createSpanWriter(away.store, (line) => logged.push(line), { flushMs: 60_000 })
    expect(() => writer.record(span('d'.repeat(32)))).not.toThrow()
    await writer.flush()
    expect(logged).toEqual([expect.stringMatching(/could not store 1 server spans \(first 'page GET \/'/)])
  })

  it('keeps at most maxWaiting spans while the database is slow, the oldest going first, and says so', async () => {
    const logged: string[] = []
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, (line) => logged.push(line), {
      maxBatch: 1000,
      maxWaiting: 3,
      flushMs: 60_000,
    })
    const trace = 'e'.repeat(32)
    for (let i = 0; i < 5; i++) writer.record(span(trace))
    await writer.flush()
    expect(inserts).toEqual([3])
    expect(logged).toEqual([expect.stringMatching(/^\[telemetry\] 2 server spans were dropped/)])
  })

  it('writes a page’s span through the server, readable once flushed', async () => {
    const page = await server.app.request('http://localhost/', {
      headers: { cookie: 'CORRELATION_ID=span-writer-test-0001' },
    })
    expect(page.status).toBe(200)
    const trace = /<meta name="traceparent" content="00-([0-9a-f]{32})-/.exec(await page.text())?.[1]
    expect(trace).toBeDefined()
    await server.flushSpans()
    expect(await stored(trace!)).toBe(1)
  })

  it('on the embedded database, writes a large batch in short statements, the requests running between them', async () => {
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, () => {}, { flushMs: 60_000, maxStatementRows: 20 })
    const trace = '5'.repeat(32)
    for (let i = 0; i < 50; i++) writer.record(span(trace))
    const order: string[] = []
    const flushed = writer.flush().then(() => order.push('flushed'))
    // A request that came in while the batch is written: it runs before the batch is all written.
    setImmediate(() => order.push(`request after ${inserts.length} statements`))
    await flushed
    expect(inserts).toEqual([20, 20, 10])
    expect(order).toEqual(['request after 1 statements', 'flushed'])
    // Flushing (what stopping does) waited for every statement: nothing is left unwritten.
    expect(await stored(trace)).toBe(50)
  })

  it('makes far fewer inserts than pages, however the embedded database splits them', async () => {
    const { store, inserts } = counting(server.db)
    const writer = createSpanWriter(store, () => {}, {
      flushMs: 60_000,
      maxStatementRows: EMBEDDED_STATEMENT_ROWS,
    })
    const app = createApp({ store, log: false, spanWriter: writer })
    const pages = 100
    const traces: string[] = []
    for (let i = 0; i < pages; i++) {
      const page = await app.request('http://localhost/')
      traces.push(/<meta name="traceparent" content="00-([0-9a-f]{32})-/.exec(await page.text())![1]!)
    }
    expect(inserts).toEqual([])
    await writer.flush()
    expect(inserts.length).toBeLessThanOrEqual(pages / EMBEDDED_STATEMENT_ROWS)
    expect(inserts.reduce((a, b) => a + b, 0)).toBe(pages)
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM spans WHERE trace_id = ANY($1::text[])',
      [traces],
    )
    expect(rows[0]!.n).toBe(pages)
  })
})
