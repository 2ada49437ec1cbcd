// @vitest-environment node
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rasterize } from './rasterize'
import { ellipse, line, poly, rect, type Shape } from './shapes'

/** The painted area in pixels: the sum of alpha over the picture. */
const area = (shapes: Shape[], size = 100, scale = 1) => {
  const px = rasterize(shapes, size, size, { x: 0, y: 0, scale })
  let sum = 0
  for (let i = 3; i < px.length; i += 4) sum += px[i]! / 255
  return sum
}

describe('rasterize', () => {
  it('covers a shape by its area, edges anti-aliased', () => {
    expect(area([rect(10, 10, 20, 30, '#000000')])).toBeCloseTo(600, 0)
    expect(area([rect(10.5, 10, 20, 30, '#000000')])).toBeCloseTo(600, 0)
    expect(area([ellipse(50, 50, 20, 20, '#000000')])).toBeCloseTo(Math.PI * 400, -1)
    // A stroke with round ends: the band plus one whole disc.
    expect(area([line(20, 50, 80, 50, 10, '#000000')])).toBeCloseTo(600 + Math.PI * 25, -1)
    const half = rasterize([rect(0, 0, 1.5, 1, '#000000')], 2, 1, { x: 0, y: 0, scale: 1 })
    expect([half[3], half[7]]).toEqual([255, 128])
  })

  it('paints in order, straight RGBA, transparent where nothing is', () => {
    const px = rasterize([rect(0, 0, 4, 4, '#ff0000'), rect(2, 0, 2, 4, '#0000ff', 0, 0.5)], 5, 4, {
      x: 0,
      y: 0,
      scale: 1,
    })
    expect([...px.subarray(0, 4)]).toEqual([255, 0, 0, 255])
    expect([...px.subarray(12, 16)]).toEqual([128, 0, 128, 255])
    expect([...px.subarray(16, 20)]).toEqual([0, 0, 0, 0])
  })

  it('follows the placement: offset and scale', () => {
    const px = rasterize([rect(0, 0, 10, 10, '#00ff00')], 40, 40, { x: 10, y: 20, scale: 2 })
    const alphaAt = (x: number, y: number) => px[(y * 40 + x) * 4 + 3]
    expect([alphaAt(9, 25), alphaAt(10, 20), alphaAt(29, 39), alphaAt(30, 30)]).toEqual([0, 255, 255, 0])
  })

  // Sampled at 4 sub-rows, a horizontal edge is off by at most 1/8 pixel along its length.
  it('any rectangle or triangle inside the picture is painted with its own area (property)', () => {
    const coord = fc.double({ min: 2, max: 60, noNaN: true })
    const side = fc.double({ min: 1, max: 30, noNaN: true })
    fc.assert(
      fc.property(coord, coord, side, side, (x, y, w, h) => {
        expect(Math.abs(area([rect(x, y, w, h, '#123456')]) - w * h)).toBeLessThan(1 + (w + h) / 4)
        const triangle = poly(
          [
            [x, y],
            [x + w, y],
            [x, y + h],
          ],
          '#123456',
        )
        expect(Math.abs(area([triangle]) - (w * h) / 2)).toBeLessThan(1 + (w + h) / 4)
      }),
      { numRuns: 150 },
    )
  })
})
