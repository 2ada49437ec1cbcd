import { lazy } from 'react'

type PanelModule = typeof import('../panels/FlyoutPanel')

let loaded: PanelModule | undefined
let loading: Promise<PanelModule> | undefined

/**
 * Starts fetching the panels' code (a chunk of its own) on the shopper's first sign of intent (a
 * pointer over an item, focus in it, a touch on it), so it is there by the time the panel opens; never
 * on the first paint. Safe to call again: one request.
 */
export function preloadFlyoutPanel(): Promise<PanelModule> {
  loading ??= import('../panels/FlyoutPanel').then((module) => {
    loaded = module
    return module
  })
  return loading
}

/**
 * Fetches the panels' code as a mouse first comes into the header that holds the bar (over the logo
 * or the search box on its way down to an item), so the first panel opens as quickly as the next:
 * waiting for the pointer to reach an item left the fetch inside the hover's rest (about 0.9 s on a
 * fresh page). Touch needs none of it: the first tap fetches. Returns the clean-up.
 */
export function preloadWhenPointerNears(doc: Document): () => void {
  const onOver = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return
    const target = event.target
    if (!(target instanceof Element) || !target.closest('header')?.querySelector('[data-nav-item]')) return
    stop()
    void preloadFlyoutPanel()
  }
  const stop = () => doc.removeEventListener('pointerover', onOver, true)
  doc.addEventListener('pointerover', onOver, { capture: true, passive: true })
  return stop
}

/**
 * The panel, drawn once its code is in. Already fetched (the usual case after a hover), it renders at
 * once: React takes a thenable that has already settled without suspending, so opening shows no
 * empty frame; still on its way, the Suspense around it shows nothing until it arrives.
 */
export const LazyFlyoutPanel = lazy<PanelModule['default']>(() =>
  loaded ? settled(loaded) : preloadFlyoutPanel(),
)

/** A thenable that calls back at once (React.lazy reads such a value in the same render). */
const settled = (module: PanelModule) =>
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes
  ({ then: (resolve: (m: PanelModule) => void) => resolve(module) }) as unknown as Promise<PanelModule>
