/**
 * Hand-written OTLP/HTTP JSON requests shaped like those of @opentelemetry/exporter-trace-otlp-http
 * and exporter-logs-otlp-http (opentelemetry-proto JSON encoding: hex ids, nanosecond strings,
 * integer enums, extra fields the receiver ignores). Test data only.
 */

export const SESSION_ID = '5f0c2a8e-1b2c-4d3e-8f90-a1b2c3d4e5f6-18f9a2b3c4d'
export const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
export const ROOT_SPAN = '00f067aa0ba902b7'
export const FETCH_SPAN = 'b7ad6b7169203331'
export const SEARCH_SPAN = 'e457b5a2e4d86bd1'

const str = (key: string, value: string) => ({ key, value: { stringValue: value } })
const int = (key: string, value: number) => ({ key, value: { intValue: value } })

const browserResource = (correlationId?: string) => ({
  attributes: [
    str('service.name', 'one-header-browser'),
    str('telemetry.sdk.language', 'webjs'),
    str('telemetry.sdk.name', 'opentelemetry'),
    str('telemetry.sdk.version', '3.1.0'),
    ...(correlationId ? [str('correlation.id', correlationId)] : []),
  ],
  droppedAttributesCount: 0,
})

const base = 1718000000000000000n
const at = (ms: number) => (base + BigInt(ms * 1_000_000)).toString()

/** Three spans of one page load (root, a REST fetch, a failed search), plus one without a session. */
export function traceRequest(correlationId = SESSION_ID) {
  return {
    resourceSpans: [
      {
        resource: browserResource(correlationId),
        scopeSpans: [
          {
            scope: { name: 'one-header', version: '0.1.0' },
            spans: [
              {
                traceId: TRACE_ID,
                spanId: FETCH_SPAN,
                parentSpanId: ROOT_SPAN,
                traceState: '',
                name: 'HTTP GET /rest/v2/usb2c/cms/pages',
                kind: 3,
                startTimeUnixNano: at(20),
                endTimeUnixNano: at(65),
                attributes: [
                  str('http.request.method', 'GET'),
                  str('url.path', '/rest/v2/usb2c/cms/pages'),
                  int('http.response.status_code', 200),
                ],
                droppedAttributesCount: 0,
                events: [],
                droppedEventsCount: 0,
                status: { code: 0 },
                links: [],
                droppedLinksCount: 0,
                flags: 257,
              },
              {
                traceId: TRACE_ID,
                spanId: ROOT_SPAN,
                name: 'header.plugins.start',
                kind: 1,
                startTimeUnixNano: at(0),
                endTimeUnixNano: at(120),
                attributes: [
                  str('header.brand', 'usb2c'),
                  { key: 'header.ready', value: { boolValue: true } },
                ],
                events: [],
                status: { code: 1 },
                flags: 1,
              },
              {
                traceId: TRACE_ID.toUpperCase(),
                spanId: SEARCH_SPAN,
                parentSpanId: ROOT_SPAN,
                name: 'HTTP GET /api/search',
                kind: 3,
                startTimeUnixNano: Number(at(30)),
                endTimeUnixNano: at(5030),
                attributes: [
                  str('plugin.id', 'search'),
                  str('error.type', 'timeout'),
                  { key: 'search.terms', value: { arrayValue: { values: [{ stringValue: 'dark roast' }] } } },
                  { key: 'retry.delay', value: { doubleValue: 1.5 } },
                ],
                events: [
                  {
                    name: 'exception',
                    timeUnixNano: at(5030),
                    attributes: [str('exception.message', 'GET /api/search timed out')],
                  },
                ],
                status: { code: 2, message: 'timeout' },
              },
            ],
          },
        ],
      },
      {
        resource: browserResource(),
        scopeSpans: [
          {
            scope: { name: 'one-header' },
            spans: [
              {
                traceId: '0af7651916cd43dd8448eb211c80319c',
                spanId: '1111111111111111',
                name: 'header.prefetch',
                kind: 1,
                startTimeUnixNano: at(1),
                endTimeUnixNano: at(2),
              },
            ],
          },
        ],
      },
    ],
  }
}

/** Two log records of the session, the later one first, as an exporter batch may order them. */
export function logsRequest(correlationId = SESSION_ID) {
  return {
    resourceLogs: [
      {
        resource: browserResource(),
        scopeLogs: [
          {
            scope: { name: 'one-header/logging' },
            logRecords: [
              {
                timeUnixNano: at(5031),
                observedTimeUnixNano: at(5032),
                severityNumber: 17,
                severityText: 'ERROR',
                body: {
                  kvlistValue: {
                    values: [
                      str('message', 'GET /api/search timed out'),
                      str('logType', 'API_FAILURE_CODE5XX'),
                      { key: 'details', value: { kvlistValue: { values: [str('stackTrace', '')] } } },
                    ],
                  },
                },
                attributes: [
                  str('correlation.id', correlationId),
                  str('logType', 'API_FAILURE_CODE5XX'),
                  str('logCategory', 'HIGH'),
                  str('pluginId', 'search'),
                ],
                droppedAttributesCount: 0,
                flags: 1,
                traceId: TRACE_ID,
                spanId: SEARCH_SPAN,
              },
              {
                timeUnixNano: '0',
                observedTimeUnixNano: at(10),
                severityNumber: 9,
                severityText: 'INFO',
                body: { stringValue: 'header mounted' },
                attributes: [str('correlation.id', correlationId), str('logType', 'INFO')],
              },
            ],
          },
        ],
      },
    ],
  }
}

/** The root span of traceRequest() as the server stores it, in whatever encoding it was sent. */
export const storedRoot = (traceId: string) => ({
  traceId,
  parentSpanId: null,
  name: 'header.plugins.start',
  kind: 1,
  startTimeUnixNano: '1718000000000000000',
  endTimeUnixNano: '1718000000120000000',
  statusCode: 1,
  attributes: { 'header.brand': 'usb2c', 'header.ready': true },
})
