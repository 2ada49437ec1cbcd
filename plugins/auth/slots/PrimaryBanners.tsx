import { useEffect, useId, useMemo } from 'react'
import { useService } from '../../../kernel/react/KernelProvider'
import { useStream } from '../../../kernel/react/useStream'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { safeImageUrl, safePathOr } from '../../../site/safePath'
import { loginContentRef } from '../loginContent'
import styles from './auth.module.css'
import { CmsParagraphs, safeParagraphs } from './CmsParagraphs'

/**
 * The login tab's primary banner (header spec §3 `loginPrimaryBannerContent`): the paragraphs of the
 * login content page (header spec §7), sanitised like all CMS text. Its box is reserved while the page loads, and
 * a failed or empty page shows nothing: the banner is an extra, never in the way of logging in.
 */
export function LoginPrimaryBanner() {
  const content = useService(loginContentRef)
  const state = useStream(content.state$, content.state$.value())
  useEffect(() => {
    content.load()
    return () => content.reset()
  }, [content])
  const paragraphs = useMemo(() => (state.status === 'success' ? safeParagraphs(state.data) : []), [state])
  if (state.status === 'error' || (state.status === 'success' && paragraphs.length === 0)) return null
  return (
    <div
      className={styles.primaryBanner}
      data-testid="login-primary-banner"
      aria-busy={paragraphs.length === 0}
    >
      <CmsParagraphs paragraphs={paragraphs} className={styles.primaryBannerText} />
    </div>
  )
}

/**
 * The register tab's primary banner (`regPrimaryBannerContent`): the custom-brewer offer from the
 * labels of header spec §3 (image, heading, offer, button label and URL). An image or URL that is not this
 * site's (or https, for the image) is left out, never followed.
 */
export function CustomBrewerBanner() {
  const { labels } = useService(headerContextRef)
  const headingId = useId()
  const image = safeImageUrl(labels['login.custom.brewer.image'])
  const url = safePathOr(labels['login.custom.brewer.button.url'], '')
  return (
    <section
      className={styles.primaryBanner}
      aria-labelledby={headingId}
      data-testid="register-primary-banner"
    >
      {image && <img className={styles.primaryBannerImage} src={image} alt="" width={96} height={64} />}
      <div>
        <h3 id={headingId} className={styles.primaryBannerHeading}>
          {labels['login.custom.brewer.heading']}
        </h3>
        <p className={styles.primaryBannerText}>{labels['login.custom.brewer.offer']}</p>
        {url && (
          <a className={styles.primaryBannerButton} href={url}>
            {labels['login.custom.brewer.button.label']}
          </a>
        )}
      </div>
    </section>
  )
}
