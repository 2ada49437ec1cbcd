import { asyncScheduler, type SchedulerLike } from 'rxjs'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import type { IdentityPort } from './authRefs'
import { lazyIdentity } from './identity/lazyIdentity'
import { browserPage, type PageAccess } from './session/page'
import { pageStorage, type StorageLike } from './tokens/storage'
import type { BroadcastChannelLike, LockManagerLike } from './tokens/tabSync'

/**
 * What the account layer takes from the browser rather than from the kernel: time, storage, the
 * cross-tab lock and channel, the page's address and the identity provider. The plugin declares it
 * as one service (`authEnvironmentRef`) with the browser's own; a test replaces that one declaration
 * with fakes (plugins/auth/test/startAuthPlugin.ts), so the manifest carries no test-only input.
 */
export interface AuthEnvironment {
  scheduler: SchedulerLike
  /** Epoch ms. */
  now: () => number
  session: StorageLike
  local: StorageLike
  /** `navigator.locks` when left out; null: no cross-tab lock. */
  locks?: LockManagerLike | null
  /** `new BroadcastChannel(name)` when left out; null: no cross-tab news. */
  broadcastChannel?: ((name: string) => BroadcastChannelLike) | null
  page: PageAccess
  identity: IdentityPort
}

/** The parts a test chooses; each one left out is the browser's own. */
export interface AuthEnvironmentChoices {
  scheduler?: SchedulerLike
  /** The scheduler's clock by default. */
  now?: () => number
  /** The page's session and local storage by default. */
  storage?: { session?: StorageLike; local?: StorageLike }
  locks?: LockManagerLike | null
  broadcastChannel?: ((name: string) => BroadcastChannelLike) | null
  /** `window.location` and `history` by default. */
  page?: PageAccess
  /** The Auth0 adapter, loaded on first use, by default. */
  identity?: IdentityPort
}

/** The browser's environment, with whatever `choices` replace. */
export function authEnvironment(
  context: HeaderContext,
  choices: AuthEnvironmentChoices = {},
): AuthEnvironment {
  const scheduler = choices.scheduler ?? asyncScheduler
  return {
    scheduler,
    now: choices.now ?? (() => scheduler.now()),
    session: choices.storage?.session ?? pageStorage('sessionStorage'),
    local: choices.storage?.local ?? pageStorage('localStorage'),
    // Left undefined, tab sync looks for the browser's own (tokens/tabSync.ts).
    locks: choices.locks,
    broadcastChannel: choices.broadcastChannel,
    page: choices.page ?? browserPage(),
    identity: choices.identity ?? lazyIdentity(context),
  }
}
