/**
 * The tiny pattern language of the route table (routeTable.ts). A pattern is a pathname with
 * placeholders:
 * - `{brandName}`: the brand's lowercase slug from the caller (`brewco`), matched literally;
 * - `{name}`: exactly one path segment;
 * - `{...name}`: one or more segments (the rest of the path).
 * Patterns match whole pathnames (no query, no trailing slash), case-sensitively, like the store's routes.
 */

/** Values a pattern captured, by placeholder name. */
export type RouteParams = Record<string, string>

const PLACEHOLDER = /\{(\.\.\.)?([A-Za-z][A-Za-z0-9]*)\}/g
const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** True for a usable brand slug: lowercase letters, digits and single inner hyphens (`brewco`, `brew-co`). */
export const isBrandSlug = (value: unknown): value is string =>
  typeof value === 'string' && BRAND_SLUG.test(value)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// Compiled patterns are cached per brand: the table is small and static, the switch runs on every render.
const cache = new Map<string, RegExp | null>()

function compile(pattern: string, brandName: string | undefined): RegExp | null {
  const key = `${brandName ?? ''}\u0000${pattern}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  let source = '^'
  let last = 0
  let usable = true
  for (const m of pattern.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(pattern.slice(last, m.index))
    const [, rest, name] = m
    if (name === 'brandName') {
      // A brand row cannot match without a valid brand: it then falls through to the /fr prefix rule.
      if (!isBrandSlug(brandName)) usable = false
      else source += escapeRegExp(brandName)
    } else {
      source += rest ? `(?<${name}>[^/]+(?:/[^/]+)*)` : `(?<${name}>[^/]+)`
    }
    last = (m.index ?? 0) + m[0].length
  }
  source += `${escapeRegExp(pattern.slice(last))}$`
  const compiled = usable ? new RegExp(source) : null
  cache.set(key, compiled)
  return compiled
}

/** The placeholders captured when `path` matches `pattern`, or null when it does not match. */
export function matchPattern(pattern: string, path: string, brandName?: string): RouteParams | null {
  const m = compile(pattern, brandName)?.exec(path)
  return m ? { ...(m.groups ?? {}) } : null
}

/**
 * `pattern` with its placeholders replaced by `params` (and `{brandName}` by the brand slug), or null
 * when a value is missing or empty, so the caller can choose a fallback instead of emitting `/{title}`.
 */
export function fillPattern(pattern: string, params: RouteParams, brandName?: string): string | null {
  let missing = false
  const filled = pattern.replace(PLACEHOLDER, (_all, _rest: string | undefined, name: string) => {
    const value = name === 'brandName' ? (isBrandSlug(brandName) ? brandName : undefined) : params[name]
    if (value === undefined || value === '') missing = true
    return value ?? ''
  })
  return missing ? null : filled
}
