import { type ReactNode, useEffect } from 'react'
import type { Labels } from '../../../contracts/labels'
import layout from '../../../site/headerLayout.module.css'

/** Scroll to the top this long after the notification loads (header spec §4, §9)… */
export const NOTIFICATION_SCROLL_DELAY_MS = 1200
/** …but only when the shopper has scrolled less than this, so nobody loses their place. */
export const NOTIFICATION_SCROLL_MAX_PX = 150

/**
 * Once the global notification is shown (`shown`), scrolls the page back to its top after a moment,
 * so a shopper who has barely scrolled sees it; one who has scrolled further keeps their place.
 */
export function useScrollToNotification(shown: boolean): void {
  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => {
      if (window.scrollY < NOTIFICATION_SCROLL_MAX_PX) window.scrollTo({ top: 0 })
    }, NOTIFICATION_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [shown])
}

/** The notification's row (the top row draws it: ShellRows.tsx). */
export function NotificationRow({ labels, children }: { labels: Labels; children: ReactNode }) {
  return (
    <section className={layout.notification} aria-label={labels['header.notification.label']}>
      {children}
    </section>
  )
}
