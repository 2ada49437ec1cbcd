/**
 * The press recorder: a few lines of plain script the page server writes into the host
 * page's head, so that a press on a header control made before its part is live is neither lost nor
 * answered differently. Event replay as Angular's and Google's JSAction do it, for the header's served
 * first view:
 *
 * - A served control that only script can answer (a panel's disclosure button, the account control,
 *   the phone menu's button) carries `data-replay="<key>"` and `data-replay-pending`; its live
 *   counterpart carries the same key without `data-replay-pending`.
 * - A press (a click: a mouse click, a tap, Enter or Space on a button, Enter on a link) on a pending
 *   control is stopped and queued in `window.__oneHeaderPresses`, in order; a second press on a control
 *   whose press is still queued is dropped, so an impatient double tap is answered once.
 * - When the control's part goes live, the host replays the queue into it (host/mount/pressReplay.ts): each
 *   press whose key the live part has is answered once, by a click on the live control.
 * - A press no live part has answered after `PRESS_FALLBACK_MS` gets the plain behaviour: the control's
 *   `data-replay-href` (the item's page, the log-in page), so nothing is lost when a plugin's code never
 *   comes.
 *
 * No framework and no import: `PRESS_RECORDER_SCRIPT` is this file's `record` function as source.
 * Links and forms in the first view need none of it: they work as HTML.
 */

/** The attribute that names a control's replay key, on the served control and on the live one. */
export const REPLAY_ATTRIBUTE = 'data-replay'
/** On a served control whose part is not live yet: a press on it is recorded, not acted on. */
export const REPLAY_PENDING_ATTRIBUTE = 'data-replay-pending'
/** Where a recorded press goes when no live part has answered it in time (optional). */
export const REPLAY_HREF_ATTRIBUTE = 'data-replay-href'
/** The event the recorder dispatches on the document for each press it queues (detail: the key). */
export const PRESS_EVENT = 'oneheader:press'
/**
 * How long a recorded press waits for its part before it gets the plain behaviour: longer than any
 * healthy start-up at 4x CPU (about 1.5 s), short enough that a shopper whose plugin code never comes
 * is not left waiting.
 */
export const PRESS_FALLBACK_MS = 3000

/** One recorded press. `done` once a live part or the fallback has answered it. */
export interface RecordedPress {
  key: string
  href: string | null
  done: boolean
  /** When it was pressed (page-time milliseconds). */
  at?: number
  /** When it was answered, by its live control or the fallback (page-time milliseconds). */
  answeredAt?: number
}

/**
 * What the recorder uses of the page, spelled out: this file is shared with the page server, which
 * has no DOM types.
 */
interface RecorderWindow {
  __oneHeaderPresses?: RecordedPress[]
  __oneHeaderRecorder?: boolean
  document: {
    addEventListener(type: 'click', listener: (event: Press) => void, capture: boolean): void
    dispatchEvent(event: unknown): boolean
  }
  setTimeout(callback: () => void, ms: number): unknown
  location: { assign(href: string): void }
  performance: { now(): number }
}
interface Press {
  button: number
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
  target: unknown
  preventDefault(): void
  stopImmediatePropagation(): void
}
interface Pressable {
  closest?(selector: string): { getAttribute(name: string): string | null } | null
}

/**
 * The recorder itself, run in the page before any header script. It refers to nothing outside itself:
 * it is sent as its own source text.
 */
function record(win: RecorderWindow, fallbackMs: number): void {
  // Once per page, however often the page writes it.
  if (win.__oneHeaderRecorder) return
  win.__oneHeaderRecorder = true
  win.document.addEventListener(
    'click',
    (event: Press) => {
      // A press meant for a new tab or window is the browser's, not the header's.
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
      const target = event.target as Pressable | null
      const control = target?.closest ? target.closest('[data-replay-pending]') : null
      if (!control) return
      event.preventDefault()
      event.stopImmediatePropagation()
      win.__oneHeaderPresses ??= []
      const queue: RecordedPress[] = win.__oneHeaderPresses
      const key = control.getAttribute('data-replay') || ''
      if (queue.some((queued) => queued.key === key && !queued.done)) return
      const press: RecordedPress = {
        key: key,
        href: control.getAttribute('data-replay-href'),
        done: false,
        at: win.performance.now(),
      }
      queue.push(press)
      win.document.dispatchEvent(new CustomEvent('oneheader:press', { detail: key }))
      win.setTimeout(() => {
        if (press.done) return
        press.done = true
        press.answeredAt = win.performance.now()
        if (press.href) win.location.assign(press.href)
      }, fallbackMs)
    },
    true,
  )
}

/** The recorder as the inline script the page server writes into the head. */
export const PRESS_RECORDER_SCRIPT = `(${record.toString()})(window,${PRESS_FALLBACK_MS});`

/** The presses the page has recorded so far, answered or not (none without the recorder). */
export function recordedPresses(win: object = globalThis): readonly RecordedPress[] {
  return (win as RecorderWindow).__oneHeaderPresses ?? []
}

/**
 * The keys of the presses the page has kept and not answered yet: a plugin may fetch what answering
 * them needs as soon as it starts.
 */
export function waitingPressKeys(win: object): string[] {
  return recordedPresses(win)
    .filter((press) => !press.done)
    .map((press) => press.key)
}

/** The attributes a served control carries so a press on it is recorded (and its fallback address). */
export function pendingReplay(key: string, href?: string): Record<string, string> {
  return {
    [REPLAY_ATTRIBUTE]: key,
    [REPLAY_PENDING_ATTRIBUTE]: '',
    ...(href ? { [REPLAY_HREF_ATTRIBUTE]: href } : {}),
  }
}

/** The attribute a live control carries to receive the presses recorded on its served twin. */
export function liveReplay(key: string): Record<string, string> {
  return { [REPLAY_ATTRIBUTE]: key }
}
