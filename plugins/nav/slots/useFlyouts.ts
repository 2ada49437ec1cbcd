import type * as React from 'react'
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { BELOW_DESKTOP, DESKTOP } from '../../../site/breakpoints'
import { flyoutButtonId, flyoutId, MORE_LIST_ID } from '../ids'

/**
 * Hover intent: the pointer rests this long on an item, not moving, before its panel opens (Floating
 * UI's `restMs`): a pointer crossing the bar, however slowly, on its way elsewhere opens nothing.
 */
export const FLYOUT_HOVER_OPEN_MS = 150
/** A pointer that stays on an item but never quite rests (a shaky hand) opens it after this long. */
export const FLYOUT_HOVER_FALLBACK_MS = 600
/**
 * A pointer that has left the item and its path to the panel (the safe triangle) closes it this much
 * later, so a short slip off the path does not.
 */
export const FLYOUT_HOVER_CLOSE_MS = 300
/** After the phone panel's back button, the open menu is cleared this much later (nav spec §2). */
export const FLYOUT_BACK_CLOSE_MS = 300

/** Where the panel is a full-screen slide-in (NavBar.module.css). */
export const PANEL_COVERS_SCREEN = BELOW_DESKTOP
/** Where hovering opens a panel: a pointer that hovers, and the desktop panel (never the full-screen one). */
export const HOVER_OPENS = `(hover: hover) and ${DESKTOP}`

/**
 * Focus back on the button of `uid`'s panel; for a panel opened from "More" (its item has no room
 * in the bar, so its bar button cannot take focus), on the "More" button.
 */
function focusPanelButton(uid: string): void {
  const button = document.getElementById(flyoutButtonId(uid))
  button?.focus()
  if (document.activeElement !== button)
    document.querySelector<HTMLElement>(`button[aria-controls="${MORE_LIST_ID}"]`)?.focus()
}

const matches = (query: string) => window.matchMedia?.(query).matches ?? false
type Timer = ReturnType<typeof setTimeout> | undefined

/** What the live bar does with its flyouts; each item's hover and placement are its own (NavBarItem). */
export interface FlyoutControls {
  openUid: string | undefined
  /** The panel sliding out after its back button (phones). */
  closingUid: string | undefined
  /**
   * Opens or closes `uid`'s panel; `byHover` when the pointer opened it by resting on the item.
   * Closing a panel that is not the open one changes nothing.
   */
  setOpen(uid: string, open: boolean, byHover: boolean): void
  /** Whether a click on `uid`'s button opens its panel (or keeps one the pointer has just opened) rather than closing it. */
  clickOpens(uid: string): boolean
  back(uid: string): void
  onItemPointerDown(uid: string, event: React.PointerEvent): void
  onItemKeyDown(uid: string, event: React.KeyboardEvent): void
  onItemBlur(uid: string, event: React.FocusEvent): void
  onLinkClick(uid: string, event: React.MouseEvent): void
}

/**
 * The flyouts' behaviour (nav spec §2, WAI-ARIA disclosure navigation): one panel open at a time.
 * - A desktop mouse opens an item's panel by resting on it, and closes it by leaving it; the way from
 *   the item into the panel keeps it open (NavBarItem, Floating UI's safe polygon); passing over
 *   other items on the way changes nothing.
 * - The button (click, Enter, Space) toggles it; a click on a panel the pointer has just opened
 *   keeps it open.
 * - Escape closes it wherever focus is, and returns focus to its button when focus was inside.
 * - Focus leaving the item, a press outside it, or scrolling the page by more than the panel's
 *   height close it.
 * - On touch, a first tap on an item with a panel opens the panel instead of following the link.
 */
