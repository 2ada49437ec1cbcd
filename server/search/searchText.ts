import { escapeHtml } from '../pages/escapeHtml'

/** Longest search text accepted (characters); longer is a 400, not a silent cut. */
export const MAX_SEARCH_TEXT = 200
/** Words of a search text that take part in the query; the rest are ignored. */
const MAX_WORDS = 8
const MAX_WORD_LENGTH = 40

/**
 * Lower case without accents, one character in for one character out, so an index in the folded
 * text is the same index in the original (the highlighter relies on it). PGlite has no unaccent
 * extension, so the seed stores text folded here and queries are folded the same way.
 */
export function fold(text: string): string {
  let out = ''
  for (const ch of text) {
    const plain = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    // Keep the length: a character that folds to 0 or 2+ characters (rare ligatures) stays as is.
    out += plain.length === ch.length ? plain : ch
  }
  return out
}

/**
 * Text as the products table stores it for search: folded, and a hyphen before a digit made a space.
 * PostgreSQL's parser reads "k-3500" as the word "k" and the signed integer "-3500", which no typed
 * "3500" (searchWords drops the hyphen) would ever match, so model numbers found nothing.
 */
export function searchableText(text: string): string {
  return fold(text).replace(/-(?=[0-9])/g, ' ')
}

/**
 * The key a suggestion term is stored and matched by: folded, typographic apostrophes (’ ‘ ʼ) as the
 * ' a keyboard types, whitespace runs as one space, trimmed. Punctuation stays: "k-cup", "10 %".
 */
export function suggestionKey(text: string): string {
  return fold(text)
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A suggestion key from each place a word starts (a letter or digit after anything else), the whole
 * key first: "k-cup pods" gives "k-cup pods", "cup pods" and "pods", so "cu" finds it by a prefix.
 */
export function wordStarts(key: string): string[] {
  const starts = [key]
  for (const m of key.matchAll(/(?<=[^\p{L}\p{N}])[\p{L}\p{N}]/gu)) starts.push(key.slice(m.index))
  return starts
}

/** `text` with LIKE's own characters (% _ and the escape \) escaped, for `LIKE … ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`)
}

/**
 * The searchable words of a user text: folded, split on anything but letters and digits. What is
 * left can never carry tsquery syntax (& | ! : * ( ) < > quotes) nor SQL, whatever was typed.
 */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH))
}

/**
 * The two tsquery texts the SQL combines: every word but the last must match (stemmed), the last is
 * a prefix ("cof" finds "coffee"). Suggestions want every word as a prefix (`allPrefix`).
 */
export function tsqueryParts(words: readonly string[], allPrefix = false): { whole: string; prefix: string } {
  const last = words.at(-1)
  if (last === undefined) return { whole: '', prefix: '' }
  const head = words.slice(0, -1)
  return {
    whole: head.map((w) => (allPrefix ? `${w}:*` : w)).join(' & '),
    prefix: `${last}:*`,
  }
}

/** Characters of `text` (folded) covered by a query word: at a word start, the common prefix. */
function markedRanges(folded: string, words: readonly string[]): boolean[] {
  const marked = new Array<boolean>(folded.length).fill(false)
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const termWord = match[0]
    for (const word of words) {
      let common = 0
      while (common < word.length && common < termWord.length && word[common] === termWord[common]) common++
      // The whole typed word, or a stem-sized overlap ("brewers" typed, "brewer" in the term).
      if (common === word.length || common >= 3) marked.fill(true, match.index, match.index + common)
    }
  }
  return marked
}

/**
 * A suggestion term as HTML: the text escaped, the parts matching the typed words in <strong>
 * (header spec: suggestion terms may carry markup). Accents do not matter for the match.
 */
export function highlight(term: string, words: readonly string[]): string {
  const marked = markedRanges(fold(term), words)
  let html = ''
  let open = false
  let i = 0
  for (const ch of term) {
    const on = marked[i] ?? false
    if (on !== open) html += on ? '<strong>' : '</strong>'
    open = on
    html += escapeHtml(ch)
    i += ch.length
  }
  return open ? `${html}</strong>` : html
}
