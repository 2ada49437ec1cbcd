import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { AUTH_COOKIES } from '../../contracts/auth'
import {
  HEADER_PAGE_UID,
  isVisible,
  NAVIGATION_SLOT,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
} from '../../contracts/cms'
import {
  BANNER_FLAG_COOKIE,
  CONSENT_COOKIE,
  isConsentDue,
  startingConsentState,
} from '../../contracts/consentCookie'
import type { FirstViewBodies, PrepareFirstView } from '../../contracts/firstView'
import { headerPageFor, withPageHeaderSlots } from '../../contracts/pageHeaderContent'
import { parseSiteConfig } from '../../contracts/siteConfig'
import { APP_BANNER_DISMISSED_COOKIE, showsAppBanner } from '../../site/appBanner'
import { type Brand, brandFromHost } from '../../site/brand'
import type { EarlyMeasuresPage } from '../../site/earlyMeasures'
import { type Lang, langFromPath } from '../../site/language'
import { isLogoutPage } from '../../site/logoutPage'
import { isBrewerRegistration, routeStyleOf } from '../../site/routeStyle'
import { isAppWebview } from '../../site/webview'
import { pageShopper } from '../auth/account/pageShopper'
import { siteNotificationsFor } from '../auth/account/siteNotifications'
import type { AuthServices } from '../auth/authTypes'
import { endSession, hasSession } from '../auth/endSession'
import { siteConfigResponse } from '../cms/cmsQueries'
import type { CmsReader } from '../cms/cmsReader'
import { findArticle } from '../cms/recipeQueries'
import { targetedItems, targetedSlots, visitorSegmentsOf } from '../cms/targeting'
import { PLUGINS_DISABLED_KEY } from '../console/configVersions'
import {
  activePluginPreview,
  hasRollout,
  PREVIEW_COOKIE,
  pageSwitches,
  previewEndHref,
  recordDueSchedule,
  servedSwitchesVersion,
} from '../console/pluginPreview'
import { ensureVisitorKey, visitorKeyOf } from '../console/rolloutSwitches'
import type { Database } from '../db/database'
import type { ErrorLogger } from '../http/errorHandling'
import { ensureCorrelationCookie } from '../http/requestCorrelation'
import { requestedHost, servesHost, trustedOrigin } from '../http/trustedOrigin'
import { createUntrustedHostNote } from '../http/untrustedHostNote'
import type { PageTraces } from '../telemetry/pageTraces'
import { articleFromPath } from './articlePath'
import { BREWER_OFFER_PAGE, brewerOfferFor, registerBrewerOfferRoutes } from './brewerOffer/brewerOfferRoutes'
import { brewerOfferTitle } from './brewerOffer/renderBrewerOffer'
import { wrongShapedCmsReads } from './cmsReadShapes'
import { createFirstViewCache, sharedFirstViewKey } from './firstViewCache'
import { createFirstViewLoader } from './firstViewRenderer'
import { createBundleReader, HEADER_FIRST_VIEW, type HeaderBundle } from './headerBundle'
import { hiddenInputsFor } from './hiddenInputs'
import { pageContextFor } from './pageContext'
import { preloadHints } from './preloadHints'
import { type HostPage, renderHostPage } from './renderHostPage'
import { reservedHeightFor } from './reservedHeight'
import { searchResultsFor } from './searchResults'

export interface HostPageOptions {
  db: Database
  /** The published CMS content, through the cache the `cms/*` routes share. */
  cms: CmsReader
  distDir: string
  /** Identity provider host for the authDomain input; the requested host when not set. */
  authDomain?: string
  /** OTLP collector base URL for the header (`otlpEndpoint` hidden input); this server when not set. */
  otlpEndpoint?: string
  /** Verifies the shopper's access-token cookie, to reserve the site-notice row (getSiteNotifications). */
  auth?: Pick<AuthServices, 'tokens' | 'accounts'>
  /**
   * The header's built first-view renderer (contracts/firstView.ts); without one, or when it is not
   * there, pages are served without the header's first view.
   */
  firstViewRenderer?: string | PrepareFirstView
  logError?: ErrorLogger
  /** Operator notes (a page served for an untrusted host name); default stderr. */
  warn?: (line: string) => void
  /** Starts each page load's trace (telemetry/pageTraces.ts): its span, and the page's traceparent meta. */
  pageTraces?: PageTraces
  /** The clock scheduled switches are served by (app.ts `clock`); default Date.now. */
  now?: () => number
}

