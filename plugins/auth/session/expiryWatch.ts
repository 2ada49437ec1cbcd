import {
  asyncScheduler,
  catchError,
  distinctUntilChanged,
  map,
  merge,
  NEVER,
  type Observable,
  of,
  type SchedulerLike,
  switchMap,
} from 'rxjs'
import { every } from '../../../kernel/streams/streams'
import type { ExpiryWarning, SessionState } from '../authRefs'
import type { AuthLog } from './authLog'

/** The dialog's schedule is rechecked every second (header spec §4, §9). */
export const EXPIRY_CHECK_MS = 1000

export interface ExpiryWatchInput {
  state$: Observable<SessionState>
  /** `header.session.modal.toggle`. */
  enabled: () => boolean
  /** `header.show.modal.before`, minutes (default 4). */
  leadMinutes: () => number
  /** The session's end, epoch ms: the sessionExpiryDate cookie, read at each check. */
  expiresAt: () => number | undefined
  /** How long the session lasts in all, ms, when known (tokenStore.sessionLengthMs). */
  sessionLengthMs?: () => number | undefined
  /** Whether a session still exists (the cookies may have expired since the last check). */
  hasSession: () => boolean
  now: () => number
  /** Check now rather than at the next tick (after "stay logged in"). */
  recheck$?: Observable<unknown>
  scheduler?: SchedulerLike
  log: AuthLog
}

/**
 * One check per second while the dialog may show at all (header spec §4: the toggle is on, the shopper is
 * signed in, no agent session): show from `expiresAt − lead` on, hide once the session cookie is
 * gone or the session was renewed. Emits on every check; see `expiryWarnings` for changes only.
 */
export function expiryChecks(input: ExpiryWatchInput): Observable<ExpiryWarning> {
  const hidden: ExpiryWarning = { show: false }
  const check = (): ExpiryWarning => {
    try {
      if (!input.hasSession()) return hidden
      const expiresAt = input.expiresAt()
      if (expiresAt === undefined) return hidden
      const configured = Math.max(0, input.leadMinutes()) * 60_000
      const length = input.sessionLengthMs?.()
      const lead = warningLeadMs(configured, length)
      if (input.now() < expiresAt - lead) return hidden
      return lead < configured && length !== undefined
        ? { show: true, expiresAt, shortSessionMs: length }
        : { show: true, expiresAt }
    } catch (error) {
      input.log('SESSION_TIMER_FAILED', `the session-expiry check failed: ${String(error)}`, { error })
      return hidden
    }
  }
  const watching$ = input.state$.pipe(
    map((s) => s.status === 'signedIn' && s.agent === null && input.enabled()),
    distinctUntilChanged(),
  )
  return watching$.pipe(
    switchMap((watching) =>
      watching
        ? merge(
            of(0),
            every(EXPIRY_CHECK_MS, input.scheduler ?? asyncScheduler),
            input.recheck$ ?? NEVER,
          ).pipe(map(check))
        : of(hidden),
    ),
    // Header spec §8: failing to schedule the session timer is only logged; the dialog then stays hidden.
    catchError((error) => {
      input.log('SESSION_TIMER_FAILED', `the session timer could not be scheduled: ${String(error)}`, {
        error,
      })
      return of(hidden)
    }),
  )
}

/**
 * How long before the session's end the warning shows: the configured lead (header spec §4, default 4 minutes),
 * except for a session no longer than that lead — it would warn the moment it began, and again at
 * once after every "Stay logged in" — which is warned halfway through instead.
 */
export function warningLeadMs(configuredMs: number, sessionLengthMs: number | undefined): number {
  if (sessionLengthMs === undefined || sessionLengthMs > configuredMs) return configuredMs
  return sessionLengthMs / 2
}

export const sameWarning = (a: ExpiryWarning, b: ExpiryWarning): boolean =>
  a.show === b.show &&
  (!a.show || !b.show || (a.expiresAt === b.expiresAt && a.shortSessionMs === b.shortSessionMs))

/** The dialog's state: the checks, changes only. */
export const expiryWarnings = (input: ExpiryWatchInput): Observable<ExpiryWarning> =>
  expiryChecks(input).pipe(distinctUntilChanged(sameWarning))
