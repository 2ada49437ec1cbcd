/*
 * The search text's rules, apart from the search payloads' schemas (contracts/search.ts re-exports
 * them): the search part, hydrated before the kernel, carries no schema library.
 */

// The `text` parameter of the search page (header spec §5), as the header writes it and the server reads it.

/** Marker a suggestion link adds to its text, so the search page can tell a suggested search. */
export const SUGGESTION_SUFFIX = '@search_suggestion'

// Made on first use: building a Segmenter loads the ICU break rules, which costs tens of ms at
// start-up on a slow phone, and most pages never cut a text that long.
let graphemes: Intl.Segmenter | undefined

/**
 * At most `limit` UTF-16 code units of `text` — the unit an input's `maxLength` counts — cut at a
 * grapheme boundary, so an emoji, a flag or an accented letter is kept whole or dropped whole.
 */
export function truncateToLimit(text: string, limit: number): string {
  const max = Math.max(0, Math.floor(Number.isFinite(limit) ? limit : 0))
  if (text.length <= max) return text
  let end = 0
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
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
