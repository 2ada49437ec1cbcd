import type { Labels } from '../../contracts/labels'
import type { SiteConfig } from '../../contracts/siteConfig'
import type { EventBus } from '../bus/createEventBus'
import type { Brand, Lang } from '../config/brand'
import type { CookieWriter } from '../config/cookieWriter'
import type { HttpClient } from '../http/createHttpClient'
import { createServiceRef } from './serviceRef'

/** Services the kernel itself provides to every plugin. */
export const busRef = createServiceRef<EventBus>('kernel.bus')
export const httpRef = createServiceRef<HttpClient>('kernel.http')
export const cookiesRef = createServiceRef<CookieWriter>('kernel.cookies')

/** Where the header is running: brand, language, page and the CMS configuration it loaded. */
export interface HeaderContext {
  brand: Brand
  lang: Lang
  /** The page's path and query when the header started. */
  location: { pathname: string; search: string; hash: string }
  siteConfig: SiteConfig
  labels: Labels
  /** Whether an agent (nobo) session is active; the auth plugin keeps this current. */
  isAgent: () => boolean
}
export const headerContextRef = createServiceRef<HeaderContext>('kernel.headerContext')
