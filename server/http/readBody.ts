import type { Context } from 'hono'
import * as v from 'valibot'
import { ApiError } from './apiError'
import { describeBodyIssues } from './describeBodyIssues'
import { isStorableValue, unstorableMessage } from './storableText'

/** Largest request body of the account routes; their bodies are a few short fields. */
export const MAX_BODY_BYTES = 16 * 1024

export interface ReadBodyOptions {
  /** Form fields that are booleans: 'true' and 'on' are true, 'false' and '' false. */
  booleans?: readonly string[]
  /** The error to throw, given a message that names the fix (never a submitted value). */
  fail: (message: string) => Error
  /** An empty body is `{}` (for bodies whose fields are all optional). */
  allowEmpty?: boolean
  /**
   * JSON only: anything else is 415. For endpoints no other site may post to: a form needs no CORS
   * preflight, so any page could send one with the shopper's browser.
   */
  jsonOnly?: boolean
}

const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i

async function readJson(c: Context, opts: ReadBodyOptions): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') {
    if (opts.allowEmpty) return {}
    throw opts.fail('The request body is empty: send the fields as JSON or form-encoded.')
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw opts.fail('The request body is not valid JSON.')
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw opts.fail(
      `The request body must be a JSON object of fields, not ${Array.isArray(json) ? 'an array' : String(json === null ? 'null' : typeof json)}.`,
    )
  }
  return json
}

async function readForm(c: Context, opts: ReadBodyOptions): Promise<Record<string, unknown>> {
  let form: Record<string, unknown>
  try {
    form = { ...(await c.req.parseBody()) }
  } catch {
    throw opts.fail('The form-encoded request body could not be read.')
  }
  for (const name of opts.booleans ?? []) {
    const value = form[name]
    if (typeof value === 'string') {
      const lower = value.toLowerCase()
      if (lower === 'true' || lower === 'on') form[name] = true
      else if (lower === 'false' || lower === '') form[name] = false
    }
  }
  if (Object.keys(form).length === 0 && !opts.allowEmpty) {
    throw opts.fail('The request body is empty: send the fields as JSON or form-encoded.')
  }
  return form
}

/**
 * The body, JSON or form-encoded, decoded by `schema`. Anything else is `opts.fail` with a message
 * naming the field and the rule, so a wrong-shaped body is a 400, never a 500.
 */
export async function readBody<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  opts: ReadBodyOptions,
): Promise<v.InferOutput<S>> {
  const type = c.req.header('content-type') ?? ''
  let raw: unknown
  if (opts.jsonOnly && !JSON_TYPE.test(type))
    throw new ApiError(415, 'UnsupportedMediaTypeError', 'Send the body as application/json.')
  if (FORM.test(type)) raw = await readForm(c, opts)
  else if (JSON_TYPE.test(type) || type === '') raw = await readJson(c, opts)
  else {
    throw opts.fail(
      `Send the body as application/json or application/x-www-form-urlencoded, not '${type.slice(0, 60)}'.`,
    )
  }
  // Text the database cannot hold is refused before any field is looked at (http/storableText.ts).
  if (!isStorableValue(raw)) throw opts.fail(unstorableMessage('body'))
  const result = v.safeParse(schema, raw)
  if (result.success) return result.output
  throw opts.fail(`Wrong request body: ${describeBodyIssues(result.issues)}`)
}
