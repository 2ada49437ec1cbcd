import { afterEach, expect, it, vi } from 'vitest'

const RealSegmenter = Intl.Segmenter
const intl = Intl as { Segmenter: typeof Intl.Segmenter }
afterEach(() => {
  intl.Segmenter = RealSegmenter
  vi.resetModules()
})

// Building an Intl.Segmenter loads the ICU break rules: tens of ms at start-up on a slow phone. The
// search plugin's chunk imports this module on the way to the whole header, so it must not build one
// until a text is actually cut.
it('builds no grapheme segmenter when loaded, only when a text over the limit is cut', async () => {
  const made = vi.fn()
  intl.Segmenter = class extends RealSegmenter {
    constructor(...args: ConstructorParameters<typeof RealSegmenter>) {
      super(...args)
      made()
    }
  }
  const { truncateToLimit } = await import('./search')
  expect(made).not.toHaveBeenCalled()
  expect(truncateToLimit('short', 10)).toBe('short')
  expect(made).not.toHaveBeenCalled()
  expect(truncateToLimit('café au lait', 4)).toBe('café')
  expect(truncateToLimit('ab👨‍👩‍👧', 4)).toBe('ab')
  expect(made).toHaveBeenCalledTimes(1)
})
