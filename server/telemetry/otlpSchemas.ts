import * as v from 'valibot'

/**
 * The OTLP/HTTP JSON encoding (opentelemetry-proto, `ExportTraceServiceRequest` and
 * `ExportLogsServiceRequest`) as the JS exporters send it: ids as hex strings, 64-bit numbers as
 * decimal strings (numbers accepted too), enums as integers. Only the fields the server stores are
 * checked; unknown fields are dropped, and `null` counts as absent as proto3 JSON allows.
 */

/** One OTLP `AnyValue`: exactly one of the fields is set (none means an empty value). */
export interface OtlpAnyValue {
  stringValue?: string | null
  boolValue?: boolean | null
  intValue?: string | number | null
  doubleValue?: number | string | null
  bytesValue?: string | null
  arrayValue?: { values?: OtlpAnyValue[] | null } | null
  kvlistValue?: { values?: OtlpKeyValue[] | null } | null
}

/** One attribute: a key and its value. */
export interface OtlpKeyValue {
  key: string
  value?: OtlpAnyValue | null
}

const hexId = (length: number, what: string) =>
  v.pipe(
    v.string(`must be a ${what} as ${length} hex characters`),
    v.regex(new RegExp(`^[0-9a-fA-F]{${length}}$`), `must be a ${what} as ${length} hex characters`),
  )

/** Span ids that may be left out: absent, null or the empty string all mean "none". */
const optionalHexId = (length: number, what: string) =>
  v.nullish(v.union([v.literal(''), hexId(length, what)], `must be a ${what} as ${length} hex characters`))

const MAX_INT64 = 9223372036854775807n

const NANOS_MESSAGE = 'must be nanoseconds since 1970 as a decimal string such as "1718000000000000000"'

/** Unix time in nanoseconds: a decimal string or a number, stored as a PostgreSQL bigint. */
const unixNano = v.union(
  [
    v.pipe(
      v.string(),
      v.check((s) => /^\d{1,19}$/.test(s) && BigInt(s) <= MAX_INT64, NANOS_MESSAGE),
    ),
    v.pipe(
      v.number(),
      v.integer(NANOS_MESSAGE),
      v.minValue(0, NANOS_MESSAGE),
      v.maxValue(9e18, NANOS_MESSAGE),
    ),
  ],
  NANOS_MESSAGE,
)

const smallInt = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`
  return v.nullish(
    v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)),
  )
}

const AnyValueSchema: v.GenericSchema<OtlpAnyValue> = v.object({
  stringValue: v.nullish(v.string()),
  boolValue: v.nullish(v.boolean()),
  intValue: v.nullish(
    v.union(
      [
        v.pipe(v.string(), v.regex(/^-?\d+$/, 'must be an integer or a decimal string')),
        v.pipe(v.number(), v.integer('must be an integer or a decimal string')),
      ],
      'must be an integer or a decimal string',
    ),
  ),
  // proto3 JSON writes NaN and the infinities as strings.
  doubleValue: v.nullish(v.union([v.number(), v.string()], 'must be a number')),
  bytesValue: v.nullish(v.string()),
  arrayValue: v.nullish(v.object({ values: v.nullish(v.array(v.lazy(() => AnyValueSchema))) })),
  kvlistValue: v.nullish(v.object({ values: v.nullish(v.array(v.lazy(() => KeyValueSchema))) })),
})

const KeyValueSchema: v.GenericSchema<OtlpKeyValue> = v.object({
  key: v.string('must be the attribute name as a string'),
  value: v.nullish(AnyValueSchema),
})

const Attributes = v.nullish(v.array(KeyValueSchema, 'must be a list of {key, value} attributes'))

const ResourceSchema = v.nullish(v.object({ attributes: Attributes }))
const ScopeSchema = v.nullish(v.object({ name: v.nullish(v.string()), version: v.nullish(v.string()) }))

const SpanSchema = v.object({
  traceId: hexId(32, 'trace id'),
  spanId: hexId(16, 'span id'),
  parentSpanId: optionalHexId(16, 'parent span id'),
  name: v.string('must be the span name as a string'),
  kind: smallInt(0, 5),
  startTimeUnixNano: unixNano,
  endTimeUnixNano: unixNano,
  attributes: Attributes,
  events: v.nullish(
    v.array(
      v.object({
        name: v.nullish(v.string()),
        timeUnixNano: v.nullish(unixNano),
        attributes: Attributes,
      }),
    ),
  ),
  status: v.nullish(v.object({ code: smallInt(0, 2), message: v.nullish(v.string()) })),
  // A later action links to the page load it happened on (kernel/telemetry/spans.ts).
  links: v.nullish(
    v.array(
      v.object({
        traceId: hexId(32, 'link trace id'),
        spanId: hexId(16, 'link span id'),
        attributes: Attributes,
      }),
    ),
  ),
})

/** Missing top-level list: most likely a payload sent to the wrong endpoint, so say which is right. */
const topLevel =
  (key: string, list: string, hint: string): v.ErrorMessage<v.ObjectIssue> =>
  (issue) =>
    issue.path?.length ? `is required: a list of ${list} (${hint})` : `must be a JSON object with '${key}'`

/** The body of `POST /v1/traces`. */
export const TraceRequestSchema = v.object(
  {
    resourceSpans: v.array(
      v.object({
        resource: ResourceSchema,
        scopeSpans: v.nullish(
          v.array(v.object({ scope: ScopeSchema, spans: v.nullish(v.array(SpanSchema)) })),
        ),
      }),
      'must be a list of resource spans',
    ),
  },
  topLevel('resourceSpans', 'resource spans', 'log records go to POST /v1/logs, not /v1/traces'),
)
/** A validated trace request; unknown fields are gone. */
export type TraceRequest = v.InferOutput<typeof TraceRequestSchema>
/** One validated span. */
export type OtlpSpan = v.InferOutput<typeof SpanSchema>

const LogRecordSchema = v.object({
  timeUnixNano: v.nullish(unixNano),
  observedTimeUnixNano: v.nullish(unixNano),
  severityNumber: smallInt(0, 24),
  severityText: v.nullish(v.string()),
  body: v.nullish(AnyValueSchema),
  attributes: Attributes,
  traceId: optionalHexId(32, 'trace id'),
  spanId: optionalHexId(16, 'span id'),
})

/** The body of `POST /v1/logs`. */
export const LogsRequestSchema = v.object(
  {
    resourceLogs: v.array(
      v.object({
        resource: ResourceSchema,
        scopeLogs: v.nullish(
          v.array(v.object({ scope: ScopeSchema, logRecords: v.nullish(v.array(LogRecordSchema)) })),
        ),
      }),
      'must be a list of resource logs',
    ),
  },
  topLevel('resourceLogs', 'resource logs', 'spans go to POST /v1/traces, not /v1/logs'),
)
/** A validated logs request; unknown fields are gone. */
export type LogsRequest = v.InferOutput<typeof LogsRequestSchema>
/** One validated log record. */
export type OtlpLogRecord = v.InferOutput<typeof LogRecordSchema>

/** `resourceSpans[0].scopeSpans[1].spans[2].traceId`: where an issue is, as a JS path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = ''
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key
    path += typeof key === 'number' ? `[${key}]` : `${path ? '.' : ''}${String(key)}`
  }
  return path || '(body)'
}

/** The first few issues as readable lines, each naming its field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], max = 5): string[] {
  return issues.slice(0, max).map((issue) => `'${issuePath(issue)}' ${issue.message}.`)
}
