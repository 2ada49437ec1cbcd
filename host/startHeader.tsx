import { createRoot, type Root } from 'react-dom/client'
import { liveSiteConfig } from '../kernel/config/liveSiteConfig'
import type { HttpClientOptions } from '../kernel/http/createHttpClient'
import type { Kernel } from '../kernel/kernel'
import type { SlotName } from '../kernel/plugin/slots'
import { pageKernel } from '../kernel/react/kernelHandle'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { joinPageTrace, startRootSpan } from '../kernel/telemetry/spans'
import { CORRELATION_ATTRIBUTE } from '../site/correlationId'
import { shareConsentWithEarlyMeasures } from '../site/earlyMeasures'
import { apiOrigin } from '../site/headerApi'
import { brandConfigFor } from './brands/brandFor'
import { PLUGIN_CATALOGUE } from './catalogue'
import { loadSiteConfig, siteView } from './data/loadHeaderData'
import type { Hydration } from './firstView/hydrateParts'
import { readServedState } from './firstView/servedState'
import { pagePlugins, startPluginLoads } from './loadPlugins'
import { readPageContext } from './pageContext'
import { createDiagnostics } from './startUp/diagnostics'
import { followLiveConfig } from './startUp/followLiveConfig'
import { type HeaderHandle, headerHandle } from './startUp/headerHandle'
import { takeOverPartByPart } from './startUp/liveParts'
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

/** What the entry hands start-up (host/main.tsx). */
export interface EntryHandOver {
  /** Answers to the calls the page preloaded, which the entry already asked for (host/firstView). */
  takeEarly?: HttpClientOptions['takeEarly']
  /** Told just before the shell replaces the frame or the first view. */
  beforeShell?: () => void
  /** The first view the page server rendered (host/firstView/servedView.ts), whose parts go live one by one. */
  servedView?: HTMLElement
  /** The served parts the entry is hydrating, live before the kernel: the kernel joins them. */
  hydration?: Hydration
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
  /** The root over the frame or the client's first view; none when the page server's first view is served. */
  root: Root | null,
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
    // The plugin switches' version this visitor was served (a roll-out's, a schedule's): a roll-out
    // is judged on the page loads that carry it.
    'header.plugins.version': page.hiddenInputs.pluginsVersion ?? 'live',
    [CORRELATION_ATTRIBUTE]: correlationId,
  })
  // The page's `baseUrl` input, obeyed for the page's own origin and the brand's API origins only.
  const api = apiOrigin(page.location, page.hiddenInputs.baseUrl, brand.apiOrigins)
  if (api.ignored) console.warn(`[one-header] ${api.ignored}: calling this page's own origin instead.`)
  const data = startUpData(page, correlationId, diagnostics, win, entry.takeEarly, api.origin)
  performance.mark('one-header:start-up')
  const first = await data.siteCall.first
  performance.mark('one-header:config-in')
  // With neither the live answer nor a stored copy, the configuration and labels the page server drew
  // the served parts from beat the built-in defaults: the parts keep what they were served with.
  const servedState = entry.servedView && first.source === 'none' ? readServedState(container) : undefined
  const site = servedState
    ? { siteConfig: servedState.siteConfig, labels: servedState.labels }
    : siteView(first.source === 'none' ? undefined : first.data)
  // A stored copy or the defaults: the live answer may still change the labels (and so the account
  // control's width, which is then kept: site/headerLayout.module.css, liveParts.tsx).
  const labelsHeld = first.source !== 'live'
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  const served = entry.servedView
  // A switched-off plugin's code is never requested; the page has been fetching the others.
  const loads = startPluginLoads(brand, disabled)
  const fromPage = pagePlugins(win)
  const context = headerContextFor(page, site, correlationId)
  const live = liveSiteConfig(context)
  const consent = consentForPage(site.siteConfig, win)
  // From now on the early measures sender in the page's head asks the page's consent state, so a
  // choice made on the banner counts before the telemetry SDK comes (site/earlyMeasures.ts).
  shareConsentWithEarlyMeasures(win, () => consent.allows('analytical'))
  let kernel: Kernel
  let shellOptions: ReturnType<typeof shellOptionsFor>
  /** Settles when every part whose plugin started is live. */
  let allLive: () => Promise<void>
  if (served) {
    // The page server's first view is on screen and working: the kernel starts now, each plugin as
    // its code arrives, and each part of the header goes live on its own as soon as what it shows is
    // in — never waiting for the others, nor for header data it does not show.
    kernel = startKernel({
      context,
      brand,
      ready: [],
      late: loads,
      fromPage,
      data,
      diagnostics,
      win,
      page,
      consent,
    })
    // The parts hydrated before the kernel find it here, and draw again when the configuration changes.
    pageKernel.attach(kernel)
    live.subscribe(pageKernel.changed)
    shellOptions = shellOptionsFor(page, site, labelsHeld, win)
    const parts = takeOverPartByPart(served, kernel, {
      live,
      rows: shellOptions.rows,
      willFill: new Set([
        ...loads.flatMap((l) => PLUGIN_CATALOGUE[l.id as keyof typeof PLUGIN_CATALOGUE]?.slots ?? []),
        ...fromPage.flatMap(({ manifest }) => Object.keys(manifest.slots ?? {}) as SlotName[]),
      ]),
      ...(entry.hydration ? { hydrating: entry.hydration } : {}),
      win,
    })
    // The header is taken over: from now on its parts are the kernel's, live or on their way.
    served.removeAttribute('data-first-view')
    allLive = () => parts.allLive()
  } else {
    await data.headerData.settled
    performance.mark('one-header:data-ready')
    const { ready, late } = await splitByArrival(loads, PLUGIN_GRACE_MS, diagnostics)
    kernel = startKernel({ context, brand, ready, late, fromPage, data, diagnostics, win, page, consent })
    entry.beforeShell?.()
    shellOptions = shellOptionsFor(page, site, labelsHeld, win)
    renderShell(root ?? createRoot(container), kernel, { live, ...shellOptions })
    // The shell draws every part as it renders; a late plugin's part when it starts.
    allLive = () => Promise.resolve()
  }
  // Targeted content follows the visitor's segments while the page is open: a sign-in takes the
  // newcomers' offers out of the rows at once.
  kernel.bus.on(
    'visitor:segmentsChanged',
    ({ payload }) => data.headerData.refreshContent(payload.segmentCodes),
    'host',
  )
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
  void kernel.plugins
    .settled()
    .then(allLive)
    .then(() => {
      handle.allLive = true
    })
  void kernel.plugins.settled().then(() => {
    // Every plugin has started or failed: the CMS notes go to the logs, the page load's span ends,
    // and telemetry loads once it is quiet.
    data.cmsLog.attach((input) => kernel.bus.emit('log:record', input, 'host'))
    rootSpan.setAttribute('header.plugins.started', kernel.plugins.started.join(','))
    rootSpan.end()
    installTelemetryWhenQuiet(
      page,
      correlationId,
      kernel,
      win,
      (ok) => {
        handle.telemetry = ok ? 'installed' : 'failed'
      },
      { container, faults: diagnostics.faults },
    )
  })
  ;(win as Window & { oneHeader?: HeaderHandle }).oneHeader = handle
  return handle
}
