import { useEffect, useRef, useState } from 'react'
import type { NavItem } from '../visibleItems'
import { MoreView } from './NavBarView'

/**
 * The live "More" disclosure (WAI-ARIA disclosure pattern): its button (Enter and Space are the
 * button's own) shows or hides the list of the items with no room in the bar; Escape closes it and
 * puts focus back on the button; focus leaving it or a press outside it closes it. With nothing to
 * list it is not there at all; before the bar has been measured it is the first view's.
 */
export function MoreDisclosure({
  label,
  items,
  measured,
}: {
  label: string
  items: readonly NavItem[]
  measured: boolean
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
      items={items}
      live={{
        open,
        unneeded,
        areaRef,
        buttonRef,
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
