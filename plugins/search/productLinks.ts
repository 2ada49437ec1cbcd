import type { SearchProduct } from '../../contracts/search'
import type { Brand, Lang } from '../../site/brand'
import { isSameOriginPath } from '../../site/safePath'

/** Tile image size and format (nav spec §3, §9: 124 by 124, png with alpha, quality 75). */
export const TILE_IMAGE = { width: 124, height: 124, format: 'png-alpha', quality: 75 } as const

/** Brand suffix of image names for the Canadian brand; every other brand has none (nav spec §3). */
const BRAND_IMAGE_SUFFIX: Partial<Record<Brand, string>> = { cab2c: '_CA' }
/** The fixed English-general suffix of image names. */
const GENERAL_SUFFIX = '_EN_GN'

/**
 * The product image address (nav spec §3): image base + sellGroupName + brand suffix + general
 * suffix + size parameters. The name is URI-encoded: a server value never breaks out of the path.
 */
export function productImageUrl(
  base: string,
  product: Pick<SearchProduct, 'sellGroupName'>,
  brand: Brand = 'usb2c',
  size = TILE_IMAGE,
): string {
  const name = `${product.sellGroupName}${BRAND_IMAGE_SUFFIX[brand] ?? ''}${GENERAL_SUFFIX}`
  const params = `wid=${size.width}&hei=${size.height}&fmt=${size.format}&qlt=${size.quality}`
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(name)}?${params}`
}

/**
 * Where a product tile goes (nav spec §2): the product's path with the query text appended, under
 * `/fr` for French Canada. Only a path on this site is followed; anything else (an absolute URL, a
 * `javascript:` address) gives null and the tile is shown without a link.
 */
export function productHref(product: Pick<SearchProduct, 'url'>, query: string, brand: Brand, lang: Lang) {
  if (!isSameOriginPath(product.url)) return null
  const url = new URL(product.url, 'https://shop.example')
  if (query !== '') url.searchParams.set('text', query)
  const prefix = brand === 'cab2c' && lang === 'fr' && !url.pathname.startsWith('/fr/') ? '/fr' : ''
  return `${prefix}${url.pathname}${url.search}${url.hash}`
}
