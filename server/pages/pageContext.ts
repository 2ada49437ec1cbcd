import { cleanSearchText } from '../../contracts/search'
import type { Brand, Lang } from '../../site/brand'
import { SERVER_BRANDS } from '../brands'
import { routeName } from './routeNames'

/** How long a search text may be in the page heading (the header's own limit is site config). */
const MAX_HEADING_TEXT = 100

export interface PageContext {
  brand: Brand
  lang: Lang
  /** `lang` attribute of <html>: French pages are Canadian French. */
  htmlLang: 'en' | 'fr-CA'
  brandName: string
  /** Route id from the route table (`home`, `search`, `category`, …; `other` when unknown). */
  pageId: string
  /** Plain text (not yet escaped) for the <h1>. */
  heading: string
  /** Plain text (not yet escaped) for the <title>. */
  title: string
}

/** The search page's text: the suggestion marker (nav spec §2) is not part of what was searched. */
export function searchPageText(query: URLSearchParams, max = MAX_HEADING_TEXT): string {
  // The header's own rule for the parameter (marker removed, cut at a grapheme boundary).
  return cleanSearchText(query.get('text') ?? '', max).trim()
}

function searchHeading(lang: Lang, query: URLSearchParams): string | undefined {
  const text = searchPageText(query)
  if (!text) return undefined
  return lang === 'fr' ? `Résultats de recherche pour « ${text} »` : `Search results for “${text}”`
}

/** What a host page is about, from brand, language and address alone (no database). */
export function pageContextFor(
  brand: Brand,
  lang: Lang,
  path: string,
  query: URLSearchParams = new URLSearchParams(),
): PageContext {
  const route = routeName(path, lang)
  const heading = (route.id === 'search' && searchHeading(lang, query)) || route.name
  const brandName = SERVER_BRANDS[brand].displayName
  return {
    brand,
    lang,
    htmlLang: lang === 'fr' ? 'fr-CA' : 'en',
    brandName,
    pageId: route.id,
    heading,
    title: `${heading} | ${brandName}`,
  }
}
