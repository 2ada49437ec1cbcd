import type { ReactNode } from 'react'
import { HYDRATE_ATTRIBUTE } from '../../contracts/servedState'
import type { ShellRowName, SlotName } from '../../kernel/plugin/slots'
import { MENU_LAYER_ATTRIBUTE } from '../../kernel/react/shellLayers'
import type { Brand, Lang } from '../../site/brand'
import styles from '../../site/headerLayout.module.css'
import { isBrewerRegistration, isHomePath, routeBackground } from '../../site/routeStyle'
import { FrameLogo } from './frameLogo'

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
   * The whole header's first view, drawn in the browser (host/firstView/paintFirstView.tsx) when the
   * page server sent none: each part by its plugin's live component, live at once. Without it (and
   * without `served`) this is the bare frame.
   */
  parts?: Partial<Record<PartName, ReactNode>>
  /**
   * The parts the page server drew with their plugins' live components, as HTML of their own roots
   * (host/firstView/firstViewHtml.tsx): each goes into its box as it is, for the browser to hydrate.
   */
  served?: Partial<Record<PartName, { pluginId: string; html: string }>>
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
  // The brewer-registration page's reduced header has no first view: its frame is all it draws.
  const firstView = !reduced && (p.parts !== undefined || p.served !== undefined)
  /** A part's box: the page server's HTML of it, the browser's own drawing, or the frame's `empty`. */
  const part = (name: PartName, empty?: ReactNode) => {
    const served = firstView ? p.served?.[name] : undefined
    if (served) return <Part name={name} served={served} />
    const drawn = firstView ? p.parts?.[name] : undefined
    return <Part name={name}>{drawn ?? empty}</Part>
  }
  return (
    <div
      className={styles.root}
      data-brand={p.brand}
      data-lang={p.lang}
      data-route-bg={routeBackground(p.pathname)}
      data-variant={reduced ? 'brewer-registration' : 'full'}
      data-site-notice={p.siteNotice || undefined}
      {...(firstView ? { 'data-first-view': '' } : { 'data-frame': '' })}
      style={{ '--oh-header-height': `${p.headerHeight}px` } as React.CSSProperties}
    >
      {part(
        'shell.top',
        <>
          {p.eyebrow && !reduced && <div className={styles.eyebrow} data-reserved-row="eyebrow" />}
          {notification}
        </>,
      )}
      {part(
        'header.siteNotice',
        p.siteNotice && <div className={styles.siteNotice} data-reserved-row="sitenotice" />,
      )}
      <header
        className={
          isHomePath(p.pathname) && atPageTop() ? `${styles.header} ${styles.transparent}` : styles.header
        }
      >
        <HeaderRows
          reduced={reduced}
          part={(name) => part(name)}
          logo={part('header.logo', <FrameLogo displayName={p.displayName} lang={p.lang} />)}
          promo={part('shell.promo', p.promo && !reduced && <div className={styles.promo} />)}
        />
      </header>
      {part('header.sessionDialog', <div {...{ [MENU_LAYER_ATTRIBUTE]: '' }} />)}
      {/* The cookie banner, fixed at the viewport's bottom, when consent is due: there at first paint. */}
      {part('header.cookieBanner')}
      {/* Last: the page server's copy is shown only once the browser has read it all (the CSS). */}
      {firstView && <span data-first-view-end="" hidden />}
    </div>
  )
}

/**
 * The header row's own rows, the same in the first view and the live header: the utility row; the
 * main row with the menu button (phones), logo, search box, loyalty, account and cart; the
 * categories in a row of their own under it (every category in view from 992 px, never
 * pushed under "More" by the search box or the account control); the promotion row. `reduced` (the
 * brewer-registration header, or the bare frame) draws only the utility row, the menu button and
 * the logo.
 */
export function HeaderRows({
  part,
  logo,
  promo,
  reduced,
}: {
  part: (name: PartName) => ReactNode
  logo: ReactNode
  promo: ReactNode
  reduced: boolean
}) {
  return (
    <>
      <div className={styles.utility}>{part('shell.utility')}</div>
      <div className={styles.main}>
        <div className={styles.menuArea}>{part('header.mobileMenu')}</div>
        {logo}
        {!reduced && (
          <>
            <div className={styles.searchArea}>{part('header.search')}</div>
            <div className={styles.actions}>
              {part('header.loyalty')}
              {part('header.account')}
              {part('header.cart')}
            </div>
          </>
        )}
      </div>
      {!reduced && <div className={styles.navRow}>{part('header.nav')}</div>}
      {promo}
    </>
  )
}

/**
 * The parts of the header: each slot of the shell's, and the rows the shell owns (the app banner and
 * notification on top, the utility row, the promotion row). The first view and the live header draw
 * each in a box of its own (`data-part`, which takes no room), so each part goes live on its own, in
 * place, when its plugin's code is in (host/startUp/liveParts.tsx).
 */
export type PartName = SlotName | ShellRowName
export type { ShellRowName }

/**
 * The box of one part: its children, or the HTML of a part the page server drew in a root of its own
 * (`served`), marked with the plugin whose live component drew it for the browser to hydrate.
 */
export function Part({
  name,
  children,
  served,
}: {
  name: PartName
  children?: ReactNode
  served?: { pluginId: string; html: string }
}) {
  if (served)
    return (
      <div
        className={styles.part}
        data-part={name}
        {...{ [HYDRATE_ATTRIBUTE]: served.pluginId }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the part (firstViewHtml.tsx)
        dangerouslySetInnerHTML={{ __html: served.html }}
      />
    )
  return (
    <div className={styles.part} data-part={name}>
      {children}
    </div>
  )
}

/** The element of a drawn header that holds `part`. */
export function partElement(view: ParentNode, part: PartName): HTMLElement | null {
  return view.querySelector<HTMLElement>(`[data-part="${part}"]`)
}

/** Whether the page is scrolled to its top; a page the server renders always starts there. */
function atPageTop(): boolean {
  return typeof window === 'undefined' || window.scrollY <= 0
}
