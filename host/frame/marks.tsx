import { useEffect } from 'react'

/** Performance marks read by `npm run bench`: the header's first paint (its frame), and the full shell. */
export const FIRST_RENDER_MARK = 'one-header:first-render'
/**
 * The complete mark, and the prefix of the mark each part sets when it goes live
 * (`one-header:live:header.nav`): its time to live. Named in site/ because the early measures sender
 * in the page's head reads them too.
 */
export { COMPLETE_MARK, PART_LIVE_MARK } from '../../site/earlyMeasures'
/** The attribute a part gets once it is live (read by `npm run bench` and the browser tests). */
export const PART_LIVE_ATTRIBUTE = 'data-live'

/** Sets the performance mark `name` once, after it first commits and paints; then calls `onMarked`. */
export function Mark({ name, onMarked }: { name: string; onMarked?: () => void }) {
  useEffect(() => {
    if (performance.getEntriesByName(name).length === 0) performance.mark(name)
    onMarked?.()
  }, [name, onMarked])
  return null
}
