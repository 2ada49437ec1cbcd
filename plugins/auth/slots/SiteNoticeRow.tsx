import { useEffect, useRef } from 'react'
import type { CardNotice } from '../../../contracts/siteNotifications'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { WholeTextToggle } from '../../../kernel/react/WholeText'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { localizedPath } from '../../../site/language'
import { authSessionRef } from '../authRefs'
import { siteNoticesRef } from '../siteNotices'
import styles from './auth.module.css'

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
 */
export function SiteNoticeRow() {
  const { labels, lang, reservedRows } = useService(headerContextRef)
  const session = useService(authSessionRef)
  const notices = useService(siteNoticesRef)
  const state = useStream(session.state$, session.state$.value())
  const result = useStream(notices.state$, notices.state$.value())
  const customer = state.status === 'signedIn' && state.agent === null
  const text = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (customer) notices.load('current')
    else notices.reset()
  }, [customer, notices])
  if (!customer) return null
  if (result.status !== 'success') {
    const holding = reservedRows?.includes('sitenotice') && result.status !== 'error'
    return holding ? <div className={styles.siteNotice} data-reserved-row="sitenotice" /> : null
  }
  const first = result.data[0]
  if (!first) return null
  const template = labels[first.code === 'CARD_EXPIRED' ? 'header.card.expired' : 'header.card.expiring']
  return (
    <section className={styles.siteNotice} aria-label={labels['header.site.notice.label']}>
      <p ref={text} className={styles.siteNoticeText}>
        {cardNoticeText(first, template)}
      </p>
      <WholeTextToggle target={text} label={labels['header.text.show.whole']} />
      <a className={styles.siteNoticeLink} href={localizedPath(lang, PAYMENT_PAGE)}>
        {labels['header.card.update']}
      </a>
    </section>
  )
}
