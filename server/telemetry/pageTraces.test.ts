// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

const CID = 'page-trace-test-0001'
const spansOf = async (traceId: string) => {
  // Server spans are stored in batches, off the requests' path: the waiting ones are written first.
  await server.flushSpans()
  const { rows } = await server.db.query<{ name: string; span_id: string; parent_span_id: string | null }>(
    'SELECT name, span_id, parent_span_id FROM spans WHERE trace_id = $1 ORDER BY start_ns',
    [traceId],
  )
  return rows
}

describe('a page load is one trace, started by the page server', () => {
  it('hands the page its traceparent meta, records the page span, and joins the preloaded calls to it', async () => {
    const page = await server.app.request('http://localhost/c/coffee', {
      headers: { cookie: `CORRELATION_ID=${CID}` },
    })
    const meta = /<meta name="traceparent" content="00-([0-9a-f]{32})-([0-9a-f]{16})-01">/.exec(
      await page.text(),
    )
    expect(meta).not.toBeNull()
    const [, traceId, pageSpan] = meta!
    // A preloaded start-up call sends only the cookie: it joins the page's trace.
    await server.app.request(
      'http://localhost/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
      {
        headers: { cookie: `CORRELATION_ID=${CID}` },
      },
    )
    // The header's own call sends its header (and its traceparent, when it has one): not joined here.
    await server.app.request(
      'http://localhost/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
      {
        headers: { 'x-correlation-id': CID },
      },
    )
    const spans = await spansOf(traceId!)
    expect(spans.map((s) => [s.name, s.parent_span_id])).toEqual([
      ['page GET category', null],
      ['HTTP GET /rest/v2/:brand/cms/siteConfig', pageSpan],
    ])
    expect(spans[0]!.span_id).toBe(pageSpan)
  })
})
