import { REPLAY_ATTRIBUTE, REPLAY_PENDING_ATTRIBUTE, type RecordedPress } from '../../site/pressRecorder'

/**
 * The host's side of the press recorder (site/pressRecorder.ts): the presses the page kept, and their
 * answer when a part goes live.
 */
type PressWindow = Window & { __oneHeaderPresses?: RecordedPress[] }

/** The presses recorded on this page so far (empty without the recorder). */
export function recordedPresses(win: Window = window): readonly RecordedPress[] {
  return (win as PressWindow).__oneHeaderPresses ?? []
}

/** Whether a press on `key` is still waiting for its part. */
export function isPressWaiting(key: string, win: Window = window): boolean {
  return recordedPresses(win).some((press) => press.key === key && !press.done)
}

/**
 * Answers the recorded presses that `part`, just gone live, has a control for: in the order they were
 * made, each once, by focusing the live control and clicking it (the same handler a live press runs).
 * Returns how many it answered.
 */
export function replayPresses(part: Element, win: Window = window): number {
  let answered = 0
  for (const press of recordedPresses(win)) {
    if (press.done) continue
    const live = [...part.querySelectorAll<HTMLElement>(`[${REPLAY_ATTRIBUTE}]`)].find(
      (el) => el.getAttribute(REPLAY_ATTRIBUTE) === press.key && !el.hasAttribute(REPLAY_PENDING_ATTRIBUTE),
    )
    if (!live) continue
    press.done = true
    live.focus({ preventScroll: true })
    live.click()
    answered++
  }
  return answered
}
