/**
 * One page of a browser tab, for the carry-over tests (kernel/analytics/carryOver.ts): its own
 * `pagehide`/`pageshow` events, the tab's session storage shared with the tab's other pages.
 */
export type TabPage = Window & {
  utag?: { link: (data: unknown) => void; view?: (data: unknown) => void }
  /** The page is left (`pagehide`); `persisted` when it goes into the back/forward cache. */
  leave(persisted?: boolean): void
  /** The page comes back from the back/forward cache (`pageshow` with `persisted`). */
  restore(): void
}

const transition = (type: string, persisted: boolean) => Object.assign(new Event(type), { persisted })

export function tabPage(storage: Storage | (() => Storage) = () => window.sessionStorage): TabPage {
  const events = new EventTarget()
  const page = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    leave: (persisted = false) => events.dispatchEvent(transition('pagehide', persisted)),
    restore: () => events.dispatchEvent(transition('pageshow', true)),
  }
  // A getter, as the browser's: blocked storage throws on access.
  Object.defineProperty(page, 'sessionStorage', {
    get: () => (typeof storage === 'function' ? storage() : storage),
  })
  return page as unknown as TabPage
}

/** A tab whose session storage is blocked: reading `sessionStorage` throws, as in the browser. */
export const blockedPage = () =>
  tabPage(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  })
