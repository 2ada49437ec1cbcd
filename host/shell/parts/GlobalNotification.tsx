import { type ReactNode, useEffect } from 'react'
import { SLOT_GLOBAL_NOTIFICATION } from '../../../contracts/cms'
import type { Labels } from '../../../contracts/labels'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { after } from '../../../kernel/streams/streams'
import { CmsSlot, useContentSlot } from '../cms/CmsSlot'
import styles from '../shell.module.css'

/** Scroll to the top this long after the notification loads (header spec §4, §9)… */
export const NOTIFICATION_SCROLL_DELAY_MS = 1200
/** …but only when the shopper has scrolled less than this, so nobody loses their place. */
export const NOTIFICATION_SCROLL_MAX_PX = 150

/** The global notification banner, above the header; the only part shown in the app webview. */
export function GlobalNotification() {
  const { labels } = useService(headerContextRef)
  const slot = useContentSlot(SLOT_GLOBAL_NOTIFICATION)
  const loaded = (slot?.components.component.length ?? 0) > 0
  useEffect(() => {
    if (!loaded) return
    const sub = after(NOTIFICATION_SCROLL_DELAY_MS).subscribe(() => {
      if (window.scrollY < NOTIFICATION_SCROLL_MAX_PX) window.scrollTo({ top: 0 })
    })
    return () => sub.unsubscribe()
  }, [loaded])
  if (!loaded) return null
  return (
    <NotificationRow labels={labels}>
      <CmsSlot position={SLOT_GLOBAL_NOTIFICATION} />
    </NotificationRow>
  )
}

/** The notification's row, the same in the served first view and the live header. */
export function NotificationRow({ labels, children }: { labels: Labels; children: ReactNode }) {
  return (
    <section className={styles.notification} aria-label={labels['header.notification.label']}>
      {children}
    </section>
  )
}
