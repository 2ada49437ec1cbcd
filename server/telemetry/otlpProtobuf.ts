import { join } from 'node:path'
import { Reader, Root, type Type } from 'protobufjs'
import { REPO_ROOT } from '../paths'
import { measureOtlp, tooManyNodesMessage } from './otlpBudget'
import { misTypedField } from './otlpWireTypes'

/**
 * OTLP/HTTP's binary encoding, read with protobufjs from the official definitions vendored in
 * `./proto` (see its README): requests become the OTLP JSON shape the valibot schemas check
 * (otlpSchemas.ts), and the receiver's answers to protobuf senders are protobuf too.
 */

/** From the repository root, so the bundled server (dist-server/main.mjs) finds them too. */
const PROTO_DIR = join(REPO_ROOT, 'server', 'telemetry', 'proto')

interface OtlpTypes {
  traceRequest: Type
  traceResponse: Type
  logsRequest: Type
  logsResponse: Type
  status: Type
}

let types: OtlpTypes | undefined

/** Parsed once, on the first protobuf request or answer. Exported for tests that watch a conversion. */
export function otlpTypes(): OtlpTypes {
  if (types) return types
  const root = new Root()
  // Imports name paths from the proto root; protobufjs serves google/protobuf/* from its own copy.
  root.resolvePath = (_origin, target) => join(PROTO_DIR, target)
  root.loadSync(
    [
      'opentelemetry/proto/collector/trace/v1/trace_service.proto',
      'opentelemetry/proto/collector/logs/v1/logs_service.proto',
      'google/rpc/status.proto',
    ],
    { keepCase: false },
  )
  root.resolveAll()
  types = {
    traceRequest: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    traceResponse: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
    logsRequest: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest'),
    logsResponse: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse'),
    status: root.lookupType('google.rpc.Status'),
  }
  return types
}

/** The two OTLP signals the receiver takes. */
export type OtlpSignal = 'traces' | 'logs'

/** Thrown for a body protobufjs cannot read as the request message; `tooDeep` for its nesting limit. */
export class OtlpProtobufError extends Error {
  constructor(
    message: string,
    readonly tooDeep: boolean,
    /** More values than OTLP_MAX_NODES: refused before any conversion (otlpBudget.ts). */
    readonly tooLarge = false,
  ) {
    super(message)
    this.name = 'OtlpProtobufError'
  }
}

type Json = Record<string, unknown>

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : [])

/** Protobuf ids are raw bytes, shown in base64 by toObject; OTLP JSON writes them as hex. */
function idsToHex(holder: Json, keys: readonly string[]) {
  for (const key of keys) {
    const value = holder[key]
    if (typeof value === 'string') holder[key] = Buffer.from(value, 'base64').toString('hex')
  }
}

/**
 * A binary `ExportTraceServiceRequest` / `ExportLogsServiceRequest` as the OTLP JSON encoding: field
 * names in lowerCamelCase, trace and span ids as hex, 64-bit integers (times, `intValue`) as decimal
 * strings, enums as numbers, `bytesValue` in base64, NaN and the infinities as strings. A field the
 * message leaves out takes its proto3 default (empty list, '', 0, null for a message), since the
 * wire cannot tell it from one set to that default; `AnyValue` keeps only the member it was sent.
 * Checking the values is left to the schemas, as for JSON.
 */
export function decodeOtlpProtobuf(signal: OtlpSignal, body: Uint8Array): unknown {
  const t = otlpTypes()
  const type = signal === 'traces' ? t.traceRequest : t.logsRequest
  let json: Json
  try {
    const reader = Reader.create(Buffer.from(body.buffer, body.byteOffset, body.byteLength))
    // proto3 strings must be UTF-8. A sender's broken one is read with U+FFFD in place of the bad
    // bytes (Node's decoder) instead of refusing the batch, as one bad JSON string never does.
    reader.stringVerify = reader.string
    // Kept (as views of the body) so misTypedField can tell a known field sent with the wrong wire
    // type from a field a newer OTLP added; protobufjs drops both by default.
    reader.discardUnknown = false
    const message = type.decode(reader)
    // Counted before the conversion, which would give each of half a million empty spans all its fields.
    if (measureOtlp(message) === 'large') throw new OtlpProtobufError(tooManyNodesMessage(), false, true)
    // A known field with the wrong wire type is no OTLP (it decoded as an empty export).
    const misTyped = misTypedField(type, message)
    if (misTyped) throw new OtlpProtobufError(misTyped, false)
    json = type.toObject(message, {
      longs: String,
      enums: Number,
      bytes: String,
      defaults: true,
      json: true,
    })
  } catch (error) {
    if (error instanceof OtlpProtobufError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new OtlpProtobufError(reason, /max depth/i.test(reason))
  }
  if (signal === 'traces') {
    for (const rs of list(json.resourceSpans))
      for (const ss of list(rs.scopeSpans))
        for (const span of list(ss.spans)) {
          idsToHex(span, ['traceId', 'spanId', 'parentSpanId'])
          for (const link of list(span.links)) idsToHex(link, ['traceId', 'spanId'])
        }
  } else {
    for (const rl of list(json.resourceLogs))
      for (const sl of list(rl.scopeLogs))
        for (const record of list(sl.logRecords)) idsToHex(record, ['traceId', 'spanId'])
  }
  return json
}

/** The success answer to a protobuf export: an empty `Export…ServiceResponse`, encoded. */
export function encodeOtlpResponse(signal: OtlpSignal): Uint8Array<ArrayBuffer> {
  const t = otlpTypes()
  return new Uint8Array((signal === 'traces' ? t.traceResponse : t.logsResponse).encode({}).finish())
}

/** A `google.rpc.Status` in the protobuf encoding, for errors answered to protobuf senders. */
export function encodeStatus(status: { code: number; message: string }): Uint8Array<ArrayBuffer> {
  const t = otlpTypes()
  const message = t.status.fromObject({ code: status.code, message: status.message })
  return new Uint8Array(t.status.encode(message).finish())
}

/** Reads a protobuf `google.rpc.Status` (tests, and anyone checking an answer by hand). */
export function decodeStatus(body: Uint8Array): { code: number; message: string } {
  const t = otlpTypes()
  const status = t.status.toObject(t.status.decode(body), { defaults: true }) as {
    code: number
    message: string
  }
  return { code: status.code, message: status.message }
}

/** Encodes an OTLP request given in the JSON shape (ids as hex), as a protobuf sender would (tests). */
export function encodeOtlpRequest(signal: OtlpSignal, json: unknown): Uint8Array {
  const t = otlpTypes()
  const type = signal === 'traces' ? t.traceRequest : t.logsRequest
  const copy = structuredClone(json) as Json
  const toBase64 = (holder: Json, keys: readonly string[]) => {
    for (const key of keys) {
      const value = holder[key]
      if (typeof value === 'string') holder[key] = Buffer.from(value, 'hex').toString('base64')
    }
  }
  if (signal === 'traces') {
    for (const rs of list(copy.resourceSpans))
      for (const ss of list(rs.scopeSpans))
        for (const span of list(ss.spans)) toBase64(span, ['traceId', 'spanId', 'parentSpanId'])
  } else {
    for (const rl of list(copy.resourceLogs))
      for (const sl of list(rl.scopeLogs))
        for (const r of list(sl.logRecords)) toBase64(r, ['traceId', 'spanId'])
  }
  return type.encode(type.fromObject(copy)).finish()
}
