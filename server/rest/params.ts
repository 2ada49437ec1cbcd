import type { Context } from 'hono'
import { BRANDS, type Brand, isBrand, type Lang } from '../../site/brand'
import { ApiError, validationError } from '../http/apiError'

/** The `{brand}` path segment: one of the three store brands. */
export function brandParam(c: Context): Brand {
  const brand = c.req.param('brand')
  if (isBrand(brand)) return brand
  throw validationError(
    `Unknown brand '${brand}' in the path: use /rest/v2/{brand}/… with one of ${BRANDS.join(', ')}.`,
    'invalid',
  )
}

/** A required query parameter, trimmed. */
export function requiredQuery(c: Context, name: string, hint: string): string {
  const value = c.req.query(name)?.trim()
  if (!value) throw validationError(`Query parameter '${name}' is required: ${hint}.`, 'missing')
  return value
}

/** The `lang` query parameter: en or fr. */
export function langQuery(c: Context): Lang {
  const lang = requiredQuery(c, 'lang', 'use lang=en or lang=fr')
  if (lang === 'en' || lang === 'fr') return lang
  throw validationError(`Query parameter 'lang' must be en or fr, not '${lang}'.`, 'invalid')
}

/** An optional positive integer query parameter up to `max`. */
export function optionalCount(c: Context, name: string, max: number): number | undefined {
  const raw = c.req.query(name)?.trim()
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (Number.isInteger(n) && n >= 1 && n <= max) return n
  throw validationError(
    `Query parameter '${name}' must be a whole number from 1 to ${max}, not '${raw}'.`,
    'invalid',
  )
}

/** 404 for a CMS item that does not exist for this brand and language. */
export const notFound = (what: string, brand: Brand, lang: Lang) =>
  new ApiError(404, 'CMSItemNotFoundError', `No ${what} for brand ${brand} in language ${lang}.`)

/** `lang` where a caller may leave it out: en unless given, and then en or fr (400 otherwise). */
export const optionalLang = (c: Context): Lang => (c.req.query('lang')?.trim() ? langQuery(c) : 'en')
