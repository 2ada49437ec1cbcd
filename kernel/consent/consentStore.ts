import { BehaviorSubject } from 'rxjs'
import {
  ALL_ALLOWED,
  type ConsentGroup,
  type ConsentState,
  consentStateOf,
} from '../../contracts/consentState'
import { type StateStream, stateStream } from '../state/stateStream'

/**
 * The page's one consent state (nav spec §4), which every tracker reads at the moment it would send:
 * the tag-manager port, the monitoring agent, the telemetry export and the cookie writer. The kernel
 * publishes it as `consentRef`; the consent plugin is the only one that changes it.
 */
export interface Consent {
  /** The state now and every change after it; a change takes effect at once, without a reload. */
  readonly state$: StateStream<ConsentState>
  /** Whether `group` is allowed now. */
  allows(group: ConsentGroup): boolean
  /**
   * Whether `group` was allowed the whole time from `fromMs` to `toMs` (epoch milliseconds, `toMs`
   * now by default): something raised, or a span that ran, while the group was denied is never sent
   * later, even once it is allowed again.
   */
  allowedThroughout(group: ConsentGroup, fromMs: number, toMs?: number): boolean
  /** Replaces the state (the consent plugin: the stored choice at start, then each new one). */
  set(next: ConsentState): void
}

/** How many changes are remembered for `allowedThroughout`; a page sees a handful at most. */
const HISTORY_LIMIT = 64

/**
 * A consent store starting at `initial`. Without one, everything is allowed: a brand that does not run
 * the consent plugin behaves as it did before consent existed.
 */
export function createConsentStore(
  initial: ConsentState = consentStateOf({
    choices: ALL_ALLOWED,
    chosen: false,
    policyVersion: '',
    gpc: false,
  }),
  now: () => number = Date.now,
): Consent {
  const subject = new BehaviorSubject(initial)
  // Each state with the time it began; the first stands for the whole page before any change.
  const history: { at: number; state: ConsentState }[] = [{ at: Number.NEGATIVE_INFINITY, state: initial }]
  return {
    state$: stateStream(subject),
    allows: (group) => subject.getValue().groups[group],
    allowedThroughout(group, fromMs, toMs = now()) {
      return history.every(
        (entry, i) =>
          entry.state.groups[group] ||
          // A denied period that ended before `fromMs` or began after `toMs` does not count; one that
          // touches either end in the same millisecond does (when in doubt, nothing is sent).
          (history[i + 1]?.at ?? Number.POSITIVE_INFINITY) < fromMs ||
          entry.at > toMs,
      )
    },
    set(next) {
      history.push({ at: now(), state: next })
      if (history.length > HISTORY_LIMIT) history.splice(1, 1)
      subject.next(next)
    },
  }
}