const NOT_FOUND: Record<Lang, string> = { en: 'Recipe not found', fr: 'Recette introuvable' }

/**
 * Whether the signed-in shopper (server/auth/account/pageShopper.ts: a valid access token, else a
 * live refresh token, for this brand) has site notifications, so the page reserves their row and the
 * header's answer moves nothing. Agent sessions and visitors: no row.
 */
async function hasSiteNotice(c: Context, opts: HostPageOptions, brand: Brand): Promise<boolean> {
  if (!opts.auth) return false
  const userId = await pageShopper(c, opts.auth, brand)
  return userId !== undefined && (await siteNotificationsFor(opts.db, userId)).length > 0
}

/**
 * Every other GET is a store page: the server-rendered host page the header mounts into, for any
 * route of the route table (header spec §2), per brand (host) and language (path). A first visit
 * gets its CORRELATION_ID cookie here, so the start-up calls the page preloads carry the id the
 * header will use (they cannot send the x-correlation-id header).
 */
export function registerHostPages(app: Hono, opts: HostPageOptions): void {
  const readBundle = createBundleReader(opts.distDir)
  const { cms } = opts
  const logError = opts.logError ?? ((line, error) => console.error(line, error))
  const noteUntrustedHost = createUntrustedHostNote(opts.warn ?? ((line) => console.warn(line)))
  const renderer = opts.firstViewRenderer
  const loadFirstView =
    typeof renderer === 'string'
      ? createFirstViewLoader(renderer, (message, error) => logError(`[first-view] ${message}`, error))
      : async () => renderer

  // The first view's shared part drawn once per content version and page (firstViewCache.ts): the
  // shopper's parts are drawn per page, so nothing personal crosses between shoppers.
  const firstViews = createFirstViewCache()
  const now = opts.now ?? (() => Date.now())

  // The starter-kit page's brewer-offer flow sends its confirm step here (POST).
  registerBrewerOfferRoutes(app, opts.db, opts.auth)
  app.get('*', async (c) => {
    // The request log and the error page name the page's id, new or not.
    c.set('correlationId', ensureCorrelationCookie(c))
    const pageTrace = opts.pageTraces?.begin(c, c.get('correlationId'))
    // The same host rule as the identity provider (http/trustedOrigin.ts): the page's redirect
    // addresses and authDomain come only from a host the server serves. The brand comes from the
    // name asked for, trusted or not, as the browser's does: behind an untrusted name a cab2c page
    // once preloaded usb2c answers and wrote brand usb2c, then called both brands.
    const origin = trustedOrigin(c)
    const host = new URL(origin).host
    const asked = requestedHost(c)
    if (!servesHost(c, asked)) noteUntrustedHost(asked, origin)
    const path = c.req.path
    const brand = brandFromHost(asked)
    const lang = langFromPath(path)
    const page = pageContextFor(brand, lang, path, new URL(c.req.url).searchParams)
    // The logout page ends the session here too (opened by hand, or where a sign-out could not run
    // its script): nothing of the last shopper is drawn on it, nor sent with its preloads.
    if (isLogoutPage(path)) await endSessionHere(c, opts, logError)
    // The page's CMS reads do not depend on one another: asked together.
    const ownPage = headerPageFor(path)
    const [configEntries, headerSlots, ownSlots, navigationSlotUids, labels, prepareFirstView, preview] =
      await Promise.all([
        cms.siteConfig(brand),
        cms.page(brand, lang, HEADER_PAGE_UID),
        ownPage ? cms.page(brand, lang, ownPage) : undefined,
        cms.slotUids(brand, lang, NAVIGATION_SLOT),
        cms.labels(brand, lang),
        loadFirstView(),
        activePluginPreview(c, opts.db, brand),
      ])
    // The switches of the page's language, or of the preview this browser follows (and only it).
    // While a roll-out runs, the visitor's key decides which switches they get, here and on every
    // call and page after (rolloutSwitches.ts).
    const visitorKey = hasRollout(configEntries) ? ensureVisitorKey(c) : visitorKeyOf(c)
    const at = now()
    const siteEntries = pageSwitches(configEntries, lang, preview, at, visitorKey)
    await recordDueSchedule(opts.db, cms, brand, configEntries, at)
    const config = parseSiteConfig(siteEntries)
    const hiddenInputs: Record<string, string> = hiddenInputsFor({
      brand,
      origin,
      authDomain: opts.authDomain ?? host,
      config,
    })
    // The switches' version this visitor got, carried by the real-user measures (health view).
    hiddenInputs.pluginsVersion = servedSwitchesVersion(configEntries, preview, at, visitorKey)
    if (opts.otlpEndpoint) hiddenInputs.otlpEndpoint = opts.otlpEndpoint.replace(/\/+$/, '')

    const status = await withArticle(opts.db, page, hiddenInputs, path, lang)

    // The header's rows, with the home or search page's own header rows over them (as the header merges them).
    // Targeted as the header's preloaded calls are (the visitor's stored segments), so the rows
    // reserved are the rows it shows.
    const segments = visitorSegmentsOf(c)
    const slots = withPageHeaderSlots(
      targetedSlots(headerSlots ?? [], segments),
      targetedSlots(ownSlots ?? [], segments),
    )
    const query = new URL(c.req.url).searchParams
    const rows = await headerRowsOf(c, opts, config, brand, path, slots, query)
    const { webview } = rows
    const reserved = reservedHeightFor(rows)

    const navigationUids = navigationSlotUids ?? []
    const headerBundle = readBundle()
    // The whole header's first view, rendered here by the header's own renderer from the very answers
    // the page preloads for it: the shopper has a working header with the page's first paint.
    const firstView =
      headerBundle && prepareFirstView && !webview
        ? await htmlOrNothing(
            () =>
              drawFirstView({
                c,
                cms,
                firstViews,
                prepareFirstView,
                logError,
                brand,
                lang,
                path,
                query,
                segments,
                slots,
                rows,
                config,
                siteEntries,
                hiddenInputs,
                answers: { configEntries, labels, headerSlots, ownSlots, navigationSlotUids },
              }),
            (error) => logError(`[first-view] not rendered correlationId=${c.get('correlationId')}`, error),
          )
        : ''
    const bundle = bundleWithFirstView(headerBundle, firstView, brand, config.disabledPlugins)
    const preload = preloadHints(bundle, {
      brand,
      lang,
      disabledPlugins: config.disabledPlugins,
      navigationUids,
      headerPage: ownPage,
      cmsRows: rows.notification || rows.promo,
      servedParts: firstView.includes('data-hydrate'),
    })
    const { searchResults, brewerOffer } = await pageOwnContent(opts.db, page, brand, lang, path, query)
    const html: HostPage = {
      ...page,
      hiddenInputs,
      bundle,
      reserved,
      preload,
      rows,
      searchResults,
      brewerOffer,
      firstView,
      earlyMeasures: {
        url: `${hiddenInputs.otlpEndpoint ?? ''}/v1/traces`,
        brand,
        lang,
        routeStyle: routeStyleOf(path),
        pluginsVersion: hiddenInputs.pluginsVersion,
        correlationId: c.get('correlationId'),
        ...(pageTrace ? { traceparent: pageTrace.traceparent } : {}),
        // Analytical as the page's consent starts (host/startUp/pageConsent.ts; GPC touches only
        // targeting): the header's consent store answers once it is there.
        allowed: startingConsentState({
          consentCookie: getCookie(c, CONSENT_COOKIE),
          bannerFlag: getCookie(c, BANNER_FLAG_COOKIE),
          policyVersion: config.consentPolicyVersion,
          optIn: config.consentOptIn,
          gpc: false,
        }).groups.analytical,
      } satisfies EarlyMeasuresPage,
      ...(pageTrace ? { traceparent: pageTrace.traceparent } : {}),
      ...(preview
        ? { preview: { label: preview.label, endHref: previewEndHref(path + new URL(c.req.url).search) } }
        : {}),
    }
    // A preview's page is its browser's alone: no shared cache may keep it for another visitor.
    // While a roll-out runs the page differs per visitor: a shared cache keeps none for another.
    c.header(
      'cache-control',
      preview ? 'private, no-store' : hasRollout(configEntries) ? 'private, no-cache' : 'no-cache',
    )
    const body = renderHostPage(html)
    pageTrace?.end(status, page.pageId, brand)
    return c.html(body, status)
  })
}

