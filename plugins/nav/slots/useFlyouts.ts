import { useEffect, useMemo, useRef, useState } from 'react'
import { type FlyoutControls, flyoutButtonId, flyoutId } from './NavBarView'

/** Hover intent: the pointer rests this long on an item before its panel opens (no flicker in passing). */
export const FLYOUT_HOVER_OPEN_MS = 150
/** The pointer may cross the gap between item and panel in this long without closing it. */
export const FLYOUT_HOVER_CLOSE_MS = 300

/** Where the panel is a full-screen slide-in (NavBar.module.css). */
const PANEL_COVERS_SCREEN = '(max-width: 991px)'

/** After the phone panel's back button, the open menu is cleared this much later (nav spec §2). */
export const FLYOUT_BACK_CLOSE_MS = 300

/**
 * The flyouts' behaviour (nav spec §2, WAI-ARIA disclosure navigation): one panel open at a time;
 * on a desktop pointer it opens on hover and closes when the pointer leaves; the button (click,
 * Enter, Space) toggles it; Escape closes it and returns focus to its button; focus leaving the item
 * closes it, as does a press outside it, or scrolling the page by more than the panel's height. On touch, a first tap on an
 * item with a panel opens the panel instead of following the link.
 */
export function useFlyouts(): FlyoutControls {
  const [openUid, setOpenUid] = useState<string | undefined>()
  const [closingUid, setClosingUid] = useState<string | undefined>()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const lastPointer = useRef<string>('mouse')
  const openRef = useRef(openUid)
  openRef.current = openUid

  useEffect(() => () => clearTimeout(timer.current), [])

  // Phones and tablets: the panel covers the screen, so focus goes to its back button rather than
  // staying on a button hidden under it.
  useEffect(() => {
    if (openUid === undefined || !window.matchMedia?.(PANEL_COVERS_SCREEN).matches) return
    document.getElementById(flyoutId(openUid))?.querySelector<HTMLElement>('button')?.focus()
  }, [openUid])

  // A press anywhere outside the open item closes it (a tablet's tap leaves no focus change to go by).
  useEffect(() => {
    if (openUid === undefined) return
    const onPress = (event: PointerEvent) => {
      const item = document.getElementById(flyoutButtonId(openUid))?.closest('li')
      if (item && event.target instanceof Node && !item.contains(event.target)) setOpenUid(undefined)
    }
    document.addEventListener('pointerdown', onPress)
    return () => document.removeEventListener('pointerdown', onPress)
  }, [openUid])

  // Scrolling past the panel's height closes it (nav spec §2).
  useEffect(() => {
    if (openUid === undefined) return
    const start = window.scrollY
    const onScroll = () => {
      const height = document.getElementById(flyoutId(openUid))?.offsetHeight ?? 0
      if (Math.abs(window.scrollY - start) > height) setOpenUid(undefined)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [openUid])

  return useMemo<FlyoutControls>(() => {
    const clearTimer = () => {
      clearTimeout(timer.current)
      timer.current = undefined
    }
    const close = (uid: string, returnFocus: boolean) => {
      clearTimer()
      if (openRef.current !== uid) return
      setOpenUid(undefined)
      if (returnFocus) document.getElementById(flyoutButtonId(uid))?.focus()
    }
    return {
      openUid,
      closingUid,
      back(uid) {
        // Phones: the panel slides out (0.4 s), and the selection is cleared part-way (nav spec §2).
        clearTimer()
        setClosingUid(uid)
        timer.current = setTimeout(() => {
          setClosingUid(undefined)
          close(uid, true)
        }, FLYOUT_BACK_CLOSE_MS)
      },
      toggle(uid) {
        clearTimer()
        setClosingUid(undefined)
        setOpenUid((current) => (current === uid ? undefined : uid))
      },
      close,
      onItemPointerEnter(uid, event) {
        lastPointer.current = event.pointerType
        if (event.pointerType !== 'mouse') return
        clearTimer()
        if (openRef.current === uid) return
        timer.current = setTimeout(() => setOpenUid(uid), FLYOUT_HOVER_OPEN_MS)
      },
      onItemPointerLeave(uid, event) {
        if (event.pointerType !== 'mouse') return
        clearTimer()
        if (openRef.current !== uid) return
        timer.current = setTimeout(() => close(uid, false), FLYOUT_HOVER_CLOSE_MS)
      },
      onItemKeyDown(uid, event) {
        if (event.key !== 'Escape' || openRef.current !== uid) return
        event.stopPropagation()
        close(uid, true)
      },
      onItemBlur(uid, event) {
        const next = event.relatedTarget
        const item = event.currentTarget
        if (next instanceof Node && item.contains(next)) return
        // A click on the panel's own background moves focus nowhere: that is not leaving it.
        if (next === null && item.matches(':hover')) return
        close(uid, false)
      },
      onLinkClick(uid, event) {
        // Touch has no hover: the first tap shows what is under the item, the next one follows it.
        if (lastPointer.current !== 'touch' || openRef.current === uid) return
        event.preventDefault()
        clearTimer()
        setOpenUid(uid)
      },
    }
  }, [openUid, closingUid])
}
