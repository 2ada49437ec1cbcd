const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description'] as const

/** Whether `url` is a return from the provider: `state` with `code` or `error` in the query. */
export function hasCallbackParams(url: string): boolean {
  try {
    const query = new URL(url).searchParams
    return query.has('state') && (query.has('code') || query.has('error'))
  } catch {
    return false
  }
}

/** `url` without the provider's callback parameters, for `history.replaceState` after the callback. */
export function withoutCallbackParams(url: string): string {
  const parsed = new URL(url)
  for (const name of CALLBACK_PARAMS) parsed.searchParams.delete(name)
  return parsed.href
}
