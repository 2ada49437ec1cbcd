import type { ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { HYDRATE_ATTRIBUTE } from '../../contracts/servedState'
import type { SlotName } from '../../kernel/plugin/slots'
import { type KernelHandle, pageKernel } from '../../kernel/react/kernelHandle'
import { ServedPart, servedPartIdPrefix } from '../../kernel/react/ServedPart'
import { resolveCorrelationId } from '../../kernel/telemetry/correlationId'
import { shellFirstView } from '../../plugins/shell/firstView'
import { type CatalogueEntry, PLUGIN_CATALOGUE } from '../catalogue'
import { PART_LIVE_ATTRIBUTE, PART_LIVE_MARK } from '../frame/marks'
import { replayPresses } from '../mount/pressReplay'
import { readPageContext } from '../pageContext'
import { servedData, servedPartContext } from './servedParts'
import { readServedState } from './servedState'

export { readServedState }

/** The mark set when a hydrated part is live, followed by its slot (`one-header:hydrated:header.search`). */
export const HYDRATED_MARK = 'one-header:hydrated:'

/** The parts being hydrated, by slot: each settles once its part is live, or fails (then it is not). */
export interface Hydration {
  parts: ReadonlyMap<string, Promise<void>>
  /**
   * Takes a hydrated (or still hydrating) part off the page: its plugin turned out to be switched off
   * (the live configuration's answer) once the kernel knew. Its box is left empty.
   */
  remove(slot: string): void
}

/**
 * Hydrates each part the page server drew with its plugin's live component (`data-hydrate`), from the
 * state it wrote beside them: the part goes live as soon as React and that part's own code are in,
 * before the kernel, each as a root of its own so no part waits for another. A part that cannot be
 * hydrated (no state, its code failed to load) loses its mark and stays served and working as HTML;
 * the start-up's take-over then mounts it as it does a part without one.
 */
export function hydrateParts(
  container: HTMLElement,
  win: Window = window,
  catalogue: Readonly<Record<string, CatalogueEntry>> = PLUGIN_CATALOGUE,
  handle: KernelHandle = pageKernel,
): Hydration {
  const boxes = [...container.querySelectorAll<HTMLElement>(`[${HYDRATE_ATTRIBUTE}]`)]
  const parts = new Map<string, Promise<void>>()
  const roots = new Map<string, Root>()
  const removed = new Set<string>()
  const hydration: Hydration = {
    parts,
    remove(slot) {
      removed.add(slot)
      roots.get(slot)?.unmount()
      roots.delete(slot)
    },
  }
  if (boxes.length === 0) return hydration
  const state = readServedState(container)
  const page = readPageContext(container, win.document)
  const context =
    state &&
    servedPartContext(
      { brand: page.brand, lang: page.lang, pathname: page.location.pathname, search: page.location.search },
      state,
      resolveCorrelationId(win.location),
      { hiddenInputs: page.hiddenInputs, reservedRows: page.rows },
    )
  for (const box of boxes) {
    const slot = box.dataset.part as SlotName
    const pluginId = box.getAttribute(HYDRATE_ATTRIBUTE) ?? ''
    const giveUp = (why: string, error?: unknown) => {
      box.removeAttribute(HYDRATE_ATTRIBUTE)
      console.warn(
        `[one-header] the part '${slot}' could not be hydrated (${why}); its served view stays.`,
        error,
      )
      throw new Error(`part '${slot}' not hydrated: ${why}`)
    }
    const live = (async () => {
      if (!state || !context) return giveUp('the page has no served state')
      // Switched off by the page (`data-disabled-plugins`): the take-over clears its box.
      if (page.disabledPlugins.includes(pluginId)) return giveUp(`the page switches '${pluginId}' off`)
      // The shell's parts (logo, cart) come with this runtime: they are small and on every page.
      const load =
        pluginId === 'shell'
          ? () => Promise.resolve({ default: shellFirstView })
          : catalogue[pluginId]?.firstView
      if (!load) return giveUp(`no plugin '${pluginId}' draws it`)
      const declaration = await load().catch((error: unknown) => giveUp('its code did not load', error))
      const Component = declaration.default.parts?.[slot]
      if (!Component) return giveUp(`plugin '${pluginId}' no longer draws it`)
      if (removed.has(slot)) return giveUp(`plugin '${pluginId}' is switched off`)
      await new Promise<void>((resolve) => {
        let told = false
        const onLive = () => {
          if (told) return
          told = true
          box.setAttribute(PART_LIVE_ATTRIBUTE, '')
          performance.mark(`${HYDRATED_MARK}${slot}`)
          // Its time to live, as the real-user measures read it: now, not when the kernel joins.
          performance.mark(`${PART_LIVE_MARK}${slot}`)
          replayPresses(box, win)
          resolve()
        }
        const root = hydrateRoot(
          box,
          <ServedPart
            pluginId={pluginId}
            slot={slot}
            options={state.options[pluginId]}
            context={context}
            data={servedData(state)}
            handle={handle}
            Component={Component as () => ReactNode}
            onLive={onLive}
          />,
          {
            identifierPrefix: servedPartIdPrefix(slot),
            // A part whose HTML and render differ is drawn again by React, in place: say so, it is a bug.
            onRecoverableError: (error) =>
              console.warn(`[one-header] the served part '${slot}' did not match its render:`, error),
          },
        )
        roots.set(slot, root)
      })
    })()
    // A part that is not hydrated is the take-over's: nobody else waits on this promise.
    live.catch(() => undefined)
    parts.set(slot, live)
  }
  return hydration
}
