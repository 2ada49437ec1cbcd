/**
 * The one place where exported telemetry loses its secrets: tokens, passwords and cookie values
 * never leave the page in spans or log records. Used by the span processor and the log exporter.
 */
const SECRET_KEY = /(pass(word)?|secret|token|authorization|cookie|session|jwt|credential|api[-_]?key)/i
const REDACTED = '[redacted]'

/** Bearer tokens, JWTs and `token=…`/`password=…` query or form values inside free text. */
const SECRET_TEXT: [RegExp, string][] = [
  [/Bearer\s+[A-Za-z0-9._~+/=-]+/g, `Bearer ${REDACTED}`],
  [/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  [/((?:access_|refresh_|id_)?token|password|code)=([^&\s"']+)/gi, `$1=${REDACTED}`],
]

/** Text with secrets replaced. */
export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

/** A copy of `value` with secret-named keys redacted and secret-looking text replaced, at any depth. */
export function scrub<T>(value: T, depth = 0): T {
  if (depth > 8) return REDACTED as T
  if (typeof value === 'string') return scrubText(value) as T
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1)) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value))
      out[key] = SECRET_KEY.test(key) ? REDACTED : scrub(v, depth + 1)
    return out as T
  }
  return value
}
