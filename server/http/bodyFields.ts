import type { Context } from 'hono'
import { isStorableValue } from './storableText'

/**
 * A form-encoded (what browsers and auth0-spa-js send) or JSON body as its string fields, for the
 * identity provider's pages and token endpoint; undefined when there is no readable body. The auth
 * API, which needs typed fields and clear refusals, decodes with http/readBody.ts instead.
 */
export async function bodyFields(c: Context): Promise<Record<string, string> | undefined> {
  const type = c.req.header('content-type') ?? ''
  let raw: unknown
  try {
    if (type.includes('application/json')) raw = await c.req.json()
    else if (/application\/x-www-form-urlencoded|multipart\/form-data/.test(type))
      raw = await c.req.parseBody()
    else return undefined
  } catch {
    return undefined
  }
  // Text the database cannot hold makes the body unreadable here (http/storableText.ts).
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !isStorableValue(raw)) return undefined
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) if (typeof value === 'string') fields[name] = value
  return fields
}
