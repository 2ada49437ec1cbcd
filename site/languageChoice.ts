import { toFrench } from './routeTable'

/**
 * The language-chosen cookie (header spec §4): the header writes it when the shopper switches
 * language — 'true' for French, 'false' for English — and the store honours it: the home
 * page's bare address, the one a shopper types (`www.brew.ca/`), leads a shopper who chose French to
 * the French home page. One rule for the header (which writes the cookie) and the page server
 * (which reads it).
 */
export const LANGUAGE_CHOSEN_COOKIE = 'languageChosen'

/**
 * Where a request for `path` goes instead, given the cookie's value: the French home page for the
 * English home page when French was chosen; undefined (the page itself) otherwise. Only the bare
 * home address: every other English address names its language (a link, a bookmark, a shared
 * page) and is served as asked, and 'false' or no cookie changes nothing. The cookie exists only
 * where the shopper could choose French (the language switch of the Canadian store), so the rule
 * needs no brand.
 */
export function chosenLanguageRedirect(path: string, cookie: string | undefined): string | undefined {
  if (cookie !== 'true' || path !== '/') return undefined
  return toFrench('/')
}
