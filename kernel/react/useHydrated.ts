import { useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False while a part is rendered by the page server and while the browser hydrates that HTML, true
 * from the render after: a control drawn by the server can carry what only its served copy needs
 * (a press kept for the live control, site/pressRecorder.ts) and drop it the moment it is live,
 * with one component for both. A part the browser renders itself is live at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
