import type { Labels } from '../../contracts/labels'
import type { SiteConfig } from '../../contracts/siteConfig'
import type { Lang } from '../../site/brand'
import type { EventBus } from '../bus/createEventBus'
import type { CookieWriter } from '../config/cookieWriter'
import type { Consent } from '../consent/consentStore'
import type { HttpClient } from '../http/createHttpClient'
import { createServiceRef } from './serviceRef'

/** Services the kernel itself provides to every plugin. */
export const busRef = createServiceRef<EventBus>('kernel.bus')
export const httpRef = createServiceRef<HttpClient>('kernel.http')
export const cookiesRef = createServiceRef<CookieWriter>('kernel.cookies')
/**
 * The page's one consent state (groups c9/c1/c2, whether the visitor chose, policy version, GPC, and
 * Google Consent Mode v2): every tracker and non-essential cookie is gated on it. The host makes it
 * before the kernel (the tag-manager port needs it first); the consent plugin changes it.
 */
export const consentRef = createServiceRef<Consent>('kernel.consent')

/** Where the header is running: brand, language, page and the CMS configuration it loaded. */
export interface HeaderContext {
  /** The brand id (host/brands/<brand>.ts); plugins never compare it: brand differences are options. */
  brand: string
  lang: Lang
  /** The page's correlation id (nav spec §9), for records and requests. */
  correlationId: string
  /** The page's path and query when the header started. */
  location: { pathname: string; search: string; hash: string }
  siteConfig: SiteConfig
  labels: Labels
  /** The host page's hidden inputs by id (nav spec §3: base url, brand, auth settings, recipe slugs). */
  hiddenInputs: Readonly<Record<string, string>>
  /** The optional rows the host page reserved (`data-rows`), so a plugin filling one keeps its height. */
  reservedRows?: readonly string[]
}
export const headerContextRef = createServiceRef<HeaderContext>('kernel.headerContext')
