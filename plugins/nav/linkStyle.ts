import type { NavLink } from '../../contracts/cms'
import { channels, contrast, luminance } from './panels/safeColor'

/**
 * The icons a navigation link may name (header spec §3 `link.linkIcon`), the marks stores put on
 * "Deals", "New" or "Holiday gifts": a small set the header draws itself (NavIcon.tsx). A name is only
 * ever a key into this set: no address, markup or path from content is drawn.
 */
export const NAV_ICON_NAMES = ['tag', 'star', 'gift', 'leaf', 'flame'] as const
export type NavIconName = (typeof NAV_ICON_NAMES)[number]

/**
 * Every background a top-level link is drawn on (site/headerLayout.module.css): the bar and the
 * "More" list on a white page (`--oh-bg`) or a grey one (`--oh-grey`), the phone menu's white, and
 * each brand's hover tint (`--oh-hover`). A link colour must read on all of them.
 */
export const BAR_BACKGROUNDS = ['#ffffff', '#f2f0ee', '#efe9e4', '#e6eef4'] as const

/** WCAG 2.2 AA for the bar's text (15 px, semibold: not "large" text). */
export const AA_CONTRAST = 4.5

/** What a colour that cannot be used turns into: the brand's own strong colour, still a marked item. */
export const BRAND_LINK_COLOUR = 'var(--oh-accent-strong)'

export interface LinkStyle {
  /** The colour to draw the link in: `#rrggbb` rebuilt from the numbers, or the brand's colour. */
  color?: string
  icon?: NavIconName
  /** What the CMS asked for that is not drawn as asked, each a sentence for the log. */
  problems: string[]
}

const BACKGROUND_LUMINANCES = BAR_BACKGROUNDS.map((hex) => luminance(channels(hex) ?? [255, 255, 255]))

/**
 * A top-level link's colour and icon as the bar draws them (header spec §3 `linkColor`, `linkIcon`):
 * a plain opaque colour that keeps AA contrast on every background of the bar (at least 4.5:1) is
 * drawn as given; any other colour (too light, a name, `var()`, a gradient, transparency) is drawn in
 * the brand's colour instead, so the item stays marked and readable; an icon is one of
 * NAV_ICON_NAMES or none. Pure, so the page server and the browser draw the same link.
 */
export function linkStyleOf(
  uid: string,
  link: Pick<NavLink, 'linkColor' | 'linkIcon'> | undefined,
): LinkStyle {
  const problems: string[] = []
  const style: LinkStyle = { problems }
  const asked = link?.linkColor?.trim().slice(0, 60)
  if (asked) {
    const rgb = channels(asked)
    const worst = rgb
      ? Math.min(...BACKGROUND_LUMINANCES.map((bg) => contrast(luminance(rgb), bg)))
      : undefined
    if (rgb && worst !== undefined && worst >= AA_CONTRAST) {
      style.color = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`
    } else {
      style.color = BRAND_LINK_COLOUR
      problems.push(
        worst === undefined
          ? `item ${uid}: linkColor '${asked}' is not a plain opaque colour; drawn in the brand's colour`
          : `item ${uid}: linkColor '${asked}' has ${worst.toFixed(2)}:1 contrast on the bar, below AA (${AA_CONTRAST}:1); drawn in the brand's colour`,
      )
    }
  }
  const icon = link?.linkIcon?.trim().slice(0, 60)
  if (icon) {
    if ((NAV_ICON_NAMES as readonly string[]).includes(icon)) style.icon = icon as NavIconName
    else
      problems.push(
        `item ${uid}: linkIcon '${icon}' is not one of ${NAV_ICON_NAMES.join(', ')}; drawn without an icon`,
      )
  }
  return style
}

/**
 * An item's own colour as a style (header spec §3 `linkColor`, checked above), the same in the bar,
 * "More" and the phone menu; none for an item the CMS leaves unmarked.
 */
export const linkColour = (item: { color?: string }) => (item.color ? { color: item.color } : undefined)
