import type { Lang } from '../../kernel/config/brand'

/** Marker a suggestion link adds to its text, so the search page can tell a suggested search. */
export const SUGGESTION_SUFFIX = '@search_suggestion'

/** The search page per language (header spec §2 route table). */
export const SEARCH_PAGE = { en: '/search', fr: '/fr/recherche' } as const

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * At most `limit` UTF-16 code units of `text` — the unit an input's `maxLength` counts — cut at a
 * grapheme boundary, so an emoji, a flag or an accented letter is kept whole or dropped whole.
 */
export function truncateToLimit(text: string, limit: number): string {
  const max = Math.max(0, Math.floor(Number.isFinite(limit) ? limit : 0))
  if (text.length <= max) return text
  let end = 0
  for (const { segment } of graphemes.segment(text)) {
    if (end + segment.length > max) break
    end += segment.length
  }
  return text.slice(0, end)
}

/** `text` with each lone surrogate replaced by U+FFFD (what String#toWellFormed does, for older browsers). */
export const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

/**
 * The search text as the `text` URL parameter carries it (header spec §5): the suggestion marker
 * removed, lone surrogates replaced (so encoding never throws), truncated to the limit.
 * Idempotent: cleaning a cleaned text changes nothing.
 */
export function cleanSearchText(raw: string, limit: number): string {
  let text = wellFormed(raw)
  // Cutting can bring a marker to the end again ('…@search_suggestion👨‍👩‍👧' at 18): repeat until stable.
  for (let previous = ''; previous !== text; ) {
    previous = text
    while (text.endsWith(SUGGESTION_SUFFIX)) text = text.slice(0, -SUGGESTION_SUFFIX.length)
    text = truncateToLimit(text, limit)
  }
  return text
}

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
