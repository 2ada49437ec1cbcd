import {
  LAYOUT,
  type ReservedRows,
  reservedDesktopHeight,
  reservedMobileHeight,
} from '../../contracts/layout'

/**
 * Height the host page reserves for the header before it renders, so the header causes no layout
 * shift (DESIGN budgets: CLS 0). The rows come from contracts/layout.ts, the same numbers the
 * shell's CSS uses; the server knows which CMS rows the page will have because it holds the content.
 */
export interface ReservedHeight {
  mobilePx: number
  desktopPx: number
}

export function reservedHeightFor(rows: ReservedRows & { webview?: boolean }): ReservedHeight {
  if (rows.webview) {
    // App webview: only the global notification shows (header spec §1).
    const px = rows.notification ? LAYOUT.notification : 0
    return { mobilePx: px, desktopPx: px }
  }
  return { mobilePx: reservedMobileHeight(rows), desktopPx: reservedDesktopHeight(rows) }
}

/** The inline rule for #oneHeaderContainer (an inline style attribute cannot hold a media query). */
export function reservedHeightCss(h: ReservedHeight): string {
  return (
    `#oneHeaderContainer{min-height:${h.mobilePx}px}` +
    `@media (min-width:${LAYOUT.desktopMinWidth}px){#oneHeaderContainer{min-height:${h.desktopPx}px}}`
  )
}
