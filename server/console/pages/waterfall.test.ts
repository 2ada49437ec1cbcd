// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { effectiveStatus, type WaterfallSpan } from '../traceDetail'
import { criticalPath, tickStep, waterfall } from './waterfall'

const ms = (n: number) => BigInt(n) * 1_000_000n
const span = (
  id: string,
  parent: string | null,
  from: number,
  to: number,
  extra: Partial<WaterfallSpan> = {},
) =>
  ({
    spanId: id.padStart(16, '0'),
    parentSpanId: parent === null ? null : parent.padStart(16, '0'),
    name: `span ${id}`,
    service: 'one-header',
    kind: 1,
    startNs: ms(from),
    endNs: ms(to),
    statusCode: 0,
    statusMessage: null,
    depth: 0,
    attributes: {},
    events: [],
    resource: {},
    links: [],
    ...extra,
  }) satisfies WaterfallSpan

describe('the waterfall’s time axis', () => {
  it('steps by 1, 2 or 5 times a power of ten, at most eight steps over the page load (they fit a phone)', () => {
    expect(tickStep(62)).toBe(10)
    expect(tickStep(950)).toBe(200)
    expect(tickStep(1000)).toBe(200)
    expect(tickStep(1450)).toBe(200)
    expect(tickStep(6600)).toBe(1000)
    expect(tickStep(2.5)).toBe(0.5)
    for (const total of [3, 47, 380, 1234, 9999, 60_000]) {
      const ticks = total / tickStep(total)
      expect(ticks, String(total)).toBeGreaterThanOrEqual(2)
      expect(ticks, String(total)).toBeLessThanOrEqual(8)
    }
  })
})

describe('the critical path', () => {
  it('walks back from the end through the child that finished last, then what ran before it', () => {
    // page 0–100: start 10–90 holds a 20–40 call and a 30–85 call, which holds a 40–80 server span;
    // a 22–30 call ran beside the 20–40 one, which ended later: nothing waited for it.
    const spans = [
      span('1', null, 0, 100),
      span('2', '1', 10, 90),
      span('3', '2', 22, 30),
      span('4', '2', 20, 40),
      span('5', '2', 30, 85),
      span('6', '5', 40, 80),
      span('7', '1', 91, 92),
    ]
    const path = [...criticalPath(spans)].map((id) => Number.parseInt(id, 16)).sort()
    expect(path).toEqual([1, 2, 4, 5, 6, 7])
  })

  it('follows children that end after their parent (the page server’s span ends before the header starts)', () => {
    // page 0–30; header start 120–400 under it, holding a 130–300 call; a preloaded 40–90 call before it.
    const spans = [
      span('1', null, 0, 30),
      span('2', '1', 40, 90),
      span('3', '1', 120, 400),
      span('4', '3', 130, 300),
      span('5', '3', 125, 128),
    ]
    const path = [...criticalPath(spans)].map((id) => Number.parseInt(id, 16)).sort()
    expect(path).toEqual([1, 2, 3, 4, 5])
  })
})

describe('OpenTelemetry’s HTTP conventions for a call’s status', () => {
  it('reads a client span answered 4xx or 5xx as an error with the status as its message; a set status stays', () => {
    expect(effectiveStatus(3, 0, null, 401)).toEqual({ code: 2, message: 'HTTP 401' })
    expect(effectiveStatus(3, 0, null, 503)).toEqual({ code: 2, message: 'HTTP 503' })
    expect(effectiveStatus(3, 0, null, 204)).toEqual({ code: 0, message: null })
    // A server answering 4xx did its job (the client erred): unset, as the conventions say.
    expect(effectiveStatus(2, 0, null, 404)).toEqual({ code: 0, message: null })
    expect(effectiveStatus(3, 2, 'boom: upstream 503', 503)).toEqual({
      code: 2,
      message: 'boom: upstream 503',
    })
    expect(effectiveStatus(3, 1, null, 404)).toEqual({ code: 1, message: null })
  })
})

describe('the waterfall’s markup', () => {
  const spans = [
    span('1', null, 0, 1000, { name: 'page GET home', service: 'one-header-reference-server', kind: 2 }),
    span('2', '1', 100, 900, { name: 'header.start', depth: 1 }),
    span('3', '2', 120, 300, {
      name: 'HTTP POST auth/login',
      kind: 3,
      depth: 2,
      statusCode: 2,
      statusMessage: 'boom: upstream 503',
      httpStatus: 503,
      attributes: { 'http.response.status_code': 503, 'url.path': '/api/auth/login' },
      events: [
        { name: 'exception', timeUnixNano: ms(200).toString(), attributes: { 'exception.message': 'boom' } },
      ],
      resource: { 'service.name': 'one-header', 'one_header.brand': 'cab2c' },
      links: [{ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16), attributes: {} }],
    }),
  ]
  const render = (selected?: string) =>
    waterfall(spans, {
      traceStartNs: 0n,
      traceEndNs: ms(1000),
      ...(selected ? { selected } : {}),
      hrefFor: (id) => (id ? `/t?span=${id}` : '/t'),
    }).html

  it('draws one line per span with its name, service and duration, bars on a ticked axis, subtrees that fold', () => {
    const html = render()
    expect(html.match(/class="wfRow/g)).toHaveLength(3)
    expect(html).toMatch(/span 0*3|HTTP POST auth\/login<\/a>/)
    expect(html).toContain('one-header-reference-server · 1000.0 ms')
    expect(html).toMatch(/class="wfBar" style="left:12\.000%;width:18\.000%"/)
    // Ticks every 200 ms from 0 to 1 s, and subtrees folding with native details, open.
    // The last tick's label ends at its tick (class "end"), or it would run past the track.
    expect(html).toContain('<span style="left:100.000%" class="end">1000 ms</span>')
    expect(
      [...html.matchAll(/<span style="left:[\d.]+%"(?: class="end")?>([^<]+)<\/span>/g)].map((m) => m[1]),
    ).toEqual(['0 ms', '200 ms', '400 ms', '600 ms', '800 ms', '1000 ms'])
    expect(html.match(/<details open><summary>/g)).toHaveLength(2)
    expect(html).toContain('The 1 span under header.start')
    // Errors red, the critical path marked, services in their colours; and a table as text alternative.
    expect(html).toMatch(/class="wfRow error critical"/)
    expect(html).toContain('on the critical path')
    expect(html).toMatch(
      /<table>[\s\S]*Level 3: <\/span>HTTP POST auth\/login<\/th>[\s\S]*error<\/strong> — boom: upstream 503/,
    )
    // No detail until a span is chosen.
    expect(html).not.toContain('spanDetail')
  })

  it('opens a span’s detail under its line: status and message, attributes, events, resource, links', () => {
    const html = render('3'.padStart(16, '0'))
    const detail = /<section class="spanDetail"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    expect(detail).toMatch(
      /<dt>Status<\/dt><dd><strong class="err">error<\/strong> — boom: upstream 503<\/dd>/,
    )
    expect(detail).toMatch(/<th scope="row">http\.response\.status_code<\/th><td>503<\/td>/)
    expect(detail).toMatch(/<strong>exception<\/strong> at \+200\.0 ms/)
    expect(detail).toMatch(/<caption>Resource<\/caption>[\s\S]*one_header\.brand<\/th><td>cab2c/)
    expect(detail).toContain(`/console/traces/${'a'.repeat(32)}?span=${'b'.repeat(16)}`)
    expect(html).toMatch(/aria-expanded="true">HTTP POST auth\/login/)
  })
})
