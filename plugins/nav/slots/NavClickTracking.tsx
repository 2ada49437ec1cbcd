import { type MouseEvent, type ReactNode, useCallback } from 'react'
import { useEmit } from '../../../kernel/react/PluginBoundary'
import '../events'
import { navClickOf } from './navClickOf'

/** The middle button: `auxclick` with it opens the link in a new tab, so it is followed too. */
const MIDDLE_BUTTON = 1

/** Clicks already reported, so roots nested in one another (a panel's own tracker) report each once. */
const reported = new WeakSet<Event>()

/**
 * The delegated click handler of a navigation root: put it on the root as both `onClick` and
 * `onAuxClick`. Each click on a followable link inside (navClickOf) emits one `nav:linkClicked`.
 * Modifier clicks and middle clicks open the link too, so they count; a click whose default a
 * handler prevented (a first tap that opens a panel) still counts as the shopper choosing the item.
 * React's events bubble through portals, so a panel drawn into a portal is tracked by its bar; a
 * root inside another tracked root is harmless (each click is reported once).
 */
export function useNavClickTracker(): (event: MouseEvent) => void {
  const emit = useEmit()
  return useCallback(
    (event: MouseEvent) => {
      if (event.type === 'auxclick' && event.button !== MIDDLE_BUTTON) return
      if (reported.has(event.nativeEvent)) return
      reported.add(event.nativeEvent)
      const click = navClickOf(event.target, window.location.origin)
      if (click) emit('nav:linkClicked', click)
    },
    [emit],
  )
}

/**
 * Tracks the navigation links inside `children` without changing the layout: the wrapper has no box
 * of its own (`display: contents`), so the children lay out as if it were not there.
 */
export function NavClickTracking({ children }: { children: ReactNode }) {
  const track = useNavClickTracker()
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a delegated listener; the links inside are the controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link inside fires the click this hears
    <div style={{ display: 'contents' }} onClick={track} onAuxClick={track}>
      {children}
    </div>
  )
}

/** `Slot` with its navigation links tracked: how the plugin's manifest wires the tracker to a slot. */
export function withNavClickTracking<Props extends object>(Slot: (props: Props) => ReactNode) {
  function TrackedNavSlot(props: Props) {
    return (
      <NavClickTracking>
        <Slot {...props} />
      </NavClickTracking>
    )
  }
  TrackedNavSlot.displayName = `Tracked(${Slot.name || 'Slot'})`
  return TrackedNavSlot
}
