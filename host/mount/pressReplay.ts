import { REPLAY_ATTRIBUTE, REPLAY_PENDING_ATTRIBUTE, recordedPresses } from '../../site/pressRecorder'

/**
 * The host's side of the press recorder (site/pressRecorder.ts): whether a press still waits, and
 * its answer when a part goes live.
 */

export { recordedPresses }

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
    const live = liveTwin(part, press.key)
    if (!live) continue
    press.done = true
    press.answeredAt = performance.now()
    live.focus({ preventScroll: true })
    live.click()
    answered++
  }
  return answered
}

/** The live control in `part` with the replay key `key` (not a served one still pending), if any. */
export function liveTwin(part: Element, key: string): HTMLElement | undefined {
  return [...part.querySelectorAll<HTMLElement>(`[${REPLAY_ATTRIBUTE}]`)].find(
    (el) => el.getAttribute(REPLAY_ATTRIBUTE) === key && !el.hasAttribute(REPLAY_PENDING_ATTRIBUTE),
  )
}
