import { HOME_PATH } from './homePath'
import { type Lang, langFromPrefix, localizedPath, withoutLangPrefix } from './language'
import { fillPattern, matchPattern, type RouteParams } from './routePattern'
import { type SafeLocation, toSafeLocation, type UrlLike, withoutTrailingSlash } from './safeLocation'
/**
 * The language switch (header spec §2): the route table between English paths and their French
 * counterparts under /fr, as data, and the functions that read it in both directions.
 *
 * Choices the spec leaves open (also in the README):
 * - Brand-name pages ("path carries the brand name"): the brand's lowercase slug from the brand
 *   config (`brewco`) is spliced in: `/brewco-starter-kit` ↔ `/fr/trousse-de-demarrage-brewco`,
 *   `/brewco-deals` ↔ `/fr/offres-brewco`, `/brewco-rewards` ↔ `/fr/programme-fidelite-brewco`.
 *   Without a valid slug those rows are skipped and the /fr prefix rule applies.
 * - Trailing slashes: ignored for matching and dropped from the result (`/cart/` → `/fr/cart`,
 *   `/fr/` → `/`); the store's pages have no trailing slash.
 * - Recipe and hub articles use the opposite-language category and title the page stores
 *   (hidden inputs `oppositeLanguageCategory`, `oppositeLanguageTitle`). When they are missing or
 *   unusable the switch goes to the section root (`/fr/recettes`, `/recipes`, `/fr/hub`, `/hub`)
 *   rather than guess a slug that would 404.
 * - The loyalty pages of the last row ("not shown") follow the /fr prefix rule.
 * - Anything that is not a same-origin path is read as `/`, so the result is always a path on this
 *   site (`/` or `/fr/accueil` for `//evil.com`); query and fragment are kept.
 */
import { isSameOriginPath } from './safePath'

export type { UrlLike }
export { isSameOriginPath }

/** One row of the route table. Patterns use `{brandName}`, `{name}` (one segment), `{...name}` (the rest). */
export interface RouteRow {
  en: string
  fr: string
  /** Several English pages share this French page; the row is only read English to French. */
  oneWay?: true
  /** Article rows: placeholders are filled from the page's opposite-language slugs, else this root. */
  opposite?: { en: string; fr: string }
}

const RECIPES_ROOT = { en: '/recipes', fr: '/fr/recettes' }
const HUB_ROOT = { en: '/hub', fr: '/fr/hub' }
const prefixed = (...paths: string[]): RouteRow[] => paths.map((en) => ({ en, fr: localizedPath('fr', en) }))

/** Header spec §2, in table order. The first matching row wins. */
export const ROUTE_TABLE: readonly RouteRow[] = [
  HOME_PATH,
  { en: '/search', fr: '/fr/recherche' },
  ...prefixed('/login', '/logout', '/my-account', '/my-account/order/{code}', '/my-account/{...rest}'),
  ...prefixed('/new/my-account/my-replenishment', '/checkout/orderConfirmation/{code}'),
  ...prefixed('/replenishment/view-or-edit/{code}'),
  { en: '/cart', fr: '/fr/cart' },
  { en: '/productcompare/compare-product', fr: '/fr/cart', oneWay: true },
  { en: '/appliances/register-brewer', fr: '/fr/appliances/enregistrez-votre-cafetiere' },
  { en: '/brewer-registration', fr: '/fr/appliances/enregistrez-votre-cafetiere', oneWay: true },
  { en: '/appliances/register-brewer/thank-you', fr: '/fr/appliances/register-brewer/merci' },
  { en: '/{brandName}-starter-kit', fr: '/fr/trousse-de-demarrage-{brandName}' },
  ...prefixed('/coffee-auto-delivery', '/lp/smart-family', '/small-business-bundle', '/content/contact-us'),
  ...prefixed('/content/terms-and-conditions', '/quiz', '/coffeemakerquiz', '/coffeemakerquiz/results'),
  { en: '/sustainability', fr: '/fr/developpement-durable' },
  { en: '/{brandName}-deals', fr: '/fr/offres-{brandName}' },
  { en: '/discontinued-items', fr: '/fr/article-de-fin-de-serie' },
  { en: '/loyalty-program-terms-conditions', fr: '/fr/termes-conditions-programme-fidelite' },
  { en: '/terms-conditions', fr: '/fr/conditions-utilisation' },
  { en: '/{brandName}-rewards', fr: '/fr/programme-fidelite-{brandName}' },
  ...prefixed('/loyalty/rewardsHistory', '/membership/point-history', '/loyalty/rewards'),
  ...prefixed('/membership/rewards-catalog'),
  { en: '/recipes', fr: '/fr/recettes' },
  { en: '/recipes/{category}', fr: '/fr/recettes/{category}', opposite: RECIPES_ROOT },
  { en: '/recipes/{category}/{title}', fr: '/fr/recettes/{category}/{title}', opposite: RECIPES_ROOT },
  { en: '/recipes/{...rest}', fr: '/fr/recettes/{...rest}', opposite: RECIPES_ROOT },
  { en: '/hub', fr: '/fr/hub' },
  { en: '/hub/{category}', fr: '/fr/hub/{category}', opposite: HUB_ROOT },
  { en: '/hub/{category}/{title}', fr: '/fr/hub/{category}/{title}', opposite: HUB_ROOT },
  { en: '/hub/{...rest}', fr: '/fr/hub/{...rest}', opposite: HUB_ROOT },
]

