import type { OtlpAnyValue, OtlpKeyValue } from './otlpSchemas'

/** What an OTLP value becomes in a JSONB column. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** PostgreSQL text and jsonb refuse U+0000, so one stray NUL would lose a whole batch. */
const clean = (s: string) => s.replaceAll(String.fromCharCode(0), '\uFFFD')

/**
 * An OTLP `AnyValue` as plain JSON: `{stringValue:'a'}` → `'a'`, arrays and key-value lists
 * recursively. 64-bit integers beyond JavaScript's safe range stay decimal strings so no digit is lost.
 */
export function anyValueToJson(value: OtlpAnyValue | null | undefined): JsonValue {
  if (!value) return null
  if (value.stringValue != null) return clean(value.stringValue)
  if (value.boolValue != null) return value.boolValue
  if (value.intValue != null) {
    const n = Number(value.intValue)
    return Number.isSafeInteger(n) ? n : String(value.intValue)
  }
  // NaN and the infinities arrive as strings and have no JSON number; keep their names.
  if (value.doubleValue != null) return value.doubleValue
  if (value.bytesValue != null) return value.bytesValue
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValueToJson)
  if (value.kvlistValue) return attributesToObject(value.kvlistValue.values)
  return null
}

/** OTLP attributes `[{key, value}]` as one object; a repeated key keeps its last value. */
export function attributesToObject(list: readonly OtlpKeyValue[] | null | undefined): {
  [key: string]: JsonValue
} {
  const out: { [key: string]: JsonValue } = {}
  for (const { key, value } of list ?? []) out[clean(key)] = anyValueToJson(value)
  return out
}

/** Nanoseconds as the decimal text PostgreSQL reads into a bigint (numbers may have lost digits). */
export function nanosText(value: string | number | null | undefined): string | undefined {
  if (value == null) return undefined
  return typeof value === 'number' ? BigInt(Math.trunc(value)).toString() : value
}
