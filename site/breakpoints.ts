/**
 * The header's widths, in one place (navigation spec §9, header spec §9). Code builds its media
 * queries and width checks from here; the stylesheets name the queries of `MEDIA_QUERIES` through
 * `site/breakpoints.module.css`, a CSS Modules values file generated from it
 * (`npm run breakpoints:css`), and test/lint/breakpoints.test.ts fails on a generated file that is
 * out of date, on any width in code outside the set, and on a width a stylesheet writes by hand in a
 * media query.
 */

/** Navigation spec §9, the grid's breakpoints (analytics and styling): where each size starts. */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const

/** Header spec §9's list of breakpoints (a range's last pixel and the next one's first). */
export const HEADER_BREAKPOINTS = [
  360, 390, 481, 575, 576, 767, 768, 991, 992, 1024, 1199, 1200, 1439, 1440, 1820,
] as const

/** Header spec §9: where a CMS image's sources switch (plugins/shell/cms/CmsImage.tsx). */
export const IMAGE_SOURCE_WIDTHS = {
  tablet: 480,
  desktop: 1024,
  largeDesktop: 1200,
  widescreen: 1440,
} as const

/** Every width a media query or a width check may name: the three sets above, nothing else. */
export const BREAKPOINT_WIDTHS: ReadonlySet<number> = new Set([
  ...Object.values(BREAKPOINTS),
  ...HEADER_BREAKPOINTS,
  ...Object.values(IMAGE_SOURCE_WIDTHS),
])

/** The desktop header from here (header spec §9: desktop breakpoint 992 px). */
export const DESKTOP_MIN_WIDTH = BREAKPOINTS.lg

/** A query for `px` and wider. */
export const fromWidth = (px: number) => `(min-width: ${px}px)`
/** A query for every width below `px` (its last pixel, as header spec §9 lists 991 for 992). */
export const belowWidth = (px: number) => `(max-width: ${px - 1}px)`

/** Phones and tablets: the hamburger, the mobile search and the full-screen panels (991 px and below). */
export const BELOW_DESKTOP = belowWidth(DESKTOP_MIN_WIDTH)
/** The desktop header (992 px and up). */
export const DESKTOP = fromWidth(DESKTOP_MIN_WIDTH)

/**
 * A query for every width below `px` to the hundredth of a pixel (`767.98px` for 768), as the
 * navigation's grid writes its ranges (navigation spec §9): a zoomed window 767.5 px wide is below.
 */
export const belowGridWidth = (px: number) => `(max-width: ${px - 0.02}px)`

/**
 * A desktop window shorter than this (999.98 px and below) gives the navigation's tallest picture (the
 * brewer card's, 479 px under the bar) a shorter frame of the same shape.
 */
export const SHORT_WINDOW_HEIGHT = 1000

/**
 * Every media query a stylesheet of the header names, by the name it writes after `@media`
 * (`@value desktop from '…/site/breakpoints.module.css'; @media desktop { … }`).
 */
export const MEDIA_QUERIES = {
  /** The desktop header (992 px and up). */
  desktop: DESKTOP,
  /** Phones and tablets (991 px and below): the header's own rule, header spec §9. */
  belowDesktop: BELOW_DESKTOP,
  /** Phones (575 px and below). */
  phone: belowWidth(BREAKPOINTS.sm),
  /** Narrow phones, below the CMS images' tablet source (479 px and below). */
  narrowPhone: belowWidth(IMAGE_SOURCE_WIDTHS.tablet),
  /** The desktop below a widescreen (992 to 1439 px). */
  desktopBelowWidescreen: `${DESKTOP} and ${belowWidth(IMAGE_SOURCE_WIDTHS.widescreen)}`,
  /** A desktop window shorter than `SHORT_WINDOW_HEIGHT`. */
  shortDesktop: `${DESKTOP} and (max-height: ${SHORT_WINDOW_HEIGHT - 0.02}px)`,
  /** The grid's ranges (navigation spec §9), to the hundredth of a pixel: below md (767.98 px). */
  belowMd: belowGridWidth(BREAKPOINTS.md),
  /** md alone: 768 to 991.98 px. */
  mdOnly: `${fromWidth(BREAKPOINTS.md)} and ${belowGridWidth(BREAKPOINTS.lg)}`,
  /** Below lg (991.98 px). */
  belowLg: belowGridWidth(BREAKPOINTS.lg),
  /** lg alone: 992 to 1199.98 px. */
  lgOnly: `${fromWidth(BREAKPOINTS.lg)} and ${belowGridWidth(BREAKPOINTS.xl)}`,
  /** Below xl (1199.98 px). */
  belowXl: belowGridWidth(BREAKPOINTS.xl),
} as const

/** The file the stylesheets import `MEDIA_QUERIES` from, relative to the repository's root. */
export const MEDIA_QUERIES_SHEET = 'site/breakpoints.module.css'

/**
 * `MEDIA_QUERIES` as a CSS Modules values file: what `MEDIA_QUERIES_SHEET` holds, written by
 * scripts/breakpointsCss.ts (the build's CSS Modules put each query in place of its name).
 */
export function mediaQueriesCss(): string {
  const lines = Object.entries(MEDIA_QUERIES).map(([name, query]) => `@value ${name}: ${query};`)
  return [
    '/* Generated from site/breakpoints.ts MEDIA_QUERIES by `npm run breakpoints:css`: edit that, not this. */',
    ...lines,
    '',
  ].join('\n')
}

/**
 * Whether a width written in a `min-width` or `max-width` media feature is one of the set: a
 * `min-width` must be one; a `max-width` may also be the last pixel below one (991 or 991.98 for 992).
 */
export function isBreakpointWidth(px: number, feature: 'min-width' | 'max-width'): boolean {
  if (BREAKPOINT_WIDTHS.has(px)) return true
  if (feature === 'min-width') return false
  return BREAKPOINT_WIDTHS.has(px + 1) || BREAKPOINT_WIDTHS.has(Math.round((px + 0.02) * 100) / 100)
}
