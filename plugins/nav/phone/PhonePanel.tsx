import { lazy, useLayoutEffect, useRef } from 'react'
import type { NavItem } from '../visibleItems'
import { inertOutside } from './inertOutside'

/** The panel's code, fetched on first intent (a press or focus on a category) and shared with the bar. */
export const loadFlyoutPanel = () => import('../panels/FlyoutPanel')
const FlyoutPanel = lazy(loadFlyoutPanel)

/** The element the open category's button controls (its panel is inside). */
export const phonePanelId = (uid: string) => `oh-phone-panel-${uid}`

/**
 * A category's panel inside the phone menu's dialog: FlyoutPanel's full-screen slide-in, its back
 * button naming the menu (nav spec §2). While it is there it is the dialog's only live part: the
 * rest is inert, so the dialog's focus trap cycles Tab and Shift+Tab within the panel, and Escape
 * goes back to the list instead of closing the dialog (the dialog never sees that key press). Focus
 * starts on the back button. Rendered inside Suspense: nothing of this runs before the panel's code
 * has arrived and its content is on the page.
 */
export function PhonePanel({
  item,
  backLabel,
  closing,
  onBack,
}: {
  item: NavItem & { panel: NonNullable<NavItem['panel']> }
  backLabel: string
  closing: boolean
  onBack: () => void
}) {
  const host = useRef<HTMLDivElement>(null)
  const onBackRef = useRef(onBack)
  onBackRef.current = onBack

  useLayoutEffect(() => {
    const panel = host.current
    if (!panel) return
    const dialog = panel.closest('[role="dialog"]') ?? panel.ownerDocument.body
    const restore = inertOutside(panel, dialog)
    // Not scrolled into view: it is sliding in from off-screen and lands where it belongs.
    panel.querySelector<HTMLElement>('button')?.focus({ preventScroll: true })
    const onKeyDown = (event: Event) => {
      if ((event as KeyboardEvent).key !== 'Escape') return
      event.stopPropagation()
      event.preventDefault()
      onBackRef.current()
    }
    dialog.addEventListener('keydown', onKeyDown)
    return () => {
      dialog.removeEventListener('keydown', onKeyDown)
      restore()
    }
  }, [])

  return (
    <div ref={host} id={phonePanelId(item.uid)}>
      <FlyoutPanel
        uid={item.uid}
        name={item.name}
        component={item.panel}
        back={backLabel}
        closing={closing}
        onBack={onBack}
      />
    </div>
  )
}
