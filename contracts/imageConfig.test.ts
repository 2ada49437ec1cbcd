import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  IMAGE_CACHE_CONTROL,
  IMAGE_DEVICE_SIZES,
  IMAGE_MAX_WIDTH,
  IMAGE_WIDTHS,
  imageSrcSetWidths,
  imageWidthFor,
} from './imageConfig'

describe('image configuration (nav spec §9)', () => {
  it('device sizes go up to 3840 and pictures are kept 60 s', () => {
    expect(IMAGE_DEVICE_SIZES.at(-1)).toBe(3840)
    expect(IMAGE_MAX_WIDTH).toBe(3840)
    expect(IMAGE_CACHE_CONTROL).toBe('public, max-age=60')
    expect([...IMAGE_WIDTHS]).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b))
  })

  it('a width is snapped up to the smallest configured one that covers it, never past 3840', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (width) => {
        const chosen = imageWidthFor(width)
        expect(IMAGE_WIDTHS).toContain(chosen)
        if (width <= IMAGE_MAX_WIDTH) {
          expect(chosen).toBeGreaterThanOrEqual(width)
          expect(IMAGE_WIDTHS.filter((w) => w >= width && w < chosen)).toEqual([])
        } else expect(chosen).toBe(IMAGE_MAX_WIDTH)
      }),
    )
    expect([imageWidthFor(124), imageWidthFor(700), imageWidthFor(1440)]).toEqual([128, 750, 1920])
  })

  it('a srcset offers 1x, 2x and 3x without repeats', () => {
    expect(imageSrcSetWidths(124)).toEqual([128, 256, 384])
    expect(imageSrcSetWidths(1440)).toEqual([1920, 3840])
  })
})
