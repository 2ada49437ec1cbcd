import type { FirstViewRequest } from '../../contracts/firstView'
import type { Brand, Lang } from '../../site/brand'
import { BRAND_CONFIGS } from '../brands'
import type { FrameProps } from './ShellFrame'

/** The frame's props for a page: the brand's name and header height, the rows the page reserved. */
export function frameFor(page: {
  brand: Brand
  lang: Lang
  pathname: string
  rows: FirstViewRequest['rows']
  webview: boolean
}): FrameProps {
  const { displayName, headerHeight } = BRAND_CONFIGS[page.brand].shell
  return {
    brand: page.brand,
    lang: page.lang,
    pathname: page.pathname,
    displayName,
    headerHeight,
    eyebrow: page.rows.eyebrow,
    notification: page.rows.notification,
    siteNotice: page.rows.siteNotice,
    promo: page.rows.promo,
    webview: page.webview,
  }
}
