import { type Observable, Subscription } from 'rxjs'
import {
  CUSTOMER_SESSION_FLAG,
  forgetAccountAfterSignOut,
  hadCustomerSession,
  updateVisitorProfile,
  type VisitorStore,
  withLearnt,
} from '../../../site/visitorProfile'
import { asSignedIn, parseSegmentCodes, segmentCodesText } from '../../../site/visitorSegments'
import type { SessionState } from '../authRefs'

/**
 * getAdType feeds the targeted content (header spec §6, §7): a customer with an active auto-delivery
 * programme (any type but NONE) is an ActiveADUser in the visitor profile (site/visitorProfile.ts), and one without is not,
 * the rows under the header following at once. An agent's answer is about the customer they act for, not about this
 * browser's visitor, so it is never stored; neither is "not known yet" (null).
 */
export function keepAdSegment(
  adType$: Observable<string | null>,
  isAgent: () => boolean,
  store: VisitorStore,
): Subscription {
  return adType$.subscribe((adType) => {
    if (adType === null || isAgent()) return
    updateVisitorProfile(store, (profile) => withLearnt(profile, 'ActiveADUser', adType !== 'NONE'))
  })
}

/**
 * Whether the shopper has an Auto Delivery, for header spec §5's link rule and the targeted content
 *: the web app's session flag (the `autoDeliveryItem` cookie), or getAdType's answer for
 * the signed-in customer — any programme but NONE. An answer not had yet (null) leaves the flag alone.
 */
export function hasAutoDelivery(sessionFlag: boolean, adType: string | null): boolean {
  return sessionFlag || (adType !== null && adType !== 'NONE')
}

/**
 * A customer who signs in is one the store knows (KnownUser, header spec §6: no longer offered what
 * is for newcomers, such as a first order's discount), the header's rows following at once. An
 * agent acting for a customer is not this browser's visitor, so nothing is stored for them.
 */
export function keepKnownSegment(state$: Observable<SessionState>, store: VisitorStore): Subscription {
  return state$.subscribe((state) => {
    if (state.status !== 'signedIn' || state.agent !== null) return
    // The session's mark goes with it: a session that ends while no tab is open is found by it.
    const learnt = (profile: Parameters<typeof withLearnt>[0]) => {
      const known = withLearnt(profile, 'KnownUser', true)
      return { ...known, flags: { ...known.flags, [CUSTOMER_SESSION_FLAG]: true } }
    }
    if (updateVisitorProfile(store, learnt)) return
    // Targeting data may not be stored (Canada before consent): the session is still a customer's,
    // which the store answers as a KnownUser's (server/cms/targeting.ts); the rows follow it.
    store.announce?.(segmentCodesText(asSignedIn(parseSegmentCodes(undefined))))
  })
}

/**
 * A customer's session that ends (sign-out from any menu or dialog, another tab's sign-out, the
 * session running out in an open tab, or found ended when the page starts: it ran out while no tab
 * was open) takes what came from the account with it and leaves what the device is
 * (site/visitorProfile.ts `forgetAccountAfterSignOut`): the profile and its cookie copy are
 * rewritten at once, before the page leaves, so neither the logout page the server draws next nor
 * any later page greets the next person as the last one, and a repeat visitor stays a KnownUser.
 * An agent's session never stored its customer's segments, so its end forgets nothing.
 */
export function forgetSegmentsOnSignOut(
  state$: Observable<SessionState>,
  store: VisitorStore,
  removeCookie: (name: string) => void,
): Subscription {
  // The state before this one (none yet when the page starts).
  let previous: SessionState | undefined
  return state$.subscribe((now) => {
    const before = previous
    previous = now
    if (now.status !== 'anonymous') return
    const ended =
      before === undefined ? hadCustomerSession(store) : before.status === 'signedIn' && before.agent === null
    if (ended) forgetAccountAfterSignOut(store, removeCookie)
  })
}

/** Both of the signed-in customer's segments, kept for the session's lifetime and forgotten with it. */
export function keepCustomerSegments(deps: {
  adType$: Observable<string | null>
  state$: Observable<SessionState>
  isAgent: () => boolean
  store: VisitorStore
  removeCookie: (name: string) => void
}): Subscription {
  const all = new Subscription()
  all.add(forgetSegmentsOnSignOut(deps.state$, deps.store, deps.removeCookie))
  all.add(keepAdSegment(deps.adType$, deps.isAgent, deps.store))
  all.add(keepKnownSegment(deps.state$, deps.store))
  return all
}
