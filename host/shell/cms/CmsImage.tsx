import type { Media } from '../../../contracts/cms'
import { isSameOriginPath } from '../../../site/safePath'
import styles from '../shell.module.css'

/** Image sources switch at 480 and 1024 px (header spec §9): mobile below 480, tablet below 1024. */
export const IMAGE_BREAKPOINTS = { tablet: 480, desktop: 1024 } as const

/** Only https addresses and paths on this site become image sources. */
export const safeImageUrl = (url: string | undefined): string | undefined =>
  url && (isSameOriginPath(url) || /^https:\/\/[^\s/\\]+\//i.test(url)) ? url : undefined

/** A CMS image with desktop, tablet and mobile sources and its alt text. */
export function CmsImage({ media }: { media: Media }) {
  const desktop = safeImageUrl(media.desktop?.url)
  const tablet = safeImageUrl(media.tablet?.url)
  const mobile = safeImageUrl(media.mobile?.url)
  const fallback = mobile ?? tablet ?? desktop
  if (!fallback) return null
  const alt = media.mobile?.altText ?? media.desktop?.altText ?? media.tablet?.altText ?? ''
  return (
    <picture>
      {desktop && <source media={`(min-width: ${IMAGE_BREAKPOINTS.desktop}px)`} srcSet={desktop} />}
      {tablet && <source media={`(min-width: ${IMAGE_BREAKPOINTS.tablet}px)`} srcSet={tablet} />}
      <img className={styles.cmsImage} src={fallback} alt={alt} decoding="async" />
    </picture>
  )
}
