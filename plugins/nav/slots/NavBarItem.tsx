import { autoUpdate, safePolygon, useFloating, useHover, useInteractions } from '@floating-ui/react'
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import type { NavComponent } from '../../../contracts/cms'
import { useHydrated } from '../../../kernel/react/useHydrated'
import type { NavItem } from '../visibleItems'
import { LazyFlyoutPanel, preloadFlyoutPanel } from './lazyFlyoutPanel'
import { type BarLabels, NavItemView } from './NavBarView'
import { panelMiddleware, panelPlacement } from './panelPlacement'
import {
  FLYOUT_HOVER_CLOSE_MS,
  FLYOUT_HOVER_FALLBACK_MS,
  FLYOUT_HOVER_OPEN_MS,
  type FlyoutControls,
} from './useFlyouts'

/**
 * A live top-level item with a flyout panel: its panel placed by Floating UI under the item
 * (panelPlacement.ts), opened by a mouse resting on it (150 ms without moving) and kept open along the pointer's way into
 * it (`safePolygon`: the triangle from the pointer to the panel's near edge), closed 300 ms after the
 * pointer left both. The panel's code is asked for on the first sign of intent (pointer, focus,
 * touch); until it is in, an open item shows nothing rather than an empty box.
 */
export function NavBarItem({
  item,
  panel,
  labels,
  overflowed,
  anchor,
  focusOnOpen = false,
  controls,
  hoverOpens,
  coversScreen,
}: {
  item: NavItem
  panel: NavComponent
  labels: BarLabels
  overflowed: boolean
  /** Where the panel hangs when opened from "More" (the item has no room in the bar); else the item. */
  anchor?: HTMLElement | null
  /** Its panel takes the focus once drawn (opened from "More", whose list held the focus). */
  focusOnOpen?: boolean
  controls: FlyoutControls
  /** A hovering pointer on a desktop-wide window (useFlyouts HOVER_OPENS). */
  hoverOpens: boolean
  /** Below 992 px the panel is a full-screen slide-in of its own CSS: no placement. */
  coversScreen: boolean
}) {
  const { uid } = item
  const live = useHydrated()
  const open = controls.openUid === uid
  const middleware = useMemo(panelMiddleware, [])
  // A panel the shopper closed (Escape, its button) while the pointer is on its item does not come
  // back by hover until the pointer has left the item: a pending rest timer would reopen it.
  const dismissedHere = useRef(false)
  const wasOpen = useRef(open)
  useEffect(() => {
    const item = refs.domReference.current
    if (wasOpen.current && !open && item instanceof Element && item.matches(':hover'))
      dismissedHere.current = true
    wasOpen.current = open
  })
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next, _event, reason) => {
      const byHover = reason === 'hover' || reason === 'safe-polygon'
      // A resting pointer's open comes after the delay: only while the pointer is still on the item
      // (one that passed on its way elsewhere, or clicked and pressed Escape meanwhile, opens nothing).
      const item = refs.domReference.current
      if (next && byHover && (dismissedHere.current || (item instanceof Element && !item.matches(':hover'))))
        return
      controls.setOpen(uid, next, byHover)
    },
    placement: panelPlacement(panel),
    middleware,
    whileElementsMounted: autoUpdate,
  })
  // Opened from "More": placed under its button, the item itself being on the bar's hidden row.
  // (Never null: Floating UI would then place the panel nowhere, at the bar's corner.)
  useLayoutEffect(() => {
    if (anchor) refs.setPositionReference(anchor)
    else if (refs.domReference.current) refs.setPositionReference(refs.domReference.current)
  }, [anchor, refs])
  const hover = useHover(context, {
    enabled: hoverOpens,
    mouseOnly: true,
    restMs: FLYOUT_HOVER_OPEN_MS,
    delay: { open: FLYOUT_HOVER_FALLBACK_MS, close: FLYOUT_HOVER_CLOSE_MS },
    handleClose: safePolygon(),
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([hover])
  const floating = coversScreen
    ? undefined
    : {
        ref: refs.setFloating,
        // Placed in the same task as it mounts (Floating UI's position settles in microtasks, before
        // the next paint), so it is never seen elsewhere first.
        style: floatingStyles,
        props: getFloatingProps(),
      }
  return (
    <NavItemView
      item={item}
      labels={labels}
      overflowed={overflowed}
      live={{
        served: !live,
        open,
        itemRef: refs.setReference,
        itemProps: getReferenceProps({
          onPointerEnter: preloadFlyoutPanel,
          onFocus: preloadFlyoutPanel,
          onTouchStart: preloadFlyoutPanel,
          onPointerLeave: () => {
            dismissedHere.current = false
          },
          onPointerDown: (event) => controls.onItemPointerDown(uid, event),
          onKeyDown: (event) => controls.onItemKeyDown(uid, event),
          onBlur: (event) => controls.onItemBlur(uid, event),
        }),
        onLinkClick: (event) => controls.onLinkClick(uid, event),
        onToggleClick: (event) => {
          void preloadFlyoutPanel()
          context.onOpenChange(controls.clickOpens(uid), event.nativeEvent, 'click')
        },
        panel: open && (
          <Suspense fallback={null}>
            <LazyFlyoutPanel
              uid={uid}
              name={item.name}
              component={panel}
              back={labels['header.nav.flyout.back']}
              closing={controls.closingUid === uid}
              onBack={() => controls.back(uid)}
              focusOnOpen={focusOnOpen}
              {...(floating ? { floating } : {})}
            />
          </Suspense>
        ),
      }}
    />
  )
}
