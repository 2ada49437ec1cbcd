import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIT_TOLERANCE_PX, fitCount, ITEM_GAP_PX, MORE_ROOM_PX } from './fitItems'

const widths = fc.array(fc.double({ min: 1, max: 400, noNaN: true }), { minLength: 1, maxLength: 12 })
const barWidth = fc.double({ min: 0, max: 3000, noNaN: true })

/** Where each item starts and ends on the bar's first row, 4 px apart. */
const extents = (ws: readonly number[]) => {
  let x = 0
  return ws.map((w, i) => {
    const start = x + (i > 0 ? ITEM_GAP_PX : 0)
    x = start + w
    return { start, end: x }
  })
}

/**
 * The bar's CSS as a browser lays it out (NavBar.module.css): a flex row that wraps, an empty first
 * item, every item but the last with the room for "More" as its right margin and the next taking it
 * back on its left, the last at least as wide as that room less the gap. Returns how many items stay
 * on the first row.
 */
function cssFirstRow(ws: readonly number[], width: number, more: number): number {
  const outer = ws.map((w, i) => {
    const last = i === ws.length - 1
    const box = last ? Math.max(w, more - ITEM_GAP_PX) : w
    return box + (i > 0 ? ITEM_GAP_PX - more : 0) + (last ? 0 : more)
  })
  let used = 0 // the empty first item
  for (let i = 0; i < outer.length; i++) {
    if (used + (outer[i] ?? 0) > width) return i
    used += outer[i] ?? 0
  }
  return outer.length
}

describe('which items the bar shows whole and which go to "More"', () => {
  it('every item is either wholly inside the bar or in "More", in bar order; "More" keeps its room', () => {
    fc.assert(
      fc.property(widths, barWidth, (ws, width) => {
        const shown = fitCount(ws, { width, moreRoom: MORE_ROOM_PX })
        expect(shown).toBeGreaterThanOrEqual(0)
        expect(shown).toBeLessThanOrEqual(ws.length)
        // The bar shows a run from the first item; "More" has the rest, in the same order.
        const inBar = ws.slice(0, shown)
        const inMore = ws.slice(shown)
        expect([...inBar, ...inMore]).toEqual(ws)
        // With something in "More", the shown items end before its button; with nothing, before the bar's end.
        const room = inMore.length > 0 ? width - MORE_ROOM_PX : width
        for (const { start, end } of extents(inBar)) {
          expect(start).toBeGreaterThanOrEqual(0)
          expect(end).toBeLessThanOrEqual(room + FIT_TOLERANCE_PX)
        }
      }),
    )
  })

  it('as many as fit: the first item in "More" would not have fitted', () => {
    fc.assert(
      fc.property(widths, barWidth, (ws, width) => {
        const shown = fitCount(ws, { width, moreRoom: MORE_ROOM_PX })
        if (shown === ws.length) return
        const end = extents(ws)[shown]?.end ?? 0
        const room = shown === ws.length - 1 ? width : width - MORE_ROOM_PX
        expect(end).toBeGreaterThan(room)
      }),
    )
  })

  it('counts exactly as the CSS wraps the first row, so the served bar and the live one agree', () => {
    fc.assert(
      fc.property(widths, barWidth, fc.integer({ min: 40, max: 120 }), (ws, width, more) => {
        // The measured widths are the laid-out ones: the last item is never narrower than its CSS minimum.
        const laidOut = ws.map((w, i) => (i === ws.length - 1 ? Math.max(w, more - ITEM_GAP_PX) : w))
        expect(fitCount(laidOut, { width, moreRoom: more })).toBe(cssFirstRow(ws, width, more))
      }),
    )
  })

  it('examples: all items fit the whole bar with no "More"; one pixel less and "More" takes the last one’s room', () => {
    const ws = [133, 113, 143, 110, 161, 84]
    const total = 133 + 113 + 143 + 110 + 161 + 84 + 5 * ITEM_GAP_PX
    expect(fitCount(ws, { width: total, moreRoom: MORE_ROOM_PX })).toBe(6)
    // The last item (as wide as "More") does not fit: "More" takes its place, Sustainability still fits.
    expect(fitCount(ws, { width: total - 1, moreRoom: MORE_ROOM_PX })).toBe(5)
    // A narrower bar: items go to "More" from the end, in order.
    expect(fitCount(ws, { width: 600, moreRoom: MORE_ROOM_PX })).toBe(4)
    expect(fitCount(ws, { width: 100, moreRoom: MORE_ROOM_PX })).toBe(0)
    expect(fitCount([], { width: 100, moreRoom: MORE_ROOM_PX })).toBe(0)
  })
})