/** Ends the session on the logout page, revoking its refresh token (a failure is logged). */
async function endSessionHere(c: Context, opts: HostPageOptions, logError: ErrorLogger) {
  await endSession(c, {
    tokens: opts.auth?.tokens,
    onRevokeFailed: (error) =>
      logError(
        `[logout] the refresh token could not be revoked correlationId=${c.get('correlationId')}`,
        error,
      ),
  })
}

/**
 * A recipe or article page: its heading and title, and the other language's address for the
 * language switch (header spec §2); 404 when there is no such article.
 */
async function withArticle(
  db: Database,
  page: ReturnType<typeof pageContextFor>,
  hiddenInputs: Record<string, string>,
  path: string,
  lang: Lang,
): Promise<200 | 404> {
  let status: 200 | 404 = 200
  const article = articleFromPath(path, lang)
  if (article) {
    const found = await findArticle(db, lang, article.kind, article.category, article.title)
    page.pageId = 'article'
    if (found) {
      page.heading = found.name
      // The language switch builds the other-language address from these (header spec §2).
      hiddenInputs.oppositeLanguageCategory = found.opposite.category
      hiddenInputs.oppositeLanguageTitle = found.opposite.title
    } else {
      status = 404
      page.heading = NOT_FOUND[lang]
    }
    page.title = `${page.heading} | ${page.brandName}`
  }
  return status
}

