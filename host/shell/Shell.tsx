import { SLOT_HEADER_PROMO } from '../../contracts/cms'
import { headerDataRef } from '../../contracts/serviceRefs'
import { useService } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import { MENU_LAYER_ATTRIBUTE } from '../../kernel/react/shellLayers'
import { useStream } from '../../kernel/react/useStream'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { isBrewerRegistration, isHomePath, routeBackground } from '../../site/routeStyle'
import { CmsSlot } from './cms/CmsSlot'
import { AppBanner } from './parts/AppBanner'
import styles from './shell.module.css'
import { shellOptionsRef } from './shellOptions'
import { useHeaderScroll } from './useHeaderScroll'

/** The CMS rows the host page reserved (`data-rows`), as the frame drew them. */
export interface ReservedRows {
  notification?: boolean
  promo?: boolean
  /**
   * The navigation was not the live answer when the shell first rendered (a slow CMS: a stored copy
   * or none): its area then takes exactly the room left for the page's life, so the answer arriving
   * later moves nothing. Otherwise it is as wide as its items and the search box gives way to it.
   */
  navHeld?: boolean
  /** The page reserved the signed-in customer's site-notice row (the auth plugin fills it). */
  siteNotice?: boolean
}

/**
 * The header shell: a named slot for every area of header spec §1. The shell's own parts (logo,
 * language, support, cart, free shipping, notification) arrive through the same slots from the
 * shell plugin, so a brand or page plugin can add beside them. While the header content is still
 * loading (a slow CMS: start-up no longer waits for it past its deadline), the rows the page reserved
 * for it stay empty at their height, as in the frame, so nothing moves when it comes.
 */
export function Shell({ webview, rows = {} }: { webview: boolean; rows?: ReservedRows }) {
  const { location, brand, lang, labels, siteConfig } = useService(headerContextRef)
  const { headerHeight } = useService(shellOptionsRef)
  const content = useStream(useService(headerDataRef).page$, { status: 'loading' })
  const scroll = useHeaderScroll()
  const waiting = content.status === 'loading'
  const notificationRow = waiting && rows.notification && (
    <div className={styles.notification} data-reserved-row="notification" />
  )
  if (webview) {
    // App webview: only the global notification (header spec §1).
    return (
      <div className={styles.root} data-brand={brand} data-variant="webview">
        {notificationRow}
        <Slot name="header.notification" />
      </div>
    )
  }
  const reduced = isBrewerRegistration(location.pathname)
  const transparent = isHomePath(location.pathname) && scroll.atTop
  const state = [
    transparent && styles.transparent,
    scroll.sticky && styles.sticky,
    scroll.hidden && styles.hidden,
  ].filter(Boolean)
  return (
    <div
      className={styles.root}
      data-brand={brand}
      data-lang={lang}
      data-route-bg={routeBackground(location.pathname)}
      data-variant={reduced ? 'brewer-registration' : 'full'}
      // Site configuration `newButtonUI` (header spec §3): the rounded buttons, or the classic ones.
      data-button-ui={siteConfig.newButtonUI ? 'new' : 'classic'}
      // While the auth plugin loads, its reserve holds the site-notice row the page reserved.
      data-site-notice={rows.siteNotice || undefined}
      style={{ '--oh-header-height': `${headerHeight}px` } as React.CSSProperties}
    >
      <a className={styles.skipLink} href="#main-content">
        {labels['header.skip.to.content']}
      </a>
      {!reduced && <AppBanner />}
      {notificationRow}
      <Slot name="header.notification" />
      <Slot name="header.siteNotice" />
      <header
        className={[styles.header, ...state].join(' ')}
        data-sticky={scroll.sticky}
        data-hidden={scroll.hidden}
      >
        <div className={styles.utility}>
          <Slot name="header.freeShipping" />
          <div className={styles.utilityEnd}>
            <Slot name="header.support" />
            <Slot name="header.language" />
          </div>
        </div>
        <div className={styles.main}>
          <div className={styles.menuArea}>
            <Slot name="header.mobileMenu" />
          </div>
          <Slot name="header.logo" />
          {!reduced && (
            <>
              <div className={styles.navArea} data-held={rows.navHeld || undefined}>
                <Slot name="header.nav" />
              </div>
              <div className={styles.searchArea}>
                <Slot name="header.search" />
              </div>
              <div className={styles.actions}>
                <Slot name="header.loyalty" />
                <Slot name="header.account" />
                <Slot name="header.cart" />
              </div>
            </>
          )}
        </div>
        {!reduced &&
          (waiting && rows.promo ? (
            <div className={styles.promo} data-reserved-row="promo" />
          ) : (
            <CmsSlot position={SLOT_HEADER_PROMO} className={styles.promo} />
          ))}
      </header>
      {/* The phone menu is portalled here (plugins/auth MobileMenuDialog), before the session dialog:
          both are modal (nav spec §9 layer 1050), and the session warning must stay on top. */}
      <div {...{ [MENU_LAYER_ATTRIBUTE]: '' }} />
      <Slot name="header.sessionDialog" />
      <Slot name="header.cookieBanner" />
    </div>
  )
}
