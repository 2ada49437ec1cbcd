/**
 * The header's row heights, shared by the shell's CSS variables and the reference server, which
 * reserves exactly this much room in the host page so the header causes no layout shift.
 * Desktop heights from header spec §9 (80 px, 85 for usafh); mobile main row about 55 px.
 */
export const LAYOUT = {
  desktopMinWidth: 992,
  notification: 40,
  utility: 32,
  promo: 36,
  main: { usb2c: 80, cab2c: 80, usafh: 85 },
  /**
   * The categories' row under the main row, from 992 px (every category in view on a
   * laptop, as large stores draw them). Ours: header spec §9's heights are the main row's.
   */
  navRow: 44,
  mobileMain: 56,
  /** The mobile app eyebrow banner, above everything, below 992 px only. */
  eyebrow: 52,
  /** The signed-in customer's site notice (getSiteNotifications), under the global notification. */
  siteNotice: 40,
  /**
   * The same below 992 px: two lines, the notice and then its link, so the card's detail is not
   * cut away to make room for the link.
   */
  mobileSiteNotice: 56,
} as const

export interface ReservedRows {
  brand: keyof typeof LAYOUT.main
  notification: boolean
  promo: boolean
  /** The reduced /brewer-registration header has no navigation row and no promo. */
  reduced?: boolean
  /** The mobile app eyebrow banner (site configuration, not dismissed): phones and tablets only. */
  eyebrow?: boolean
  /** The signed-in customer has site notifications (card expiration). */
  siteNotice?: boolean
}

/** Height the host reserves on desktop (the categories in their own row under the main row). */
export function reservedDesktopHeight(rows: ReservedRows): number {
  return (
    (rows.notification ? LAYOUT.notification : 0) +
    (rows.siteNotice ? LAYOUT.siteNotice : 0) +
    LAYOUT.utility +
    LAYOUT.main[rows.brand] +
    (rows.reduced ? 0 : LAYOUT.navRow) +
    (rows.promo && !rows.reduced ? LAYOUT.promo : 0)
  )
}

/**
 * Height the host reserves below 992 px. The navigation has no row there: its categories are in the
 * phone menu, so nothing stands empty under the search row.
 */
export function reservedMobileHeight(rows: ReservedRows): number {
  return (
    (rows.eyebrow && !rows.reduced ? LAYOUT.eyebrow : 0) +
    (rows.notification ? LAYOUT.notification : 0) +
    (rows.siteNotice ? LAYOUT.mobileSiteNotice : 0) +
    LAYOUT.utility +
    LAYOUT.mobileMain +
    (rows.promo && !rows.reduced ? LAYOUT.promo : 0)
  )
}

/**
 * Stacking layers, the one place their numbers live (nav spec §9: modal 1050, backdrop 1040, popover
 * 1060, tooltip 1070; the header itself sits under all of them). The shell's stylesheet turns them into
 * `--oh-z-*` custom properties on :root, and every `z-index` in the header's CSS names one of those
 * (test/lint/zIndex.test.ts), so portalled dialogs and popovers stack the same way as the rest.
 */
export const Z_INDEX = {
  /**
   * The header itself: above the backdrop it casts under an open panel (so its own controls stay
   * usable), below dialogs and popovers. Not in the spec's list; ours.
   */
  header: 1045,
  /**
   * The cookie banner: over the page and the backdrop, just under the header's layer, so no menu,
   * flyout or dialog of the header is ever covered by it. Ours.
   */
  banner: 1044,
  /** A dimming layer only (account overlay, search overlay). */
  backdrop: 1040,
  /** A dialog with its own dimmed surround (session expiry, phone menu, phone search). */
  modal: 1050,
  /** Panels anchored to a control (account panels, search flyout, terms popover). */
  popover: 1060,
  /** The topmost: tooltips and the skip link while focused. */
  tooltip: 1070,
} as const
