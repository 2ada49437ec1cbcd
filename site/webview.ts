/**
 * App webview detection (header spec §1): inside the store's mobile app only the global
 * notification is shown. The app identifies itself by a token in its user agent; a `webview=1`
 * query parameter forces the mode too (for the app's own links and for testing in a browser).
 */

/** The user-agent token when the site configuration gives none (`app.webview.useragent.token`). */
export const DEFAULT_WEBVIEW_TOKEN = 'OneHeaderApp'

export interface WebviewInput {
  userAgent: string
  /** The page's query string, with or without the leading '?'. */
  search: string
  /** Case-sensitive substring of the app's user agent; an empty or missing token means the default. */
  token?: string
}

/** True inside the app webview: the user agent carries the token, or the query has `webview=1`. */
export function isAppWebview({ userAgent, search, token }: WebviewInput): boolean {
  const needle = typeof token === 'string' && token !== '' ? token : DEFAULT_WEBVIEW_TOKEN
  if (typeof userAgent === 'string' && userAgent.includes(needle)) return true
  try {
    return new URLSearchParams(typeof search === 'string' ? search : '').getAll('webview').includes('1')
  } catch {
    return false
  }
}
