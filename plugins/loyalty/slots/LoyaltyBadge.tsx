import styles from './loyalty.module.css'

/** The programme's mark: a star (decorative; the text names the control). */
export function StarIcon({ size = 20 }: { size?: number }) {
  return (
    <svg className={styles.badgeIcon} aria-hidden="true" viewBox="0 0 24 24" width={size} height={size}>
      <path
        fill="currentColor"
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z"
      />
    </svg>
  )
}

/**
 * The face of the header row's loyalty control: the mark, a title and a detail line. The first view
 * and the live slot draw the same face in the same box (`headerBox`), so the switch moves nothing.
 */
export function LoyaltyBadge({ title, detail }: { title: string; detail: string }) {
  return (
    <>
      <StarIcon />
      <span className={styles.badgeText}>
        <span className={styles.badgeTitle}>{title}</span>
        {/* A space keeps the second line's height while the cashback is not known yet. */}
        <span className={styles.badgeDetail}>{detail || '\u00a0'}</span>
      </span>
    </>
  )
}
