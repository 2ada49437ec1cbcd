import { type RefObject, useEffect, useId, useState } from 'react'
import styles from './cutText.module.css'

/**
 * Whether `ref`'s text does not fit its box: a one-line text cut with an ellipsis, or a clamped one
 * with lines left over. Measured after layout and again whenever the box or the text changes size
 * (a narrower window, a web font arriving, late CMS content).
 */
export function useIsCut(ref: RefObject<HTMLElement | null>): boolean {
  const [cut, setCut] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      // An open text is not cut; it keeps its toggle (to close it again).
      if (el.dataset.wholeText === 'open') return
      setCut(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    for (const child of el.children) observer.observe(child)
    return () => observer.disconnect()
  }, [ref])
  return cut
}

/**
 * The WAI-ARIA disclosure that shows the whole of a text that does not fit its row (a
 * shopper never meets a word cut with no way to read the rest). Rendered after the text, only while
 * the text is cut or open: nothing moves when it appears, since the text keeps its start and only its
 * ellipsis moves. Open, the text wraps and its row grows (cutText.module.css).
 *
 * `label` names what it shows ("Show the whole message"); the served first view has no script and so
 * no toggle, and draws the text as cut.
 */
export function WholeTextToggle({ target, label }: { target: RefObject<HTMLElement | null>; label: string }) {
  const cut = useIsCut(target)
  const [open, setOpen] = useState(false)
  const fallbackId = useId()
  useEffect(() => {
    const el = target.current
    if (!el) return
    if (!el.id) el.id = fallbackId
    if (open) el.dataset.wholeText = 'open'
    else delete el.dataset.wholeText
  }, [open, target, fallbackId])
  if (!cut && !open) return null
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-expanded={open}
      // Not a panel: the cookie banner stays while a text is open (plugins/consent banner.module.css).
      data-whole-text-toggle=""
      aria-controls={target.current?.id || fallbackId}
      aria-label={label}
      onClick={() => setOpen(!open)}
    >
      <svg aria-hidden="true" viewBox="0 0 12 12" width="12" height="12">
        <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      </svg>
    </button>
  )
}
