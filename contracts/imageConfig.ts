/**
 * The store's image configuration (nav spec §9: "device sizes up to 3840, cache TTL 60 s"), shared by
 * the header, which asks for pictures, and the image services, which draw and serve them. The sizes
 * are those of a responsive image service (Next.js's defaults, which the spec's figures match): an
 * image is asked for at the smallest of them that covers the width it is shown at times the screen's
 * pixel ratio, so a phone at 3x gets sharp tiles and the service only ever draws a known set of widths.
 */

/** Widths for pictures smaller than a screen (tiles, cards, icons). */
export const IMAGE_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const
/** Widths for pictures as wide as a screen, up to a 4K one. */
export const IMAGE_DEVICE_SIZES = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const
/** Every width an image is drawn at, ascending. */
export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES]
/** The widest picture ever drawn. */
export const IMAGE_MAX_WIDTH = IMAGE_DEVICE_SIZES[IMAGE_DEVICE_SIZES.length - 1]!
/**
 * How long a browser or CDN keeps a picture (seconds): a CMS editor's new picture under the same
 * address shows within a minute.
 */
export const IMAGE_CACHE_TTL_SECONDS = 60
/** The `cache-control` of every picture the image services answer. */
export const IMAGE_CACHE_CONTROL = `public, max-age=${IMAGE_CACHE_TTL_SECONDS}`

/** The smallest configured width that covers `width` pixels (the widest one for anything wider). */
export function imageWidthFor(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_MAX_WIDTH
}

/**
 * The widths to offer for a picture shown `cssWidth` px wide on screens of 1x, 2x and 3x: each
 * snapped up to a configured width, without repeats (a `srcset` with `w` descriptors).
 */
export function imageSrcSetWidths(cssWidth: number): number[] {
  return [...new Set([1, 2, 3].map((ratio) => imageWidthFor(cssWidth * ratio)))]
}
