import type { ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HYDRATE_ATTRIBUTE, SERVED_STATE_ATTRIBUTE, type ServedState } from '../../contracts/servedState'
import type { SlotName } from '../../kernel/plugin/slots'
import { type KernelHandle, pageKernel } from '../../kernel/react/kernelHandle'
import { ServedPart, servedPartIdPrefix } from '../../kernel/react/ServedPart'
import { resolveCorrelationId } from '../../kernel/telemetry/correlationId'
import { type CatalogueEntry, PLUGIN_CATALOGUE } from '../catalogue'
import { replayPresses } from '../mount/pressReplay'
import { readPageContext } from '../pageContext'
import { PART_LIVE_ATTRIBUTE } from '../shell/marks'
import { servedData, servedPartContext } from './servedParts'

/** The mark set when a hydrated part is live, followed by its slot (`one-header:hydrated:header.search`). */
export const HYDRATED_MARK = 'one-header:hydrated:'

/** The parts being hydrated, by slot: each settles once its part is live, or fails (then it is not). */
export interface Hydration {
  parts: ReadonlyMap<string, Promise<void>>
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
  if (boxes.length === 0) return { parts }
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
      const load = catalogue[pluginId]?.firstView
      if (!load) return giveUp(`no plugin '${pluginId}' draws it`)
      const declaration = await load().catch((error: unknown) => giveUp('its code did not load', error))
      const Component = declaration.default.parts?.[slot]
      if (!Component) return giveUp(`plugin '${pluginId}' no longer draws it`)
      await new Promise<void>((resolve) => {
        let told = false
        const onLive = () => {
          if (told) return
          told = true
          box.setAttribute(PART_LIVE_ATTRIBUTE, '')
          performance.mark(`${HYDRATED_MARK}${slot}`)
          replayPresses(box, win)
          resolve()
        }
        hydrateRoot(
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
      })
    })()
    // A part that is not hydrated is the take-over's: nobody else waits on this promise.
    live.catch(() => undefined)
    parts.set(slot, live)
  }
  return { parts }
}

/** The served state the page server wrote into the container; undefined when missing or unreadable. */
export function readServedState(container: HTMLElement): ServedState | undefined {
  const script = container.querySelector(`script[${SERVED_STATE_ATTRIBUTE}]`)
  if (!script?.textContent) return undefined
  try {
    const state = JSON.parse(script.textContent) as ServedState
    return state && typeof state === 'object' && state.siteConfig && state.labels ? state : undefined
  } catch {
    return undefined
  }
}
