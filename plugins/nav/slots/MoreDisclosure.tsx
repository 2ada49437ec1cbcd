import { useEffect, useRef, useState } from 'react'
import type { NavItem } from '../visibleItems'
import { MoreView } from './NavBarView'

/**
 * The live "More" disclosure (WAI-ARIA disclosure pattern): its button (Enter and Space are the
 * button's own) shows or hides the list of the items with no room in the bar; Escape closes it and
 * puts focus back on the button; focus leaving it or a press outside it closes it. With nothing to
 * list it is not there at all; before the bar has been measured it is the first view's. A listed
 * item's panel button opens that item's panel under the button (NavBar.tsx).
 */
export function MoreDisclosure({
  label,
  toggleLabel,
  items,
  measured,
  openPanel,
  onOpenPanel,
}: {
  label: string
  toggleLabel: string
  items: readonly NavItem[]
  measured: boolean
  openPanel: string | undefined
  /** Opens a listed item's panel: the list closes, and the panel hangs from the button. */
  onOpenPanel(uid: string, anchor: HTMLElement | null): void
}) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const areaRef = useRef<HTMLDivElement>(null)
  const unneeded = items.length === 0
  if (unneeded && open) setOpen(false)

  useEffect(() => {
    if (!open) return
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && !areaRef.current?.contains(event.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPress)
    return () => document.removeEventListener('pointerdown', onPress)
  }, [open])

  if (!measured) return <MoreView label={label} items={[]} />
  return (
    <MoreView
      label={label}
      toggleLabel={toggleLabel}
      items={items}
      live={{
        open,
        unneeded,
        areaRef,
        buttonRef,
        openPanel,
        onOpenPanel: (uid) => {
          setOpen(false)
          onOpenPanel(uid, buttonRef.current)
        },
        onToggle: () => setOpen((was) => !was),
        onKeyDown: (event) => {
          if (event.key !== 'Escape' || !open) return
          setOpen(false)
          buttonRef.current?.focus()
        },
        onBlur: (event) => {
          const next = event.relatedTarget
          if (!(next instanceof Node && event.currentTarget.contains(next))) setOpen(false)
        },
      }}
    />
  )
}
