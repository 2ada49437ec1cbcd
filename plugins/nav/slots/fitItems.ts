/** The space between two items of the bar (NavBar.module.css `.list > li + li`). */
export const ITEM_GAP_PX = 4
/** The room the "More" button takes at the bar's end (NavBar.module.css `--oh-more-width`). */
export const MORE_ROOM_PX = 84

/**
 * Rounding the live bar forgives when it adds up widths. Browsers lay out in 1/64 px units and the
 * measured widths are those units, so the sum the live bar makes is the one the CSS wrap (the served
 * first view's only rule) made; this is well under one unit, so an item the CSS wrapped (1/64 px too
 * wide or more) never counts as fitting, while float error never sends a fitting item to "More".
 */
export const FIT_TOLERANCE_PX = 0.01

/**
 * How many of the bar's items, in order, are shown whole in a bar `width` pixels wide that keeps
 * `moreRoom` pixels at its end for the "More" button: the longest run from the first item whose widths
 * and the gaps between them fit beside that room, or all of them when they fit the whole bar (no
 * "More" then). The rest go to "More", in the same order. The same rule as the bar's CSS (the flex
 * wrap of its first row, the last item's negative margin), so the served bar and the live one agree.
 */
export function fitCount(
  widths: readonly number[],
  { width, moreRoom, gap = ITEM_GAP_PX }: { width: number; moreRoom: number; gap?: number },
): number {
  let used = 0
  for (let i = 0; i < widths.length; i++) {
    used += (i > 0 ? gap : 0) + (widths[i] ?? 0)
    const room = i === widths.length - 1 ? width : width - moreRoom
    if (used > room + FIT_TOLERANCE_PX) return i
  }
  return widths.length
}