export function useFlyouts(): FlyoutControls {
  const [openUid, setOpenUid] = useState<string | undefined>()
  const [closingUid, setClosingUid] = useState<string | undefined>()
  // The phone panel's back: the selection clears part-way through the slide-out.
  const closeTimer = useRef<Timer>(undefined)
  const openedByHover = useRef(false)
  const lastPress = useRef('')
  /**
   * The panel that is open or opening: set with the state, before its transition has rendered, so
   * a key or press that follows at once (Escape, another item) answers what the shopper just did.
   */
  const openRef = useRef(openUid)
  const setOpenNow = useCallback((uid: string | undefined) => {
    openRef.current = uid
    setOpenUid(uid)
  }, [])

  useEffect(() => () => clearTimeout(closeTimer.current), [])

  // Phones and tablets: the panel covers the screen, so focus goes to its back button rather than
  // staying on a button hidden under it.
  useEffect(() => {
    if (openUid === undefined || !matches(PANEL_COVERS_SCREEN)) return
    document.getElementById(flyoutId(openUid))?.querySelector<HTMLElement>('button')?.focus()
  }, [openUid])

  // While a panel is open: Escape from anywhere closes it (a panel the pointer opened has no focus
  // in it), and a press outside its item closes it (a tablet's tap changes no focus).
  // Listening all along, reading the panel that is open or opening: its render is a transition, and
  // Escape may come before it has rendered.
  useEffect(() => {
    const item = () =>
      openRef.current === undefined
        ? undefined
        : document.getElementById(flyoutButtonId(openRef.current))?.closest('li')
    const onKey = (event: KeyboardEvent) => {
      const uid = openRef.current
      if (event.key !== 'Escape' || uid === undefined) return
      const focusInside = item()?.contains(document.activeElement) ?? false
      setOpenNow(undefined)
      if (focusInside) focusPanelButton(uid)
    }
    const onPress = (event: PointerEvent) => {
      const open = item()
      if (open && event.target instanceof Node && !open.contains(event.target)) setOpenNow(undefined)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPress)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPress)
    }
  }, [setOpenNow])

  // Scrolling past the panel's height closes it (nav spec §2).
  useEffect(() => {
    if (openUid === undefined) return
    const start = window.scrollY
    const onScroll = () => {
      const height = document.getElementById(flyoutId(openUid))?.offsetHeight ?? 0
      if (Math.abs(window.scrollY - start) > height) setOpenNow(undefined)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [openUid, setOpenNow])

  return useMemo<FlyoutControls>(() => {
    const cancelClose = () => {
      clearTimeout(closeTimer.current)
      closeTimer.current = undefined
    }
    /** The one way the open panel changes: timers for the old state and a back slide are dropped. */
    const show = (uid: string | undefined, byHover = false) => {
      cancelClose()
      openedByHover.current = byHover
      setClosingUid(undefined)
      // Opening draws a whole panel of cards: as a transition, the press paints at once and the
      // panel's render yields to the browser (opening a panel within 50 ms INP at 4x CPU);
      // its button and panel then change together. Closing removes it at once.
      if (uid === undefined) setOpenNow(undefined)
      else {
        openRef.current = uid
        startTransition(() => setOpenUid(uid))
      }
    }
    const close = (uid: string, returnFocus: boolean) => {
      if (openRef.current !== uid) return
      show(undefined)
      if (returnFocus) focusPanelButton(uid)
    }
    return {
      openUid,
      closingUid,
      setOpen(uid, open, byHover) {
        if (open) show(uid, byHover)
        else close(uid, false)
      },
      clickOpens(uid) {
        // The pointer opened it on its way to the button: the click means "keep it", not "close".
        return openRef.current !== uid || openedByHover.current
      },
      back(uid) {
        // Phones: the panel slides out (0.4 s), and the selection is cleared part-way (nav spec §2).
        cancelClose()
        setClosingUid(uid)
        closeTimer.current = setTimeout(() => close(uid, true), FLYOUT_BACK_CLOSE_MS)
      },
      onItemPointerDown(_uid, event) {
        lastPress.current = event.pointerType
      },
      onItemKeyDown() {
        // A key, not a tap, follows the link next (a touch device with a keyboard).
        lastPress.current = 'keyboard'
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
        const native = event.nativeEvent as Partial<PointerEvent>
        const pointer = native.pointerType || lastPress.current
        if (pointer !== 'touch' || openRef.current === uid) return
        event.preventDefault()
        show(uid)
      },
    }
  }, [openUid, closingUid, setOpenNow])
}
