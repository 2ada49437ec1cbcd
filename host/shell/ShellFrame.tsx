import type { ReactNode } from 'react'
import type { SlotName } from '../../kernel/plugin/slots'
import type { Brand, Lang } from '../../site/brand'
import { isBrewerRegistration, isHomePath, routeBackground } from '../../site/routeStyle'
import { LogoLink } from './parts/Logo'
import styles from './shell.module.css'

export interface FrameProps {
  brand: Brand
  lang: Lang
  pathname: string
  displayName: string
  headerHeight: number
  /** Whether the page has a global notification row (the server says so: `data-rows`). */
  notification: boolean
  /** Whether the page has the mobile app eyebrow banner's row (phones and tablets only). */
  eyebrow?: boolean
  /** Whether the page reserved the signed-in customer's site-notice row. */
  siteNotice?: boolean
  promo: boolean
  webview: boolean
  /**
   * The whole header's first view (host/firstView): each running plugin's first view by slot (the
   * navigation, the search box, the account control, the cart…), drawn from the page's data before
   * the kernel runs, in the places and at the sizes the shell gives those slots. Without it this is
   * the bare frame.
   */
  parts?: Partial<Record<SlotName, ReactNode>>
}

/**
 * What the header paints the moment its script has run, before configuration, content and plugins
 * arrive: the same rows at the same heights, the brand's colours and the logo. The full shell then
 * fills the rows in place, so nothing moves and the shopper sees the header at once.
 */
export function ShellFrame(p: FrameProps) {
  const notification = p.notification ? <div className={styles.notification} /> : null
  if (p.webview) {
    return (
      <div className={styles.root} data-brand={p.brand} data-variant="webview" data-frame="">
        {notification}
      </div>
    )
  }
  const reduced = isBrewerRegistration(p.pathname)
  const parts = reduced ? undefined : p.parts
  return (
    <div
      className={styles.root}
      data-brand={p.brand}
      data-lang={p.lang}
      data-route-bg={routeBackground(p.pathname)}
      data-variant={reduced ? 'brewer-registration' : 'full'}
      {...(parts ? { 'data-first-view': '' } : { 'data-frame': '' })}
      style={{ '--oh-header-height': `${p.headerHeight}px` } as React.CSSProperties}
    >
      {p.eyebrow && !reduced && <div className={styles.eyebrow} data-reserved-row="eyebrow" />}
      {notification}
      {p.siteNotice && <div className={styles.siteNotice} data-reserved-row="sitenotice" />}
      <header
        className={
          isHomePath(p.pathname) && atPageTop() ? `${styles.header} ${styles.transparent}` : styles.header
        }
      >
        <div className={styles.utility} />
        <div className={styles.main}>
          <div className={styles.menuArea} />
          <LogoLink displayName={p.displayName} lang={p.lang} />
          {parts && (
            <>
              <div className={styles.navArea}>{parts['header.nav']}</div>
              <div className={styles.searchArea}>{parts['header.search']}</div>
              <div className={styles.actions}>
                {parts['header.loyalty']}
                {parts['header.account']}
                {parts['header.cart']}
              </div>
            </>
          )}
        </div>
        {p.promo && !reduced && <div className={styles.promo} />}
      </header>
      {/* The cookie banner, fixed at the viewport's bottom, when consent is due: there at first paint. */}
      {parts?.['header.cookieBanner']}
      {/* Last: the page server's copy is shown only once the browser has read it all (the CSS). */}
      {parts && <span data-first-view-end="" hidden />}
    </div>
  )
}

/** Whether the page is scrolled to its top; a page the server renders always starts there. */
function atPageTop(): boolean {
  return typeof window === 'undefined' || window.scrollY <= 0
}

/** The area of the frame each first-view slot is drawn in (a plugin's `takeOver` reads its part there). */
const AREA_OF: Partial<Record<SlotName, string | undefined>> = {
  'header.nav': styles.navArea,
  'header.search': styles.searchArea,
  'header.loyalty': styles.actions,
  'header.account': styles.actions,
  'header.cart': styles.actions,
}

/** The element of a drawn first view that holds `slot`'s part, if the frame has a place for it. */
export function firstViewArea(view: HTMLElement, slot: SlotName): HTMLElement | null {
  const area = AREA_OF[slot]
  // CSS-module names are plain identifiers; `~=` matches one class among several.
  return area ? view.querySelector<HTMLElement>(`[class~="${area}"]`) : null
}
