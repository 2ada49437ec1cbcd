import type { Brand } from '../../../site/brand'
import { PAGE_SCOPE } from '../../telemetry/pageTraces'
import type { SpanRow } from '../../telemetry/storeTelemetry'

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0')
const PLUGINS = ['logging', 'nav', 'search', 'auth', 'loyalty'] as const

/**
 * The ten spans of one made-up page load, shaped as the real ones are (the page server's span, the
 * header's start under it, plugin starts and calls under that, the server's span under each call):
 * for the trace search's tests and its benchmark (bench/traceSearch.ts). Ids come from `n`.
 */
export function pageLoadSpans(
  n: number,
  opts: {
    brand: Brand
    startMs: number
    correlationId: string
    error?: boolean
    slow?: boolean
    /** The page served (default `/`) and its language (default `en`). */
    pagePath?: string
    lang?: string
    /** Sent by a browser only, page span and all (a forged page load): none was served. */
    browserOnly?: boolean
    /** Five plugin ids started (default logging, nav, search, auth, loyalty). */
    plugins?: readonly string[]
  },
): SpanRow[] {
  const trace = hex(n, 32)
  const id = (k: number) => hex(n * 16 + k, 16)
  const at = (ms: number) => (BigInt(Math.round((opts.startMs + ms) * 1000)) * 1000n).toString()
  const span = (
    k: number,
    parent: number | null,
    name: string,
    from: number,
    to: number,
    extra: { attributes?: Record<string, string | number>; service?: string; error?: boolean } = {},
  ): SpanRow => ({
    trace_id: trace,
    span_id: id(k),
    parent_span_id: parent === null ? null : id(parent),
    name,
    kind: parent === null ? 2 : 1,
    start_ns: at(from),
    end_ns: at(to),
    status_code: extra.error ? 2 : 0,
    status_message: null,
    attributes: { 'correlation.id': opts.correlationId, ...extra.attributes },
    events: [],
    resource: { 'service.name': extra.service ?? 'one-header' },
    scope_name: parent === null ? PAGE_SCOPE : null,
    service_name: extra.service ?? 'one-header',
    correlation_id: opts.correlationId,
    ...(opts.browserOnly ? { source: 'browser' as const } : {}),
  })
  const server = 'one-header-reference-server'
  const callMs = opts.slow ? 1500 : 40
  return [
    span(0, null, 'page GET home', 0, 30, {
      service: server,
      attributes: { 'header.brand': opts.brand, 'url.path': opts.pagePath ?? '/' },
    }),
    span(1, 0, 'header.start', 120, 400, {
      attributes: { 'header.brand': opts.brand, 'header.lang': opts.lang ?? 'en' },
    }),
    ...(opts.plugins ?? PLUGINS)
      .slice(0, 5)
      .map((p, i) =>
        span(2 + i, 1, `plugin.start ${p}`, 200 + i * 5, 203 + i * 5, { attributes: { 'plugin.id': p } }),
      ),
    span(7, 1, 'HTTP GET cms/siteConfig', 130, 130 + callMs, {
      attributes: { 'http.response.status_code': 200 },
    }),
    span(8, 1, 'HTTP GET customers/current', 300, 360, {
      attributes: { 'http.response.status_code': opts.error ? 500 : 200 },
      error: opts.error ?? false,
    }),
    span(9, 8, 'HTTP GET /rest/v2/:brand/customers/current', 305, 355, {
      service: server,
      attributes: {
        'url.path': `/rest/v2/${opts.brand}/customers/current`,
        'http.response.status_code': opts.error ? 500 : 200,
      },
      error: opts.error ?? false,
    }),
  ]
}
