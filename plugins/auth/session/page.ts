/** The page the header runs in, as far as the account layer touches it; injectable for tests. */
export interface PageAccess {
  /** The full address now. */
  href(): string
  /** Replaces the address without navigating (history.replaceState), e.g. to drop `code` and `state`. */
  replace(url: string): void
  /** Navigates (the logout fallback when the identity provider cannot be reached). */
  assign(url: string): void
}

export function browserPage(): PageAccess {
  const w = typeof window === 'undefined' ? undefined : window
  return {
    href: () => w?.location.href ?? 'http://localhost/',
    replace: (url) => {
      try {
        w?.history.replaceState(w.history.state, '', url)
      } catch {
        // A sandboxed frame may refuse; the address keeps its parameters, nothing else breaks.
      }
    },
    assign: (url) => w?.location.assign(url),
  }
}
