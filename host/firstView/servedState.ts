import { SERVED_STATE_ATTRIBUTE, type ServedState } from '../../contracts/servedState'

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
