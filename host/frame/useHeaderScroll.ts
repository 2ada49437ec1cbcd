import { useEffect, useState } from 'react'

/** Sticky once scrolled more than 59 px (header spec §9). */
export const STICKY_THRESHOLD_PX = 59
/** Movement ignored before hiding or showing, so a trackpad's jitter does not flicker the header. */
const DIRECTION_SLACK_PX = 8

export interface HeaderScrollState {
  atTop: boolean
  sticky: boolean
  /** Hidden while scrolling down past the sticky threshold; shown again on any scroll up. */
  hidden: boolean
}

/** Pure step, for tests: the next state from the previous scroll position and the new one. */
export function nextScrollState(prevY: number, y: number, prev: HeaderScrollState): HeaderScrollState {
  const sticky = y > STICKY_THRESHOLD_PX
  let hidden = prev.hidden
  if (!sticky) hidden = false
  else if (y - prevY > DIRECTION_SLACK_PX) hidden = true
  else if (prevY - y > DIRECTION_SLACK_PX) hidden = false
  return { atTop: y <= 0, sticky, hidden }
}

/** The header's scroll state, updated once per animation frame from a passive listener. */
export function useHeaderScroll(win: Window = window): HeaderScrollState {
  const [state, setState] = useState<HeaderScrollState>(() =>
    nextScrollState(0, win.scrollY, { atTop: true, sticky: false, hidden: false }),
  )
  useEffect(() => {
    let lastY = win.scrollY
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = win.requestAnimationFrame(() => {
        frame = 0
        const y = win.scrollY
        setState((prev) => {
          const next = nextScrollState(lastY, y, prev)
          lastY = y
          return next.atTop === prev.atTop && next.sticky === prev.sticky && next.hidden === prev.hidden
            ? prev
            : next
        })
      })
    }
    win.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      win.removeEventListener('scroll', onScroll)
      if (frame) win.cancelAnimationFrame(frame)
    }
  }, [win])
  return state
}
