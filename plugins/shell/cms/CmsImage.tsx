import type { Media } from '../../../contracts/cms'
import { IMAGE_SOURCE_WIDTHS } from '../../../site/breakpoints'
import { safeImageUrl } from '../../../site/safePath'
import styles from '../slots/shell.module.css'

/**
 * Where image sources switch (header spec §9: 480, 1024, 1200, 1440 px), widest first as <picture>
 * reads them: each format from its width up; below 480 px the mobile source.
 */
export const IMAGE_BREAKPOINTS = [
  { format: 'widescreen', minWidth: IMAGE_SOURCE_WIDTHS.widescreen },
  { format: 'largeDesktop', minWidth: IMAGE_SOURCE_WIDTHS.largeDesktop },
  { format: 'desktop', minWidth: IMAGE_SOURCE_WIDTHS.desktop },
  { format: 'tablet', minWidth: IMAGE_SOURCE_WIDTHS.tablet },
] as const satisfies readonly { format: keyof Media; minWidth: number }[]

/**
 * A CMS image with a source per width range and its alt text. A format the CMS leaves out takes the
 * next narrower one it gives (largeDesktop → desktop → tablet → mobile), so every range shows an
 * image meant for at most its width.
 */
export function CmsImage({ media }: { media: Media }) {
  const url = (format: keyof Media) => safeImageUrl(media[format]?.url)
  const mobile = url('mobile')
  const narrowest = mobile ?? url('tablet') ?? url('desktop') ?? url('largeDesktop') ?? url('widescreen')
  if (!narrowest) return null
  const alt =
    media.mobile?.altText ??
    media.desktop?.altText ??
    media.tablet?.altText ??
    media.largeDesktop?.altText ??
    media.widescreen?.altText ??
    ''
  // For each range, its own source or the next narrower one given; equal neighbours are one source.
  const order: (keyof Media)[] = ['widescreen', 'largeDesktop', 'desktop', 'tablet', 'mobile']
  const sourceFor = (format: keyof Media) => order.slice(order.indexOf(format)).map(url).find(Boolean)
  const sources = IMAGE_BREAKPOINTS.map(({ format, minWidth }) => ({ minWidth, src: sourceFor(format) }))
  return (
    <picture>
      {sources.map(({ minWidth, src }, i) =>
        src && src !== (sources[i + 1]?.src ?? mobile ?? narrowest) ? (
          <source key={minWidth} media={`(min-width: ${minWidth}px)`} srcSet={src} />
        ) : null,
      )}
      <img className={styles.cmsImage} src={mobile ?? narrowest} alt={alt} decoding="async" />
    </picture>
  )
}
