import { imageSrcSetWidths } from '../../contracts/imageConfig'
import type { SearchProduct } from '../../contracts/search'
import { type Lang, localizedPath } from '../../site/language'
import { isSameOriginPath } from '../../site/safePath'
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from './searchOptions'

/** Tile image size and format (nav spec §3, §9: 124 by 124, png with alpha, quality 75). */
export const TILE_IMAGE: ImageSize = { width: 124, height: 124, format: 'png-alpha', quality: 75 }

/** What the image service is asked to draw. */
export interface ImageSize {
  width: number
  height: number
  format: string
  quality: number
}

/** The fixed English-general suffix of image names. */
const GENERAL_SUFFIX = '_EN_GN'

/**
 * The product image address (nav spec §3): image base + sellGroupName + the brand's suffix (search
 * option `imageSuffix`, none by default) + general suffix + size parameters. The name is
 * URI-encoded: a server value never breaks out of the path.
 */
export function productImageUrl(
  base: string,
  product: Pick<SearchProduct, 'sellGroupName'>,
  options: Pick<SearchOptions, 'imageSuffix'> = DEFAULT_SEARCH_OPTIONS,
  size = TILE_IMAGE,
): string {
  const name = `${product.sellGroupName}${options.imageSuffix}${GENERAL_SUFFIX}`
  const params = `wid=${size.width}&hei=${size.height}&fmt=${size.format}&qlt=${size.quality}`
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(name)}?${params}`
}

/**
 * The tile picture for sharper screens (nav spec §9 image config): the same address at the
 * configured widths covering 1x, 2x and 3x the tile (128, 256, 384), as a `srcset`; `src` stays the
 * spec's 124 by 124.
 */
export function productImageSrcSet(
  base: string,
  product: Pick<SearchProduct, 'sellGroupName'>,
  options: Pick<SearchOptions, 'imageSuffix'> = DEFAULT_SEARCH_OPTIONS,
  size = TILE_IMAGE,
): string {
  return imageSrcSetWidths(size.width)
    .map((w) => `${productImageUrl(base, product, options, { ...size, width: w, height: w })} ${w}w`)
    .join(', ')
}

/**
 * Where a product tile goes (nav spec §2): the product's path with the query text appended, under
 * `/fr` on French pages when the brand's search option `localizedProductLinks` says so (French
 * Canada). Only a path on this site is followed; anything else (an absolute URL, a `javascript:`
 * address) gives null and the tile is shown without a link.
 */
export function productHref(
  product: Pick<SearchProduct, 'url'>,
  query: string,
  lang: Lang,
  options: Pick<SearchOptions, 'localizedProductLinks'>,
): string | null {
  if (!isSameOriginPath(product.url)) return null
  const url = new URL(product.url, 'https://shop.example')
  if (query !== '') url.searchParams.set('text', query)
  const path = `${url.pathname}${url.search}${url.hash}`
  return options.localizedProductLinks ? localizedPath(lang, path) : path
}
