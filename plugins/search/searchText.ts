import { cleanSearchText, SUGGESTION_SUFFIX } from '../../contracts/searchText'
import type { Lang } from '../../site/brand'

/** The search page per language (header spec §2 route table). */
import { SEARCH_PAGE } from '../../site/searchPage'

// The `text` parameter's rules are shared with the reference server's search page.
export { cleanSearchText, SUGGESTION_SUFFIX, truncateToLimit, wellFormed } from '../../contracts/searchText'
export { SEARCH_PAGE }

/** Reads the `text` parameter of a page address (the search page fills the box with it). */
export function textFromSearch(search: string, limit: number): string {
  try {
    return cleanSearchText(new URLSearchParams(search).get('text') ?? '', limit)
  } catch {
    return ''
  }
}

/** The search page address for `text`; a suggestion carries the marker. */
export function searchPageUrl(lang: Lang, text: string, limit: number, suggestion = false): string {
  const clean = cleanSearchText(text, limit)
  const value = suggestion ? `${clean}${SUGGESTION_SUFFIX}` : clean
  return `${SEARCH_PAGE[lang]}?text=${encodeURIComponent(value)}`
}

/** Whether the box's text asks for suggestions (header spec §5): empty, or more than 2 characters. */
export function wantsSuggestions(text: string): boolean {
  const trimmed = text.trim()
  return trimmed === '' || [...trimmed].length > 2
}
