import type { Root } from 'react-dom/client'
import { liveSiteConfig } from '../kernel/config/liveSiteConfig'
import type { HttpClientOptions } from '../kernel/http/createHttpClient'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { joinPageTrace, startRootSpan } from '../kernel/telemetry/spans'
import { CORRELATION_ATTRIBUTE } from '../site/correlationId'
import { apiOrigin } from '../site/headerApi'
import { brandConfigFor } from './brands/brandFor'
import { PLUGIN_CATALOGUE } from './catalogue'
import { loadSiteConfig, siteView } from './data/loadHeaderData'
import { loadFirstViews } from './firstView/loadFirstViews'
import { takeOverServedView } from './firstView/servedView'
import { pagePlugins, startPluginLoads } from './loadPlugins'
import { readPageContext } from './pageContext'
import { createDiagnostics } from './startUp/diagnostics'
import { followLiveConfig } from './startUp/followLiveConfig'
import { type HeaderHandle, headerHandle } from './startUp/headerHandle'
import { consentForPage } from './startUp/pageConsent'
import { splitByArrival } from './startUp/pluginArrivals'
import { renderPageSlots } from './startUp/renderPageSlots'
import { renderShell, shellOptionsFor } from './startUp/renderShell'
import { headerContextFor, startKernel } from './startUp/startKernel'
import { startUpData } from './startUp/startUpData'
import { installTelemetryWhenQuiet } from './startUp/telemetryWhenQuiet'

export type { HeaderHandle } from './startUp/headerHandle'

/**
 * After configuration and header data are in, how long start-up gives plugin code that is already
 * on its way (the page fetches it right after the frame paints) before rendering without it: long
 * enough for chunks already downloaded to be evaluated, short enough that one slow chunk never holds
 * the header back. Late plugins fill their slots when they arrive.
 */
const PLUGIN_GRACE_MS = 30
/**
 * The same wait when the page server's first view is on screen: the shopper already has the whole
 * header, working, so the shell waits longer for the plugins' code, and replaces it whole instead of
 * with slots still filling (each part that fills later would move the ones beside it). A plugin later
 * than this still never holds the rest back: the shell renders without it, its slot kept free.
 */
const SERVED_VIEW_PLUGIN_GRACE_MS = 1000

/** What the entry hands start-up (host/main.tsx). */
export interface EntryHandOver {
  /** Answers to the calls the page preloaded, which the entry already asked for (host/firstView). */
  takeEarly?: HttpClientOptions['takeEarly']
  /** Told just before the shell replaces the frame or the first view. */
  beforeShell?: () => void
  /** The first view the page server rendered (host/firstView/servedView.ts), which the shell replaces. */
  servedView?: HTMLElement
}

/**
 * Starts the header in `container`, whose `root` already shows the frame or a first view, as a list
 * of steps: read the page; ask the start-up calls; once configuration is in, ask for the code (and
 * first views) of the plugins it leaves on; once the header data is in, start the kernel with the
 * plugins whose code has arrived and render the shell in place; the kernel starts the others as
 * their code arrives; the live configuration is followed; telemetry loads last, when it is quiet.
 */
export async function startHeader(
  container: HTMLElement,
  root: Root,
  win: Window = window,
  entry: EntryHandOver = {},
): Promise<HeaderHandle> {
  const page = readPageContext(container, win.document)
  const correlationId = resolveCorrelationId(win.location)
  const diagnostics = createDiagnostics(correlationId)
  const brand = brandConfigFor(page.brand, diagnostics)
  // One page load, one trace: the page server's span (its traceparent meta) is the parent of ours.
  joinPageTrace(win.document.querySelector('meta[name="traceparent"]')?.getAttribute('content'))
  // Spans made before the OpenTelemetry SDK arrives are buffered by the kernel and replayed.
  const rootSpan = startRootSpan('header.start', {
    'header.brand': page.brand,
    'header.lang': page.lang,
    [CORRELATION_ATTRIBUTE]: correlationId,
  })
  // The page's `baseUrl` input, obeyed for the page's own origin and the brand's API origins only.
  const api = apiOrigin(page.location, page.hiddenInputs.baseUrl, brand.apiOrigins)
  if (api.ignored) console.warn(`[one-header] ${api.ignored}: calling this page's own origin instead.`)
  const data = startUpData(page, correlationId, diagnostics, win, entry.takeEarly, api.origin)
  const first = await data.siteCall.first
  const site = siteView(first.source === 'none' ? undefined : first.data)
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  // A switched-off plugin's code is never requested; the page has been fetching the others.
  const loads = startPluginLoads(brand, disabled)
  const served = entry.servedView
  const firstViews =
    served &&
    loadFirstViews(
      PLUGIN_CATALOGUE,
      loads.map((l) => l.id),
    )
  await data.headerData.settled
  performance.mark('one-header:data-ready')
  const grace = served ? SERVED_VIEW_PLUGIN_GRACE_MS : PLUGIN_GRACE_MS
  const { ready, late } = await splitByArrival(loads, grace, diagnostics)
  const fromPage = pagePlugins(win)
  const context = headerContextFor(page, site, correlationId)
  const live = liveSiteConfig(context)
  const consent = consentForPage(site.siteConfig, win)
  const kernel = startKernel({ context, brand, ready, late, fromPage, data, diagnostics, win, page, consent })

  entry.beforeShell?.()
  if (served && firstViews) await takeOverServedView(served, firstViews, fromPage, grace)
  const navigationLive = data.sources.navigation === 'live'
  const shellOptions = shellOptionsFor(page, site, navigationLive, win)
  renderShell(root, kernel, { live, ...shellOptions })
  // The page's other places (the footer's newsletter), in roots of their own; not in the app webview.
  if (!shellOptions.webview) renderPageSlots(win.document, kernel, page)
  followLiveConfig(data.siteCall, {
    live,
    kernel,
    brand,
    page,
    disabled,
    refresh: { ask: () => loadSiteConfig(data.http, page.lang), win },
  })
  const handle = headerHandle(kernel, {
    faults: diagnostics.faults,
    cms: data.sources,
    headerData: data.headerData,
  })
  void kernel.plugins.settled().then(() => {
    // Every plugin has started or failed: the CMS notes go to the logs, the page load's span ends,
    // and telemetry loads once it is quiet.
    data.cmsLog.attach((input) => kernel.bus.emit('log:record', input, 'host'))
    rootSpan.setAttribute('header.plugins.started', kernel.plugins.started.join(','))
    rootSpan.end()
    installTelemetryWhenQuiet(page, correlationId, kernel, win, (ok) => {
      handle.telemetry = ok ? 'installed' : 'failed'
    })
  })
  ;(win as Window & { oneHeader?: HeaderHandle }).oneHeader = handle
  return handle
}
