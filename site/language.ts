/**
 * The page language and the localised-path rule (header spec §2 route table, "any other path: the
 * French form is the English path with the /fr prefix"). Pure, and the only place the `/fr` prefix
 * is read or written: the header, its plugins and the reference server all use these functions.
 */

/** The languages of the stores: English everywhere, French on the Canadian store. */
export type Lang = 'en' | 'fr'

/** `/fr` alone, or followed by a path, a query or a fragment (`/fr/…`, `/fr?…`, `/fr#…`); not `/frites`. */
const FRENCH_PREFIX = /^\/fr(?=[/?#]|$)/

/** Whether `path` already carries the French prefix. */
export const hasFrenchPrefix = (path: string): boolean => FRENCH_PREFIX.test(path)

/**
 * The page's language from its path: French for `/fr` and anything under `/fr/`, and also for a
 * `/fr/` segment further in (`/c/fr/x`); English otherwise.
 */
export function langFromPath(path: string): Lang {
  return /^\/fr(\/|$)/.test(path) || path.includes('/fr/') ? 'fr' : 'en'
}

/**
 * The language a path is written in, by its prefix only: French when it carries `/fr`, else English.
 * The language switch translates by this (site/routeTable.ts); on an odd path such as `/c/fr/x` it
 * differs from langFromPath, and the switch then keeps the address.
 */
export const langFromPrefix = (path: string): Lang => (hasFrenchPrefix(path) ? 'fr' : 'en')

/**
 * `path` (a same-origin path, optionally with query and fragment) in `lang`: French paths carry the
 * `/fr` prefix, exactly once. English paths, paths that already carry it and anything that does not
 * start with `/` (not a path on this site; callers check that first) are returned as they are. The
 * home page is `/fr` (`/` → `/fr`); `/?q` and `/#x` become `/fr/?q` and `/fr/#x`.
 * The route table's own French forms (`/fr/accueil`, `/fr/recherche`…) are site/routeTable.ts.
 */
export function localizedPath(lang: Lang, path: string): string {
  if (lang !== 'fr' || !path.startsWith('/') || hasFrenchPrefix(path)) return path
  return path === '/' ? '/fr' : `/fr${path}`
}

/** `path` without its French prefix (`/fr/cart` → `/cart`, `/fr` → `/`, `/fr?q` → `/?q`); others as they are. */
export function withoutLangPrefix(path: string): string {
  if (!hasFrenchPrefix(path)) return path
  const rest = path.slice('/fr'.length)
  return rest.startsWith('/') ? rest : `/${rest}`
}
