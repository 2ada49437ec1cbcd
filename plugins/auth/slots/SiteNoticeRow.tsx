import { useEffect, useRef, useState } from 'react'
import type { CardNotice } from '../../../contracts/siteNotifications'
import { useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { shellRootOf } from '../../../kernel/react/shellLayers'
import { useStream } from '../../../kernel/react/useStream'
import { WholeTextToggle } from '../../../kernel/react/WholeText'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import { type AuthSession, authSessionRef, type SiteNotices, siteNoticesRef } from '../authRefs'
import styles from './auth.module.css'
import { CloseButton } from './CloseButton'

/** Where a customer updates a card (header spec §2 /my-account/payment-address). */
export const PAYMENT_PAGE = '/my-account/payment-address'

/** The notice in the shopper's language: the card, its last four digits and its expiry (MM/YYYY). */
export function cardNoticeText(notice: CardNotice, template: string): string {
  const expiry = `${String(notice.expiryMonth).padStart(2, '0')}/${notice.expiryYear}`
  return template
    .replace('{cardType}', notice.cardType)
    .replace('{last4}', notice.last4)
    .replace('{expiry}', expiry)
}

/**
 * The signed-in customer's site notice (header spec §7 getSiteNotifications, "card expiration"): a
 * row under the global notification with the first notice and a link to update the card. Read once
 * per sign-in; agents acting for a customer do not get it. While it loads, the row the page reserved
 * for it keeps its height, so the answer moves nothing.
 *
 * A page that did not reserve the row (the customer signed in on it, in the flyout) gets the notice
 * as a row all the same, once it is answered: the page moves down once, as the result of the
 * shopper's own sign-in, where a notice hung over the page covered its heading on a phone. That row
 * says itself politely to screen readers (a live region present, empty and with no height, before
 * the notice arrives, so the arrival is announced) and can be closed. From the next page on, the page
 * server reserves the row and the notice is that row again.
 */
export function SiteNoticeRow() {
  const { reservedRows } = useService(headerContextRef)
  const session = useServiceHandle(authSessionRef)
  const notices = useServiceHandle(siteNoticesRef)
  const reserved = reservedRows?.includes('sitenotice') ?? false
  if (session && notices) return <LiveSiteNoticeRow session={session} notices={notices} reserved={reserved} />
  // Drawn once (the page server renders it, the browser hydrates it before the kernel): until the
  // session is known, the row the page reserved for a signed-in customer keeps its height.
  return reserved ? <div className={styles.siteNotice} data-reserved-row="sitenotice" /> : null
}

/** The row once the session and the notices are there. */
function LiveSiteNoticeRow({
  session,
  notices,
  reserved,
}: {
  session: AuthSession
  notices: SiteNotices
  reserved: boolean
}) {
  const { labels } = useService(headerContextRef)
  const state = useStream(session.state$, session.state$.value())
  const result = useStream(notices.state$, notices.state$.value())
  const customer = state.status === 'signedIn' && state.agent === null
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => {
    if (customer) notices.load('current')
    else {
      notices.reset()
      setDismissed(false)
    }
  }, [customer, notices])
  if (!customer) return null
  const first = result.status === 'success' ? result.data[0] : undefined
  if (!reserved)
    return (
      <SiteNoticeOverlay
        notice={first && !dismissed ? first : undefined}
        onDismiss={() => setDismissed(true)}
      />
    )
  if (result.status !== 'success')
    return result.status !== 'error' ? (
      <div className={styles.siteNotice} data-reserved-row="sitenotice" />
    ) : null
  if (!first) return null
  return (
    <section className={styles.siteNotice} aria-label={labels['header.site.notice.label']}>
      <SiteNoticeContent notice={first} />
    </section>
  )
}

/** The notice's words, its "show the whole message" toggle when cut, and the link to update the card. */
function SiteNoticeContent({ notice }: { notice: CardNotice }) {
  const { labels, lang } = useService(headerContextRef)
  const text = useRef<HTMLParagraphElement>(null)
  const template = labels[notice.code === 'CARD_EXPIRED' ? 'header.card.expired' : 'header.card.expiring']
  return (
    <>
      <p ref={text} className={styles.siteNoticeText}>
        {cardNoticeText(notice, template)}
      </p>
      <WholeTextToggle target={text} label={labels['header.text.show.whole']} />
      <a className={styles.siteNoticeLink} href={localizedPath(lang, PAYMENT_PAGE)}>
        {labels['header.card.update']}
      </a>
    </>
  )
}

/**
 * The notice after an in-page sign-in: a closable row of the header (auth.module.css). The live
 * region is drawn (empty) as soon as the customer is signed in, so the notice's arrival in it is what
 * screen readers announce.
 */
function SiteNoticeOverlay({ notice, onDismiss }: { notice: CardNotice | undefined; onDismiss: () => void }) {
  const { labels } = useService(headerContextRef)
  const box = useRef<HTMLDivElement>(null)
  const dismiss = () => {
    // Focus would fall to the page with the button gone: it goes to the logo, the header's first
    // control and the next thing after the notice in reading order (as the app banner's close does).
    const logo = shellRootOf(box.current)?.querySelector<HTMLElement>('[data-logo]')
    onDismiss()
    logo?.focus()
  }
  return (
    <div
      ref={box}
      className={
        notice ? `${styles.siteNoticeOverlay} ${styles.siteNoticeOverlayOpen}` : styles.siteNoticeOverlay
      }
      data-site-notice-overlay=""
    >
      <div
        role="status"
        aria-live="polite"
        aria-label={labels['header.site.notice.label']}
        className={styles.siteNoticeOverlayBody}
      >
        {notice && <SiteNoticeContent notice={notice} />}
      </div>
      {notice && (
        <CloseButton
          label={labels['header.site.notice.dismiss']}
          onClick={dismiss}
          className={styles.siteNoticeClose}
        />
      )}
    </div>
  )
}
