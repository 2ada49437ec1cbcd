// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { durationMs, formatSession } from './formatSession'
import type { Session, SessionLog, SessionSpan } from './sessionTypes'

const T0 = 1718000000000000000n
const ns = (ms: number) => (T0 + BigInt(Math.round(ms * 1e6))).toString()

const span = (
  spanId: string,
  parentSpanId: string | null,
  name: string,
  fromMs: number,
  toMs: number,
  extra: Partial<SessionSpan> = {},
): SessionSpan => ({
  traceId: 'a'.repeat(32),
  spanId,
  parentSpanId,
  name,
  kind: 1,
  startTimeUnixNano: ns(fromMs),
  endTimeUnixNano: ns(toMs),
  statusCode: 0,
  statusMessage: null,
  attributes: {},
  events: [],
  resource: {},
  scopeName: null,
  serviceName: 'one-header-browser',
  correlationId: 'session-1234',
  receivedAt: '2024-06-10T06:13:21.000Z',
  ...extra,
})

const log = (atMs: number, severityText: string, body: unknown, attributes = {}): SessionLog => ({
  timeUnixNano: ns(atMs),
  severityNumber: null,
  severityText,
  body,
  attributes,
  resource: {},
  traceId: null,
  spanId: null,
  scopeName: null,
  serviceName: 'one-header-browser',
  correlationId: 'session-1234',
  receivedAt: '2024-06-10T06:13:21.000Z',
})

describe('formatSession', () => {
  it('prints each trace as a tree (children by start, orphans at the root), then the logs in time order', () => {
    const session: Session = {
      correlationId: 'session-1234',
      // Deliberately out of order: the formatter sorts.
      spans: [
        span('0000000000000003', '0000000000000001', 'HTTP GET /api/search', 30, 5030.25, {
          statusCode: 2,
          statusMessage: 'timeout',
          attributes: { 'error.type': 'timeout', 'plugin.id': 'search' },
        }),
        span('0000000000000002', '0000000000000001', 'HTTP GET /rest/v2/usb2c/cms/pages', 20, 65, {
          kind: 3,
          attributes: { 'http.response.status_code': 200 },
        }),
        span('0000000000000004', '0000000000000002', 'HTTP GET /rest/v2/:brand/cms/pages', 25, 28.5, {
          serviceName: 'one-header-reference-server',
          attributes: { 'http.response.status_code': 200 },
        }),
        span('0000000000000001', null, 'header.plugins.start', 0, 120, { statusCode: 1 }),
        span('0000000000000005', '00000000000000ff', 'late.orphan', 10, 11),
        span('0000000000000006', null, 'header.prefetch', 200, 201, { traceId: 'b'.repeat(32) }),
      ],
      logs: [
        log(
          5031,
          'ERROR',
          { message: 'GET /api/search\ntimed out', details: {} },
          {
            logType: 'API_FAILURE_CODE5XX',
            logCategory: 'HIGH',
            pluginId: 'search',
          },
        ),
        log(10, 'INFO', 'header mounted', { logType: 'INFO' }),
      ],
    }
    expect(formatSession(session)).toBe(
      [
        'Session session-1234: 6 spans in 2 traces, 2 log records',
        '',
        `Trace ${'a'.repeat(32)}`,
        '  header.plugins.start  120.0 ms  OK  one-header-browser',
        '    HTTP GET /rest/v2/usb2c/cms/pages  45.0 ms  UNSET  one-header-browser  http=200',
        '      HTTP GET /rest/v2/:brand/cms/pages  3.5 ms  UNSET  one-header-reference-server  http=200',
        '    HTTP GET /api/search  5000.3 ms  ERROR (timeout)  one-header-browser  error.type=timeout plugin.id=search',
        '  late.orphan  1.0 ms  UNSET  one-header-browser  (parent 00000000000000ff not received)',
        '',
        `Trace ${'b'.repeat(32)}`,
        '  header.prefetch  1.0 ms  UNSET  one-header-browser',
        '',
        'Logs',
        '  2024-06-10T06:13:20.010Z  INFO  header mounted  logType=INFO',
        '  2024-06-10T06:13:25.031Z  ERROR  GET /api/search timed out  logType=API_FAILURE_CODE5XX logCategory=HIGH pluginId=search',
        '',
      ].join('\n'),
    )
  })

  it('says so when a session has no spans or logs, and shortens long bodies', () => {
    const out = formatSession({
      correlationId: 'session-1234',
      spans: [],
      logs: [log(0, 'DEBUG', 'x'.repeat(300))],
    })
    expect(out.split('\n').slice(0, 4)).toEqual([
      'Session session-1234: 0 spans in 0 traces, 1 log record',
      '',
      'Logs',
      `  2024-06-10T06:13:20.000Z  DEBUG  ${'x'.repeat(199)}…`,
    ])
    expect(formatSession({ correlationId: 'session-1234', spans: [], logs: [] })).toMatch(/Logs: none\n$/)
  })

  it('keeps nanosecond precision in durations', () => {
    expect(
      durationMs({ startTimeUnixNano: '1718000000000000001', endTimeUnixNano: '1718000000000050001' }),
    ).toBe('0.1 ms')
  })
})