/** Which of the header's rows this page shows, by the header's own rules, so the page reserves them. */
async function headerRowsOf(
  c: Context,
  opts: HostPageOptions,
  config: ReturnType<typeof parseSiteConfig>,
  brand: Brand,
  path: string,
  slots: ReturnType<typeof withPageHeaderSlots>,
  query: URLSearchParams,
) {
  const hasContent = (position: string) =>
    slots.some((s) => s.position === position && s.components.component.some(isVisible))
  const webview = isAppWebview({
    userAgent: c.req.header('user-agent') ?? '',
    search: query.toString(),
    token: config.webviewUserAgentToken,
  })
  return {
    siteNotice: !webview && (await hasSiteNotice(c, opts, brand)),
    brand,
    notification: hasContent(SLOT_GLOBAL_NOTIFICATION),
    promo: hasContent(SLOT_HEADER_PROMO),
    // The header's own rules, so the reserved height matches what it will draw.
    reduced: isBrewerRegistration(path),
    webview,
    eyebrow: showsAppBanner({
      enabled: config.mobileAppEyebrowBanner,
      webview,
      dismissed: getCookie(c, APP_BANNER_DISMISSED_COOKIE),
    }),
  }
}

/** What the first view of one page is drawn from. */
interface FirstViewInputs {
  c: Context
  cms: CmsReader
  firstViews: ReturnType<typeof createFirstViewCache>
  prepareFirstView: PrepareFirstView
  logError: ErrorLogger
  brand: Brand
  lang: Lang
  path: string
  query: URLSearchParams
  segments: ReturnType<typeof visitorSegmentsOf>
  slots: ReturnType<typeof withPageHeaderSlots>
  rows: Awaited<ReturnType<typeof headerRowsOf>>
  config: ReturnType<typeof parseSiteConfig>
  siteEntries: ReturnType<typeof pageSwitches>
  hiddenInputs: Record<string, string>
  /** The content cache's answers the page was drawn from (kept by identity). */
  answers: {
    configEntries: Awaited<ReturnType<CmsReader['siteConfig']>>
    labels: Awaited<ReturnType<CmsReader['labels']>>
    headerSlots: Awaited<ReturnType<CmsReader['page']>>
    ownSlots: Awaited<ReturnType<CmsReader['page']>> | undefined
    navigationSlotUids: Awaited<ReturnType<CmsReader['slotUids']>>
  }
}

/**
 * The whole header's first view, rendered here by the header's own renderer from the very answers
 * the page preloads for it: the shared part kept per content version, the shopper's parts per page.
 */
