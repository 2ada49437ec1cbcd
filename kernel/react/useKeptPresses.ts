import { type RefObject, useEffect } from 'react'
import { recordedPresses } from '../../site/pressRecorder'

/**
 * A control drawn before it can answer (the service behind it not started yet: a part live before
 * the kernel) carries its replay key as pending, so the page's recorder keeps a press on it
 * (site/pressRecorder.ts). Once it can answer (`ready`), the presses kept for `key` are answered by
 * the control itself, in order, each once: never disabled, never lost, never answered twice.
 */
export function useKeptPresses(key: string, ready: boolean, control: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = control.current
    if (!ready || !element) return
    for (const press of recordedPresses(window)) {
      if (press.done || press.key !== key) continue
      press.done = true
      press.answeredAt = performance.now()
      press.answeredAt = performance.now()
      element.focus({ preventScroll: true })
      element.click()
    }
  }, [ready, key, control])
}
