import type { Labels } from '../../../contracts/labels'
import type { SearchState } from '../searchService'
import styles from './search.module.css'

const countText = (template: string, count: number) => template.replaceAll('{count}', String(count))

/** What the live region says for an answer: both counts, with the CMS labels (nav spec §4). */
export function countsAnnouncement(labels: Labels, state: SearchState): string {
  if (state.result.status !== 'success') return ''
  const { suggestions, products } = state.result.data
  // Nothing found for a text: the same words the box shows.
  if (suggestions.length === 0 && products.length === 0 && state.query?.trim())
    return labels['header.search.no.results'].replaceAll('{text}', state.query.trim())
  return `${countText(labels['header.search.suggestions.count'], suggestions.length)}, ${countText(
    labels['header.search.products.count'],
    products.length,
  )}`
}

/**
 * A hidden polite live region (nav spec §4): while not loading, it announces how many suggestions
 * and products the flyout holds. It is always in the page, so screen readers hear each change.
 */
export function LiveCounts({
  labels,
  state,
  wanted,
}: {
  labels: Labels
  state: SearchState
  wanted: boolean
}) {
  return (
    <div className={styles.visuallyHidden} role="status" aria-live="polite" aria-atomic="true">
      {wanted ? countsAnnouncement(labels, state) : ''}
    </div>
  )
}
