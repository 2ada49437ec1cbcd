// @vitest-environment jsdom
import { computePosition, type Platform } from '@floating-ui/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { NavComponent } from '../../../contracts/cms'
import {
  PANEL_MARGIN_PX,
  PANEL_MAX_WIDTH_PX,
  PANEL_MIN_HEIGHT_PX,
  panelMiddleware,
  panelPlacement,
} from './panelPlacement'

const component = (uid: string) => ({ uid, navBarComponent: { uid } }) as NavComponent

/**
 * Floating UI's own placement run on a window laid out by numbers: an item at `item` in a window
 * `viewport` wide, a panel as wide as its content up to the max-width the middleware sets.
 */
async function place(placement: ReturnType<typeof panelPlacement>, s: Scene) {
  const floating = { style: { maxWidth: '', maxHeight: '', overflowY: '' } }
  const width = () =>
    Math.min(s.panelWidth, Number.parseFloat(floating.style.maxWidth) || Number.POSITIVE_INFINITY)
  const platform: Platform = {
    getElementRects: async () => ({
      reference: { x: s.itemLeft, y: 100, width: s.itemWidth, height: 44 },
      floating: { x: 0, y: 0, width: width(), height: 300 },
    }),
    getClippingRect: async () => ({ x: 0, y: 0, width: s.viewport, height: 900 }),
    getDimensions: async () => ({ width: width(), height: 300 }),
    // The window is the page: no offset parent, no scale, left to right.
    isElement: async () => true,
    isRTL: async () => false,
    getOffsetParent: async () => window,
    getDocumentElement: async () => document.documentElement,
    getClientRects: async () => [],
    getScale: async () => ({ x: 1, y: 1 }),
    convertOffsetParentRelativeRectToViewportRelativeRect: async ({ rect }) => rect,
  }
  const { x } = await computePosition({} as Element, floating as unknown as HTMLElement, {
    placement,
    middleware: panelMiddleware(),
    platform,
  })
  return {
    left: x,
    right: x + width(),
    maxHeight: floating.style.maxHeight,
    overflowY: floating.style.overflowY,
  }
}

interface Scene {
  viewport: number
  itemLeft: number
  itemWidth: number
  panelWidth: number
}
const scene = fc
  .record({
    viewport: fc.integer({ min: 992, max: 2560 }),
    itemAt: fc.double({ min: 0, max: 1, noNaN: true }),
    itemWidth: fc.integer({ min: 40, max: 240 }),
    panelWidth: fc.integer({ min: 120, max: 2400 }),
  })
  .map(({ viewport, itemAt, itemWidth, panelWidth }) => ({
    viewport,
    itemWidth,
    panelWidth,
    itemLeft: PANEL_MARGIN_PX + itemAt * (viewport - 2 * PANEL_MARGIN_PX - itemWidth),
  }))

describe('where a panel hangs (nav spec §2)', () => {
  it('recipe and sustainability open from their item’s right edge, the others from its left', () => {
    expect(panelPlacement(component('RecipeBarComponent'))).toBe('bottom-end')
    expect(panelPlacement(component('SustainabilityBarComponent'))).toBe('bottom-end')
    expect(panelPlacement(component('BeveragesBarComponent'))).toBe('bottom-start')
    expect(panelPlacement(component('CommercialBusinessSolutionComponent'))).toBe('bottom-start')
  })

  it('every panel lies inside the window, 16 px from its edges, at most 90rem wide', async () => {
    await fc.assert(
      fc.asyncProperty(
        scene,
        fc.constantFrom<'bottom-start' | 'bottom-end'>('bottom-start', 'bottom-end'),
        async (s, p) => {
          const { left, right } = await place(p, s)
          expect(left).toBeGreaterThanOrEqual(PANEL_MARGIN_PX - 0.001)
          expect(right).toBeLessThanOrEqual(s.viewport - PANEL_MARGIN_PX + 0.001)
          // Within a thousandth of a pixel, as the edges: the placement's arithmetic is in floats.
          expect(right - left).toBeLessThanOrEqual(PANEL_MAX_WIDTH_PX + 0.001)
        },
      ),
    )
  })

  it('a right-opening panel’s right edge is at or beyond its item’s, extending left', async () => {
    await fc.assert(
      fc.asyncProperty(scene, async (s) => {
        const { right } = await place('bottom-end', s)
        expect(right).toBeGreaterThanOrEqual(s.itemLeft + s.itemWidth - 0.001)
      }),
    )
  })

  it('a left-opening panel starts at its item’s left edge whenever it fits from there', async () => {
    await fc.assert(
      fc.asyncProperty(scene, async (s) => {
        const { left, right } = await place('bottom-start', s)
        if (s.itemLeft + Math.min(s.panelWidth, PANEL_MAX_WIDTH_PX) <= s.viewport - PANEL_MARGIN_PX) {
          expect(left).toBeCloseTo(s.itemLeft, 3)
        } else {
          expect(right).toBeCloseTo(s.viewport - PANEL_MARGIN_PX, 3)
        }
      }),
    )
  })

  it('example at 1440 px: a 600 px recipe panel under an item ending at 700 px spans 100 to 700', async () => {
    const s = { viewport: 1440, itemLeft: 590, itemWidth: 110, panelWidth: 600 }
    expect(await place('bottom-end', s)).toMatchObject({ left: 100, right: 700 })
    expect(await place('bottom-start', s)).toMatchObject({ left: 590, right: 1190 })
  })
})

describe('a panel taller than the window below the bar', () => {
  it('is held to the room under its item (less the margin) and scrolls inside itself', async () => {
    // The item's bottom is at 144 in a 900 px window: 900 - 144 - 16 px are left.
    const placed = await place('bottom-start', {
      viewport: 1440,
      itemLeft: 200,
      itemWidth: 100,
      panelWidth: 1400,
    })
    expect(placed.maxHeight).toBe(`${900 - 144 - PANEL_MARGIN_PX}px`)
    expect(placed.overflowY).toBe('auto')
    expect(PANEL_MIN_HEIGHT_PX).toBe(240)
  })
})
