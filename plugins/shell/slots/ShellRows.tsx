import { SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO } from '../../../contracts/cmsNames'
import { useService } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import layout from '../../../site/headerLayout.module.css'
import { isBrewerRegistration } from '../../../site/routeStyle'
import { CmsSlotBox } from '../cms/CmsSlot'
import { type CmsRow, servedHtml, useCmsRow } from '../cms/useCmsRow'
import { AppBanner } from './AppBanner'
import { FreeShipping } from './FreeShipping'
import { NotificationRow, useScrollToNotification } from './GlobalNotification'
import { LanguageSelector } from './LanguageSelector'
import { SupportLink } from './SupportLink'
import styles from './shell.module.css'

/**
 * The shell's own rows (header spec §1), each a part drawn once: the page server renders it and the
 * browser hydrates it before the kernel, or the live shell draws it (the app webview, a page without
 * a served header). The shell's own controls are drawn here; each row's slot is open to other
 * plugins, whose contributions come beside them once the kernel runs them.
 */

/**
 * The top row: the skip link, the app banner (phones and tablets) and the global notification. The
 * app's webview shows only the notification (header spec §1).
 */
export function TopRow({ webview = false }: { webview?: boolean }) {
  const { labels, location, reservedRows } = useService(headerContextRef)
  const reduced = isBrewerRegistration(location.pathname)
  const notification = useCmsRow(SLOT_GLOBAL_NOTIFICATION, reservedRows?.includes('notification') ?? false)
  useScrollToNotification(notification.kind === 'served' || notification.kind === 'live')
  return (
    <>
      {!webview && (
        <a className={styles.skipLink} href="#main-content">
          {labels['header.skip.to.content']}
        </a>
      )}
      {!reduced && !webview && <AppBanner />}
      {notification.kind === 'reserved' ? (
        <div className={layout.notification} data-reserved-row="notification" />
      ) : (
        notification.kind !== 'none' && (
          <NotificationRow labels={labels}>
            <CmsRowBox row={notification} position={SLOT_GLOBAL_NOTIFICATION} />
          </NotificationRow>
        )
      )}
      <Slot name="header.notification" except="shell" />
    </>
  )
}

/** The utility row: the free-shipping message, then the support link and the language switch. */
export function UtilityRow() {
  return (
    <>
      <FreeShipping />
      <Slot name="header.freeShipping" except="shell" />
      <div className={styles.utilityEnd}>
        <SupportLink />
        <Slot name="header.support" except="shell" />
        <LanguageSelector />
        <Slot name="header.language" except="shell" />
      </div>
    </>
  )
}

/** The promotion row: the CMS's promotion slot, under the header's main rows. */
export function PromoRow() {
  const { reservedRows } = useService(headerContextRef)
  const promo = useCmsRow(SLOT_HEADER_PROMO, reservedRows?.includes('promo') ?? false)
  if (promo.kind === 'reserved') return <div className={layout.promo} data-reserved-row="promo" />
  return promo.kind === 'none' ? null : (
    <CmsRowBox row={promo} position={SLOT_HEADER_PROMO} className={layout.promo} />
  )
}

/**
 * A CMS row's content box: the live renderer's, or the page server's HTML kept as it is (the same
 * box, so the turn from one to the other moves nothing).
 */
function CmsRowBox({
  row,
  position,
  className,
}: {
  row: Extract<CmsRow, { kind: 'live' | 'served' }>
  position: string
  className?: string
}) {
  if (row.kind === 'live')
    return (
      <CmsSlotBox position={position} {...(className ? { className } : {})}>
        <row.Renderer components={row.components} />
      </CmsSlotBox>
    )
  return (
    <div
      className={className}
      data-cms-slot={position}
      // Safe: the page server's render of the content through the header's one sanitiser.
      dangerouslySetInnerHTML={servedHtml(row.html)}
      suppressHydrationWarning
    />
  )
}
