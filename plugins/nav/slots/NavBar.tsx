import { useEffect, useRef, useState } from 'react'
import { useOptionalService, useService } from '../../../kernel/react/KernelProvider'
import { useMediaQuery } from '../../../kernel/react/useMediaQuery'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { logStyleProblems, navLogRef } from '../navLog'
import { useTopLevelItems } from '../useTopLevelItems'
import { MoreDisclosure } from './MoreDisclosure'
import { NavBarItem } from './NavBarItem'
import { NavBarView, NavItemView } from './NavBarView'
import { useBarFit } from './useBarFit'
import { HOVER_OPENS, PANEL_COVERS_SCREEN, useFlyouts } from './useFlyouts'

/**
 * The navigation bar slot: the visible top-level items of the NavigationBarSlot, with their flyout
 * panels when the site configuration's `header.cb.nav.flyout.enabled` is on (header spec §3), the
 * ones with no room in the bar under "More".
 */
export default function NavBar() {
  const { labels } = useService(headerContextRef)
  const { items, busy } = useTopLevelItems()
  const controls = useFlyouts()
  const hoverOpens = useMediaQuery(HOVER_OPENS)
  const coversScreen = useMediaQuery(PANEL_COVERS_SCREEN)
  const { listRef, shown } = useBarFit(items)
  // The bar is on every page (below 992 px too, hidden): it writes what the CMS asked of the items'
  // look and did not get, once the kernel has started the plugin's log.
  const log = useOptionalService(navLogRef)
  useEffect(() => {
    if (log && items) logStyleProblems(log, items)
  }, [log, items])
  // A panel opened from "More" (an item with no room in the bar): it hangs from the "More" button.
  const [fromMore, setFromMore] = useState<{ uid: string; anchor: HTMLElement | null }>()

  // An item that loses its room (the window narrowed) closes its panel: it would hang from nothing.
  const { openUid, setOpen } = controls
  useEffect(() => {
    const index = items?.findIndex((item) => item.uid === openUid) ?? -1
    if (openUid === undefined || openUid === fromMore?.uid) return
    if (shown !== undefined && index >= shown) setOpen(openUid, false, false)
  }, [items, openUid, shown, setOpen, fromMore])
  // Opened from "More": its panel takes the focus once drawn (`focusOnOpen`; its code may still be
  // loading), as the list that held its button has closed; once it closes, the next one hangs from
  // its item.
  const fromMoreShown = useRef(false)
  useEffect(() => {
    if (!fromMore) return
    if (openUid === fromMore.uid) {
      fromMoreShown.current = true
      return
    }
    // (Its opening is a transition: until it has rendered, the panel before it is still the open one.)
    if (fromMoreShown.current || openUid !== undefined) {
      fromMoreShown.current = false
      setFromMore(undefined)
    }
  }, [fromMore, openUid])
  // So does the window narrowing below 992 px: the shell hides the bar there, and the phone menu
  // shows the same panel (with the same id) from its own list.
  const wasCovering = useRef(coversScreen)
  useEffect(() => {
    if (coversScreen && !wasCovering.current && openUid !== undefined) setOpen(openUid, false, false)
    wasCovering.current = coversScreen
  }, [coversScreen, openUid, setOpen])

  if (!items) return <NavBarView labels={labels} busy={busy} />
  return (
    <NavBarView
      labels={labels}
      items={items}
      live={{
        listRef,
        shown,
        renderItem: (item, overflowed) =>
          item.panel ? (
            <NavBarItem
              key={item.uid}
              item={item}
              panel={item.panel}
              labels={labels}
              overflowed={overflowed}
              anchor={fromMore?.uid === item.uid ? fromMore.anchor : undefined}
              focusOnOpen={fromMore?.uid === item.uid}
              controls={controls}
              hoverOpens={hoverOpens}
              coversScreen={coversScreen}
            />
          ) : (
            <NavItemView key={item.uid} item={item} labels={labels} overflowed={overflowed} />
          ),
        renderMore: (overflow, measured) => (
          <MoreDisclosure
            label={labels['header.nav.more']}
            toggleLabel={labels['header.nav.flyout.toggle']}
            items={overflow}
            measured={measured}
            openPanel={openUid}
            onOpenPanel={(uid, anchor) => {
              setFromMore({ uid, anchor })
              setOpen(uid, true, false)
            }}
          />
        ),
      }}
    />
  )
}
