import { useSyncExternalStore } from 'react'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import { type ReservedRows, Shell } from './Shell'

/**
 * The shell, rendered again when the live site configuration replaces the one the header started
 * with (a stored copy or the defaults): the shell renders every slot again, so each part
 * reads the new labels and settings, in the same places at the same sizes.
 */
export function LiveShell({
  config,
  webview,
  rows,
}: {
  config: LiveSiteConfig
  webview: boolean
  rows?: ReservedRows
}) {
  useSyncExternalStore(config.subscribe, config.version)
  return <Shell webview={webview} {...(rows ? { rows } : {})} />
}
