import { type KeyboardEvent, useId, useState } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { LoyaltyBadge, StarIcon } from './LoyaltyBadge'
import styles from './loyalty.module.css'

/**
 * What a loyalty-excluded customer sees (header spec §4, §6: the Canadian brand): an info button
 * whose tooltip (at most 200 px wide, tooltip layer 1070) says why. The WAI-ARIA tooltip pattern:
 * it shows while the button has the pointer or focus, is the button's description, and Escape
 * hides it without moving focus.
 */
export function ExcludedInfo({ variant }: { variant: 'header' | 'panel' }) {
  const { labels } = useService(headerContextRef)
  const tipId = useId()
  const [shown, setShown] = useState(false)
  const hideOnEscape = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && shown) {
      e.stopPropagation()
      setShown(false)
    }
  }
  return (
    <span className={styles.infoButton} data-loyalty="excluded">
      <button
        type="button"
        className={variant === 'header' ? styles.badge : styles.textButton}
        aria-describedby={tipId}
        aria-label={labels['loyalty.excluded.button']}
        onPointerEnter={() => setShown(true)}
        onPointerLeave={() => setShown(false)}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onClick={() => setShown(true)}
        onKeyDown={hideOnEscape}
      >
        {variant === 'header' ? (
          <LoyaltyBadge title={labels['loyalty.excluded.label']} detail="" />
        ) : (
          <>
            <StarIcon size={18} /> {labels['loyalty.excluded.label']} ⓘ
          </>
        )}
      </button>
      <span
        id={tipId}
        role="tooltip"
        className={variant === 'header' ? styles.tooltip : styles.panelTooltip}
        hidden={!shown}
      >
        {labels['loyalty.excluded.info']}
      </span>
    </span>
  )
}
