import { SLOT_HEADER_PROMO } from '../../contracts/cms'
import { useService } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import { isBrewerRegistration, isHomePath, routeBackground } from '../../site/routeStyle'
import { CmsSlot } from './cms/CmsSlot'
import styles from './shell.module.css'
import { shellOptionsRef } from './shellOptions'
import { useHeaderScroll } from './useHeaderScroll'

/**
 * The header shell: a named slot for every area of header spec §1. The shell's own parts (logo,
 * language, support, cart, free shipping, notification) arrive through the same slots from the
 * shell plugin, so a brand or page plugin can add beside them.
 */
export function Shell({ webview }: { webview: boolean }) {
  const { location, brand, lang, labels } = useService(headerContextRef)
  const { headerHeight } = useService(shellOptionsRef)
  const scroll = useHeaderScroll()
  if (webview) {
    // App webview: only the global notification (header spec §1).
    return (
      <div className={styles.root} data-brand={brand} data-variant="webview">
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
      style={{ '--oh-header-height': `${headerHeight}px` } as React.CSSProperties}
    >
      <a className={styles.skipLink} href="#main-content">
        {labels['header.skip.to.content']}
      </a>
      <Slot name="header.notification" />
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
              <div className={styles.navArea}>
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
        {!reduced && <CmsSlot position={SLOT_HEADER_PROMO} className={styles.promo} />}
      </header>
      <Slot name="header.sessionDialog" />
      <Slot name="header.cookieBanner" />
    </div>
  )
}
