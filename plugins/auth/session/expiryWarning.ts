import { BehaviorSubject, distinctUntilChanged, type SchedulerLike, tap } from 'rxjs'
import type { SiteConfig } from '../../../contracts/siteConfig'
import { type StateStream, stateStream } from '../../../kernel/state/stateStream'
import type { ExpiryWarning } from '../authRefs'
import type { TokenStore } from '../tokens/tokenStore'
import type { AuthLog } from './authLog'
import { expiryChecks, sameWarning } from './expiryWatch'
import type { SessionStateHolder } from './sessionState'

/** The session-expiry dialog's schedule as a running service. */
export interface ExpiryWarningService {
  readonly warning$: StateStream<ExpiryWarning>
  dispose(): void
}

/**
 * Runs the expiry checks (session/expiryWatch.ts) for the session's lifetime (header spec §4): the
 * dialog's state, changes only. Each check also notices a session whose cookies expired since the
 * last one, so the session state follows.
 */
export function createExpiryWarning(deps: {
  state: SessionStateHolder
  store: TokenStore
  siteConfig: () => Pick<SiteConfig, 'sessionModalEnabled' | 'sessionWarningLeadMinutes'>
  now: () => number
  scheduler: SchedulerLike
  log: AuthLog
}): ExpiryWarningService {
  const { state, store } = deps
  const warning = new BehaviorSubject<ExpiryWarning>({ show: false })
  const watch = expiryChecks({
    state$: state.state$,
    enabled: () => deps.siteConfig().sessionModalEnabled,
    leadMinutes: () => deps.siteConfig().sessionWarningLeadMinutes,
    expiresAt: () => store.sessionExpiresAt(),
    sessionLengthMs: () => store.sessionLengthMs(),
    hasSession: () => store.hasSession(),
    now: deps.now,
    recheck$: state.recheck$,
    scheduler: deps.scheduler,
    log: deps.log,
  })
    .pipe(tap(state.recompute), distinctUntilChanged(sameWarning))
    .subscribe((w) => warning.next(w))
  return {
    warning$: stateStream(warning),
    dispose: () => watch.unsubscribe(),
  }
}
