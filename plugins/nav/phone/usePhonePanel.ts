import { useCallback, useEffect, useRef, useState } from 'react'
import { FLYOUT_BACK_CLOSE_MS } from '../slots/useFlyouts'

interface PanelState {
  /** The category whose panel is open (nav spec §4 "open": the open-menu selection). */
  openUid?: string
  /** Its back button was pressed: the 0.4 s slide-out runs (nav spec §4 "closing"). */
  closing: boolean
  /** The category whose panel was last cleared by back, for `onCleared`. */
  cleared?: string
}

export interface PhonePanel {
  openUid: string | undefined
  closing: boolean
  open(uid: string): void
  /** Starts the slide-out; FLYOUT_BACK_CLOSE_MS later the selection clears, then `onCleared` runs. */
  back(): void
}

/**
 * The phone menu's open category (nav spec §2, §4, §9): one panel at a time; back marks it closing
 * and clears the selection 300 ms later (while the 0.4 s slide-out still runs). `onCleared` runs once
 * the cleared panel is gone from the page, so what it focuses is no longer covered.
 */
export function usePhonePanel(onCleared: (uid: string) => void): PhonePanel {
  const [state, setState] = useState<PanelState>({ closing: false })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const current = useRef(state)
  current.current = state
  const onClearedRef = useRef(onCleared)
  onClearedRef.current = onCleared

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (state.cleared !== undefined) onClearedRef.current(state.cleared)
  }, [state.cleared])

  const open = useCallback((uid: string) => {
    clearTimeout(timer.current)
    setState({ openUid: uid, closing: false })
  }, [])

  const back = useCallback(() => {
    const { openUid, closing } = current.current
    if (openUid === undefined || closing) return
    setState({ openUid, closing: true })
    timer.current = setTimeout(() => setState({ closing: false, cleared: openUid }), FLYOUT_BACK_CLOSE_MS)
  }, [])

  return { openUid: state.openUid, closing: state.closing, open, back }
}
