import { waitUntil } from './mount/waitUntil'
import { startHeader } from './startHeader'

/**
 * The header bundle's entry: waits for `#oneHeaderContainer` (nav spec §1: retried until the page
 * has loaded, then logged as missing) and starts the header in it.
 */
waitUntil(['#oneHeaderContainer'], (container: HTMLElement) => {
  startHeader(container).catch((error: unknown) => {
    console.error('[one-header] the header could not start:', error)
  })
})
