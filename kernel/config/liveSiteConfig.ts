import type { HeaderContext } from '../services/kernelRefs'

/**
 * The header context's site configuration and labels, replaceable once after start: the
 * header may start with a stored copy or the built-in defaults when `cms/siteConfig` is slow, and the
 * live answer takes their place when it arrives.
 *
 * The context object plugins hold (`headerContextRef`) stays the same object: `replace` swaps its
 * `siteConfig` and `labels` in place, so what plugins read when they need it (the cookie allow-list,
 * the session settings, every label at render) is the live value from then on, without any plugin
 * subscribing to anything. Who renders (the host) subscribes and renders the shell again, which
 * renders every slot again with the new labels.
 */
export interface LiveSiteConfig {
  /** Puts the live configuration and labels in the context and tells the subscribers. */
  replace(next: Pick<HeaderContext, 'siteConfig' | 'labels'>): void
  /** Told after each replacement; returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Counts replacements (a snapshot for `useSyncExternalStore`). */
  version(): number
}

export function liveSiteConfig(context: HeaderContext): LiveSiteConfig {
  const listeners = new Set<() => void>()
  let version = 0
  return {
    replace(next) {
      context.siteConfig = next.siteConfig
      context.labels = next.labels
      version += 1
      for (const listener of [...listeners]) {
        try {
          listener()
        } catch {
          // One listener failing must not keep the others on the old configuration.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    version: () => version,
  }
}