async function drawFirstView({
  c,
  cms,
  firstViews,
  prepareFirstView,
  logError,
  brand,
  lang,
  path,
  query,
  segments,
  slots,
  rows,
  config,
  siteEntries,
  hiddenInputs,
  answers: { configEntries, labels, headerSlots, ownSlots, navigationSlotUids },
}: FirstViewInputs): Promise<string> {
  const components = await cms.components(brand, lang, navigationSlotUids ?? [])
  const oppositeLanguage =
    hiddenInputs.oppositeLanguageCategory && hiddenInputs.oppositeLanguageTitle
      ? {
          category: hiddenInputs.oppositeLanguageCategory,
          title: hiddenInputs.oppositeLanguageTitle,
        }
      : undefined
  const search = new URL(c.req.url).search
  // What the shared part of the first view is drawn from: the content cache's answers
  // (the same objects until the content changes), the page, the targeting and the
  // switches this page runs. Never the shopper: that part is drawn per page below.
  const key = sharedFirstViewKey(
    [configEntries, labels, headerSlots, ownSlots, navigationSlotUids, components],
    {
      brand,
      lang,
      pathname: path,
      search,
      rows,
      oppositeLanguage,
      segments,
      switches: siteEntries.find((e) => e.key === PLUGINS_DISABLED_KEY)?.value,
    },
  )
  // A preview (plugin switches, or a CMS ticket) is drawn fresh and never kept.
  const previewing = getCookie(c, PREVIEW_COOKIE) !== undefined || query.has('cmsTicketId')
  const prepared = firstViews.prepared(
    prepareFirstView,
    key,
    (prepare) => {
      const bodies: FirstViewBodies = {
        site: siteConfigResponse(siteEntries, labels),
        slot: navigationSlotUids && { componentUids: { componentUidList: navigationSlotUids } },
        components: { component: targetedItems(components, segments) },
        // The rows the header shows above and under its bar, as the page reserved them.
        page: { contentSlots: { contentSlot: slots } },
      }
      // The renderer quietly leaves out what it cannot decode; the log says what and why,
      // under the correlation id of the page that drew it, as the header's own call would
      // (navigation spec §8): once per content version, as the drawing is.
      for (const wrong of wrongShapedCmsReads(bodies))
        logError(
          `[cms] ${wrong.call} read for the page is of the wrong shape at ${wrong.where} correlationId=${c.get('correlationId')}`,
          wrong.message,
        )
      return prepare({
        bodies,
        ...(oppositeLanguage ? { oppositeLanguage } : {}),
        brand,
        lang,
        pathname: path,
        search,
        rows,
      })
    },
    previewing,
  )
  // The shopper's own parts, drawn for this page alone.
  return prepared.finish({
    shopper: {
      signedIn: hasSession(c),
      firstName: getCookie(c, AUTH_COOKIES.customerFirstName) ?? '',
      perksMember: getCookie(c, AUTH_COOKIES.isPerksOptIn) === 'true',
    },
    // No consent yet (or an older policy's): the banner comes with the page's first paint.
    consent: {
      bannerDue: isConsentDue({
        consentCookie: getCookie(c, CONSENT_COOKIE),
        bannerFlag: getCookie(c, BANNER_FLAG_COOKIE),
        policyVersion: config.consentPolicyVersion,
      }),
    },
  })
}

/**
 * The first view's HTML, or '' when rendering it (its CMS read or the renderer itself, by throw or
 * rejection) fails: the page is then served without it, and the failure is logged.
 */
async function htmlOrNothing(render: () => Promise<string>, onError: (error: unknown) => void) {
  try {
    return await render()
  } catch (error) {
    onError(error)
    return ''
  }
}

/**
 * The bundle a page with a served first view links: the browser then never asks for the entry's own
 * first-view chunk, and the stylesheets of the first views of the plugins this page runs block its
 * first paint.
 */
function bundleWithFirstView(
  headerBundle: HeaderBundle | undefined,
  firstView: string,
  brand: string,
  disabled: readonly string[],
): HeaderBundle | undefined {
  const firstViewChunk = headerBundle?.chunks[HEADER_FIRST_VIEW]?.[0]
  return headerBundle && firstView
    ? {
        ...headerBundle,
        later: headerBundle.later.filter((file) => file !== firstViewChunk),
        css: withFirstViewCss(headerBundle, brand, disabled),
      }
    : headerBundle
}

/** What the search page and the starter-kit page draw of their own (the rest of the store's pages: nothing). */
async function pageOwnContent(
  db: Database,
  page: ReturnType<typeof pageContextFor>,
  brand: Brand,
  lang: Lang,
  path: string,
  query: URLSearchParams,
) {
  const searchResults = page.pageId === 'search' ? await searchResultsFor(db, brand, lang, query) : undefined
  const brewerOffer =
    page.pageId === BREWER_OFFER_PAGE ? await brewerOfferFor(db, brand, lang, path, query) : undefined
  // Each step of the flow, and what keeps the shopper on one, is in the title a screen reader says.
  const offerTitle = brewerOffer && brewerOfferTitle(brewerOffer, lang)
  if (offerTitle) page.title = `${offerTitle} – ${page.title}`
  return { searchResults, brewerOffer }
}

/** The entry's stylesheets, then those of the first views of the brand's plugins left on, each once. */
function withFirstViewCss(bundle: HeaderBundle, brand: string, disabled: readonly string[]): string[] {
  const running = (bundle.brandPlugins[brand] ?? []).filter((id) => !disabled.includes(id))
  return [...new Set([...bundle.css, ...running.flatMap((id) => bundle.firstViewCss[id] ?? [])])]
}
