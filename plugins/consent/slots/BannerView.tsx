import type { ReactNode } from 'react'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import type { BannerCopy } from '../bannerCopy'
import styles from './banner.module.css'

/** The title's id, which names the banner's region. */
export const BANNER_TITLE_ID = 'one-header-consent-title'

export interface BannerActions {
  onAccept(): void
  onReject(): void
  /** Opens the choices, or saves them when they are open. */
  onChooseOrSave(): void
  onClose(): void
}

/**
 * The cookie banner (nav spec §9 copy): a region at the bottom of the viewport, over the page rather
 * than pushing it, so it moves nothing when it appears or goes. Without `actions` it is the served
 * first view: the same box, its buttons enabled, a press on one kept by the page's press recorder and
 * answered by the live banner's button when it takes over (site/pressRecorder.ts). Accept and reject
 * are equal buttons side by side (on phones too): refusing is as easy as accepting.
 */
export function BannerView(props: {
  copy: BannerCopy
  actions?: BannerActions
  /** The choices per group, when the visitor asked for them. */
  choices?: ReactNode
  choicesOpen?: boolean
}) {
  const { copy, actions, choicesOpen = false } = props
  /** A button's replay key: the served one's press is kept for the live one. */
  const replay = (key: string) => (actions ? liveReplay(`consent:${key}`) : pendingReplay(`consent:${key}`))
  return (
    <section className={styles.banner} aria-labelledby={BANNER_TITLE_ID} data-consent-banner="">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 className={styles.title} id={BANNER_TITLE_ID} tabIndex={-1}>
            {copy.title}
          </h2>
          <p className={styles.intro}>{copy.intro}</p>
          <p className={styles.links}>
            <a href={copy.privacyPolicy.href}>{copy.privacyPolicy.text}</a>
            <a href={copy.noticeAtCollection.href}>{copy.noticeAtCollection.text}</a>
          </p>
        </div>
        {props.choices}
        <div className={styles.actions}>
          <button type="button" className={styles.button} onClick={actions?.onReject} {...replay('reject')}>
            {copy.rejectAll}
          </button>
          <button type="button" className={styles.button} onClick={actions?.onAccept} {...replay('accept')}>
            {copy.acceptAll}
          </button>
          <button
            type="button"
            className={styles.button}
            onClick={actions?.onChooseOrSave}
            {...replay('choose')}
            {...(choicesOpen ? {} : { 'aria-expanded': false })}
          >
            {choicesOpen ? copy.save : copy.choose}
          </button>
        </div>
        <button
          type="button"
          className={styles.close}
          aria-label={copy.close}
          title={copy.close}
          onClick={actions?.onClose}
          {...replay('close')}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </section>
  )
}