/** What the switch needs to know beyond the address. */
export interface RouteContext {
  /** The brand's lowercase slug (`brewco`), for the brand-name pages. */
  brandName?: string
  /** The opposite-language slugs a recipe or hub article stores in its hidden inputs. */
  oppositeLanguage?: { category: string; title: string }
}

const HOME = HOME_PATH

/** Paths with a /c/, /p/ or /b/ segment (category, product, brand pages) just take the language prefix. */
const isCatalogue = (path: string) => /\/[cpb]\/[^/]/.test(path)

/** An opposite-language slug as one encoded segment, or undefined when it could leave its segment. */
function slugSegment(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  let text = value.trim()
  try {
    text = decodeURIComponent(text)
  } catch {
    // Not percent-encoded after all: use it as written.
  }
  if (text === '' || text === '.' || text === '..' || /[/\\?#\s\p{Cc}]/u.test(text)) return undefined
  return encodeURIComponent(text)
}

function oppositeSlugs(ctx: RouteContext): RouteParams {
  const params: RouteParams = {}
  const category = slugSegment(ctx.oppositeLanguage?.category)
  const title = slugSegment(ctx.oppositeLanguage?.title)
  if (category) params.category = category
  if (title) params.title = title
  return params
}

function translatePath(path: string, from: Lang, to: Lang, ctx: RouteContext): string {
  const prefixRule = () => (to === 'fr' ? localizedPath('fr', path) : withoutLangPrefix(path))
  if (isCatalogue(path)) return prefixRule()
  for (const row of ROUTE_TABLE) {
    if (to === 'en' && row.oneWay) continue
    const params = matchPattern(row[from], path, ctx.brandName)
    if (!params) continue
    if (row.opposite) return fillPattern(row[to], oppositeSlugs(ctx), ctx.brandName) ?? row.opposite[to]
    return fillPattern(row[to], params, ctx.brandName) ?? prefixRule()
  }
  return prefixRule()
}

const format = (loc: SafeLocation) => loc.pathname + loc.search + loc.hash

/**
 * The switch translates by the prefix (site/language.ts langFromPrefix). The page's own language
 * (langFromPath) also counts `/fr/` further in, so on an odd path such as `/c/fr/x` the two differ:
 * the switch then keeps the address (see closing note).
 */
function switchTo(input: unknown, to: Lang, ctx: RouteContext): string {
  const loc = toSafeLocation(input)
  const from = langFromPrefix(loc.pathname)
  if (from === to) return format(loc)
  const pathname = translatePath(withoutTrailingSlash(loc.pathname), from, to, ctx)
  const out = format({ ...loc, pathname })
  // Belt and braces: the table cannot produce an off-site address, but the guard is cheap.
  return isSameOriginPath(out) ? out : HOME[to]
}

/** The French address of `path` (a pathname, optionally with query and fragment). French input is returned as is. */
export const toFrench = (path: string | UrlLike, ctx: RouteContext = {}): string => switchTo(path, 'fr', ctx)

/** The English address of `path` (a pathname, optionally with query and fragment). English input is returned as is. */
export const toEnglish = (path: string | UrlLike, ctx: RouteContext = {}): string => switchTo(path, 'en', ctx)

/**
 * The address of the current page in `target` language, keeping query and fragment
 * (`/search?text=pods` → `/fr/recherche?text=pods`). Always a same-origin path starting with one '/';
 * never throws, whatever `url` holds.
 */
export function switchLanguageUrl(
  url: string | UrlLike,
  target: Lang,
  ctx: { brandName: string; oppositeLanguage?: { category: string; title: string } },
): string {
  return switchTo(url, target === 'fr' ? 'fr' : 'en', ctx ?? {})
}
