import { type MouseEvent, type ReactNode, type Ref, useRef, useState } from 'react'
import type { Labels } from '../../../contracts/labels'
import { useService, useServiceHandle } from '../../../kernel/react/KernelProvider'
import { shellRootOf } from '../../../kernel/react/shellLayers'
import { useHydrated } from '../../../kernel/react/useHydrated'
import { useKeptPresses } from '../../../kernel/react/useKeptPresses'
import { WholeTextToggle } from '../../../kernel/react/WholeText'
import { cookiesRef, headerContextRef } from '../../../kernel/services/kernelRefs'
import {
  APP_BANNER_DISMISSED_COOKIE,
  APP_BANNER_DISMISSED_DAYS,
  showsAppBanner,
} from '../../../site/appBanner'
import layout from '../../../site/headerLayout.module.css'
import { liveReplay, pendingReplay } from '../../../site/pressRecorder'
import { safePathOr } from '../../../site/safePath'
import styles from './shell.module.css'

/**
 * The mobile app eyebrow banner (site configuration `mobile.app.eyebrow.banner.enabled`): a strip
 * above the header on phones and tablets with a link to the app and a dismiss button. A dismissal is
 * kept 30 days in a cookie when the configuration allows it (the page server then reserves no row for
 * it), else for this page. Its row is reserved by the host page, so it moves nothing. Drawn once:
 * before the kernel, whether it shows is what the page server read (the row it reserved), and a press
 * on the dismiss button is kept until the cookies can be written.
 */
export function AppBanner() {
  const { siteConfig, labels, reservedRows } = useService(headerContextRef)
  const cookies = useServiceHandle(cookiesRef)
  const hydrated = useHydrated()
  const [dismissedNow, setDismissedNow] = useState(false)
  const text = useRef<HTMLParagraphElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const ready = hydrated && cookies !== undefined
  useKeptPresses(APP_BANNER_DISMISS_REPLAY_KEY, ready, button)
  // Before the cookies can be read (before the kernel), the page server's answer: the row it reserved.
  const shown =
    !dismissedNow &&
    (cookies
      ? showsAppBanner({
          enabled: siteConfig.mobileAppEyebrowBanner,
          webview: false,
          dismissed: cookies.get(APP_BANNER_DISMISSED_COOKIE),
        })
      : (reservedRows?.includes('eyebrow') ?? false))
  if (!shown) return null

  const dismiss = (target: HTMLElement) => {
    // Focus would fall to the page with the button gone: it goes to the logo, the next thing up top.
    const logo = shellRootOf(target)?.querySelector<HTMLElement>('[data-logo]')
    cookies?.set(APP_BANNER_DISMISSED_COOKIE, 'true', { expiresDays: APP_BANNER_DISMISSED_DAYS })
    setDismissedNow(true)
    logo?.focus()
  }
  return (
    <AppBannerView
      labels={labels}
      textRef={text}
      buttonRef={button}
      served={!ready}
      {...(ready ? { onDismiss: (e: MouseEvent<HTMLButtonElement>) => dismiss(e.currentTarget) } : {})}
    >
      <WholeTextToggle target={text} label={labels['header.text.show.whole']} />
    </AppBannerView>
  )
}

/** The replay key of the dismiss button: a press on the served one is answered by the live one. */
export const APP_BANNER_DISMISS_REPLAY_KEY = 'appBanner:dismiss'

/**
 * The banner's markup, the same in the served first view (`served`, no `onDismiss`: a press on the
 * dismiss button is kept by the page's press recorder for the live banner) and the live header.
 * `children` follow the text (the live banner's whole-text toggle).
 */
export function AppBannerView({
  labels,
  textRef,
  buttonRef,
  onDismiss,
  served = false,
  children,
}: {
  labels: Labels
  textRef?: Ref<HTMLParagraphElement>
  buttonRef?: Ref<HTMLButtonElement>
  onDismiss?: (event: MouseEvent<HTMLButtonElement>) => void
  served?: boolean
  children?: ReactNode
}) {
  return (
    <aside className={layout.eyebrow} aria-label={labels['header.app.banner.label']}>
      <svg className={styles.eyebrowIcon} aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
        <rect x="6" y="2" width="12" height="20" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="18" r="1.2" fill="currentColor" />
      </svg>
      <p ref={textRef} className={styles.eyebrowText}>
        {labels['header.app.banner.text']}
      </p>
      {children}
      <a className={styles.eyebrowLink} href={safePathOr(labels['header.app.banner.url'], '/app')}>
        {labels['header.app.banner.open']}
      </a>
      <button
        ref={buttonRef}
        type="button"
        className={styles.eyebrowDismiss}
        aria-label={labels['header.app.banner.dismiss']}
        onClick={onDismiss}
        {...(served
          ? pendingReplay(APP_BANNER_DISMISS_REPLAY_KEY)
          : liveReplay(APP_BANNER_DISMISS_REPLAY_KEY))}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  )
}
