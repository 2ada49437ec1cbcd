/**
 * The header's widths, in one place (navigation spec §9, header spec §9). Code builds its media
 * queries and width checks from here; the stylesheets write the same numbers in their `@media`
 * rules (CSS cannot import a module, and the build runs plain PostCSS: see docs/decisions.md
 * "One set of breakpoints"), and test/lint/breakpoints.test.ts fails on any width, in a stylesheet or in
 * code, that is not one of these.
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
 * Whether a width written in a `min-width` or `max-width` media feature is one of the set: a
 * `min-width` must be one; a `max-width` may also be the last pixel below one (991 or 991.98 for 992).
 */
export function isBreakpointWidth(px: number, feature: 'min-width' | 'max-width'): boolean {
  if (BREAKPOINT_WIDTHS.has(px)) return true
  if (feature === 'min-width') return false
  return BREAKPOINT_WIDTHS.has(px + 1) || BREAKPOINT_WIDTHS.has(Math.round((px + 0.02) * 100) / 100)
}
