import { useSyncExternalStore } from 'react'

// One MediaQueryList per query: `matchMedia()` parses the query each time it is called, and a render
// reads the snapshot on every keystroke (~5 ms at 4x CPU on the first one). Keyed by the function,
// so a window whose matchMedia is replaced (a test's stub) gets fresh lists.
const lists = new WeakMap<Window['matchMedia'], Map<string, MediaQueryList>>()
function mediaList(win: Window, query: string): MediaQueryList | undefined {
  // A window without matchMedia (an embedding webview, jsdom): no query matches, nothing changes.
  if (typeof win.matchMedia !== 'function') return undefined
  const byQuery = lists.get(win.matchMedia) ?? new Map<string, MediaQueryList>()
  lists.set(win.matchMedia, byQuery)
  const list = byQuery.get(query) ?? win.matchMedia(query)
  byQuery.set(query, list)
  return list
}

/** Whether a CSS media query matches now, kept current (e.g. the 991 px mobile search breakpoint). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = mediaList(window, query)
      list?.addEventListener('change', notify)
      return () => list?.removeEventListener('change', notify)
    },
    () => mediaList(window, query)?.matches ?? false,
    () => false,
  )
}
