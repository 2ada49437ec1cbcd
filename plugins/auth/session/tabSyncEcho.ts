import type { EventBus } from '../../../kernel/bus/createEventBus'
import type { CustomerService } from '../customer/customerService'
import type { TabSync } from '../tokens/tabSync'
import type { TokenStore } from '../tokens/tokenStore'
import type { SessionStateHolder } from './sessionState'

/** The source of a `logout` event that repeats another tab's logout in this one. */
export const OTHER_TAB_SOURCE = 'auth.otherTab'

/** This tab's side of the other tabs' news: their refreshes, sign-ins and logouts. */
export interface TabSyncEcho {
  /** True while this tab repeats another tab's logout as its own `logout` event. */
  echoing(): boolean
  /** `logout` from any source: this tab's own sign-out ends the chance to echo another tab's. */
  loggedOut(source: string): void
  dispose(): void
}

/**
 * Follows the other tabs (every tab is one session): a refresh or sign-in there is read from
 * the shared cookies here; a logout there clears this tab and is repeated once as a `logout` event
 * of its own source, so this tab's handlers (menus, analytics) hear it.
 */
export function createTabSyncEcho(deps: {
  sync: TabSync
  store: TokenStore
  state: SessionStateHolder
  customer: CustomerService
  bus: EventBus
  /** The id this tab's own `logout` events carry ('auth'). */
  pluginId: string
}): TabSyncEcho {
  const { sync, store, state, customer, bus } = deps
  let echoing = false
  // Whether this tab has had a signed-in session since it last announced a sign-out: another tab's
  // logout is echoed once, even when this tab's own cookie check noticed the sign-out first.
  let signedInSinceLogout = false
  const seenSignedIn = state.state$.subscribe((s) => {
    if (s.status === 'signedIn') signedInSinceLogout = true
  })
  const offTabs = sync.onMessage((message) => {
    if (message.type === 'refreshed') {
      // Another tab refreshed or signed in: the cookies say how things stand now.
      const wasAnonymous = state.value().status === 'anonymous'
      state.recompute()
      state.recheck$.next()
      if (wasAnonymous && state.value().status === 'signedIn') void customer.load()
      return
    }
    store.clear()
    state.forget({ reload: true })
    // Tabs log out together; only the tab the shopper used leaves for the identity provider, so a
    // `logout` handler calling `logout()` back while this tab echoes the event changes nothing.
    if (message.reason !== 'logout' || !signedInSinceLogout) return
    signedInSinceLogout = false
    echoing = true
    try {
      // Its own source, so analytics can count the shopper's one logout rather than one per tab.
      bus.emit(
        'logout',
        message.referrer === undefined ? {} : { referrer: message.referrer },
        OTHER_TAB_SOURCE,
      )
    } finally {
      echoing = false
    }
  })
  return {
    echoing: () => echoing,
    loggedOut(source) {
      if (source === deps.pluginId) signedInSinceLogout = false
    },
    dispose() {
      seenSignedIn.unsubscribe()
      offTabs()
    },
  }
}
