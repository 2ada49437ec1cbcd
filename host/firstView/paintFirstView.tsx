import Cookies from 'js-cookie'
import { AUTH_COOKIES } from '../../contracts/auth'
import { BANNER_FLAG_COOKIE, CONSENT_COOKIE, isConsentDue } from '../../contracts/consentCookie'
import type { FirstViewConsent, FirstViewPage, FirstViewShopper } from '../../contracts/firstView'
import { pageKernel } from '../../kernel/react/kernelHandle'
import { shellFirstView } from '../../plugins/shell/firstView'
import { BRAND_CONFIGS } from '../brands'
import { type CatalogueEntry, PLUGIN_CATALOGUE } from '../catalogue'
import type { FrameProps } from '../frame/ShellFrame'
import { decodedPluginOptions } from './decodedOptions'
import type { EarlyCalls } from './earlyCalls'
import { type FirstViewData, firstViewDataFrom, firstViewDrawable, runningPluginIds } from './firstViewParts'
import { servedData, servedPartContext, servedParts } from './servedParts'

export type { FirstViewData }

import { loadFirstViews } from './loadFirstViews'

/**
 * Reads the first view's data from the page's preloaded answers (`cms/siteConfig`,
 * `cms/content-slots/NavigationBarSlot`, then `cms/components`). Undefined when the configuration
 * answer is missing, failed or of the wrong shape; without the navigation when its answers are.
 */
export async function readFirstViewData(calls: EarlyCalls): Promise<FirstViewData | undefined> {
  const [site, slot, components] = await Promise.all([
    bodyOf(calls, '/cms/siteConfig'),
    bodyOf(calls, '/cms/content-slots/NavigationBarSlot'),
    bodyOf(calls, '/cms/components'),
  ])
  return firstViewDataFrom({ site, slot, components })
}

/** A preloaded answer's parsed body; undefined when it is missing, failed or not JSON. */
async function bodyOf(calls: EarlyCalls, path: string): Promise<unknown> {
  const answer = await calls.read(path)
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined
  try {
    return JSON.parse(answer.text)
  } catch {
    return undefined
  }
}

/**
 * The first view's parts in the browser, when the page server did not draw them: each part of the
 * plugins the page runs drawn by its live component (each first view its own small chunk, which the
 * page preloads), from the page's preloaded answers and the shopper in the session cookies, live at
 * once. Undefined when a part needs data the page's answers do not give.
 */
export async function firstViewFor(
  data: FirstViewData,
  page: FirstViewPage & { disabled: string; rows: readonly string[] },
  catalogue: Readonly<Record<string, CatalogueEntry>> = PLUGIN_CATALOGUE,
): Promise<FrameProps['parts']> {
  const brandPlugins = BRAND_CONFIGS[page.brand].plugins.map((p) => p.id as string)
  const ids = ['shell', ...runningPluginIds(brandPlugins, data.siteConfig, page.disabled)]
  const views = new Map([['shell', shellFirstView], ...(await loadFirstViews(catalogue, ids.slice(1)))])
  if (!firstViewDrawable(views, ids, data)) return undefined
  const { disabled: _, rows, ...where } = page
  // Decoded as the page server decodes them for its served parts (the plugins' code is on its way).
  const decoded = await decodedPluginOptions(page.brand, ids, catalogue)
  const context = servedPartContext(where, data, '', { hiddenInputs: {}, reservedRows: rows })
  const drawn = servedParts(
    views,
    ids,
    context,
    (id) => decoded.get(id),
    pageKernel,
    servedData({
      ...data,
      shopper: shopperFromCookies(),
      consent: consentFromCookies(data.siteConfig.consentPolicyVersion),
    }),
  )
  return Object.fromEntries(Object.entries(drawn).map(([slot, part]) => [slot, part.node]))
}

/** The cookie banner is due while the consent cookies say so (the webview's frame draws no parts). */
function consentFromCookies(policyVersion: string): FirstViewConsent {
  const cookies = { consentCookie: Cookies.get(CONSENT_COOKIE), bannerFlag: Cookies.get(BANNER_FLAG_COOKIE) }
  return { bannerDue: isConsentDue({ ...cookies, policyVersion }) }
}

/** Signed in when either session token's cookie is there; the greeting's name from its own cookie. */
function shopperFromCookies(): FirstViewShopper {
  return {
    signedIn: Boolean(Cookies.get(AUTH_COOKIES.refreshToken) || Cookies.get(AUTH_COOKIES.accessToken)),
    firstName: Cookies.get(AUTH_COOKIES.customerFirstName) ?? '',
    perksMember: Cookies.get(AUTH_COOKIES.isPerksOptIn) === 'true',
  }
}
