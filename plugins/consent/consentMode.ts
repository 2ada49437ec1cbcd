import type { ConsentState } from '../../contracts/consentState'

/** The DOM event the header sends on `window` with the consent state, at start and on every change. */
export const CONSENT_EVENT = 'one-header:consent'

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/**
 * Publishes the consent state for a brand's own tags: Google Consent Mode v2 on `window.dataLayer`
 * — `gtag('consent', 'default', {…})` once at start, `gtag('consent', 'update', {…})` on each change,
 * pushed as gtag's `arguments` object, the shape gtag.js and Google Tag Manager read — and the
 * `one-header:consent` event with the whole state (groups, chosen, policy version, GPC, Consent Mode)
 * as its `detail`.
 */
export function publishConsentMode(win: Window, state: ConsentState, kind: 'default' | 'update'): void {
  const w = win as DataLayerWindow
  w.dataLayer = Array.isArray(w.dataLayer) ? w.dataLayer : []
  const layer = w.dataLayer
  // gtag() pushes its `arguments` object, not an array: tag managers tell the two apart.
  function gtag(..._args: unknown[]) {
    // biome-ignore lint/complexity/noArguments: Consent Mode commands are read as an Arguments object
    layer.push(arguments)
  }
  gtag('consent', kind, { ...state.consentMode, ...(kind === 'default' ? { wait_for_update: 500 } : {}) })
  win.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: state }))
}
