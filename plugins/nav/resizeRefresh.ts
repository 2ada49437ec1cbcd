/**
 * How soon the navigation follows a change of width (nav spec §9 resize refresh: 20 ms): the bar
 * re-counts the items that have room (slots/useBarFit.ts) and the recipe panel re-reads the window's
 * width (panels/useViewportWidth.ts) at most this often while the window is resized. One number for
 * both, so the bar and its panels never disagree about how quickly they follow.
 */
export const RESIZE_REFRESH_MS = 20
