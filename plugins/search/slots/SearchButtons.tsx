import type { Labels } from '../../../contracts/labels'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import styles from './search.module.css'

/** The replay key of the box's clear button: a press on the served one is answered by the live one. */
export const CLEAR_REPLAY_KEY = 'search:clear'

/**
 * The box's clear button: always there, hidden by CSS while the box is empty (search.module.css):
 * showing it repaints the box and moves nothing, where inserting it relaid the page on the first key.
 * Drawn by the page server before script (`served`), a press on it is kept for the live box.
 */
export function ClearButton({
  labels,
  onClear,
  served = false,
  disabled = false,
}: {
  labels: Labels
  onClear?: () => void
  served?: boolean
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      className={styles.clear}
      aria-label={labels['header.search.clear']}
      onClick={onClear}
      {...(served ? pendingReplay(CLEAR_REPLAY_KEY) : liveReplay(CLEAR_REPLAY_KEY))}
    >
      <span aria-hidden="true">×</span>
    </button>
  )
}

/** The box's search button: submits the form, so it works as HTML before any script. */
export function SubmitButton({ labels, disabled = false }: { labels: Labels; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className={styles.submit}
      aria-label={labels['header.search.submit']}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
        />
      </svg>
    </button>
  )
}
