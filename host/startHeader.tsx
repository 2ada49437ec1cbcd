import Cookies from 'js-cookie'
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { filter, firstValueFrom } from 'rxjs'
import { loggerRef } from '../contracts/serviceRefs'
import type { KernelFault } from '../kernel/bus/events'
import { createHttpClient, createKernel } from '../kernel/createKernel'
import type { HttpClientOptions } from '../kernel/http/createHttpClient'
import type { HttpError } from '../kernel/http/httpError'
import type { Kernel } from '../kernel/kernel'
import { KernelProvider } from '../kernel/react/KernelProvider'
import { whenIdle } from '../kernel/streams/streams'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { startRootSpan } from '../kernel/telemetry/spans'
import { CORRELATION_ATTRIBUTE } from '../site/correlationId'
import { isAppWebview } from '../site/webview'
import { createTagManagerPort } from './analytics/tagManager'
import { BRAND_CONFIGS } from './brands'
import { validateBrandConfig } from './brands/brandSchema'
import { loadHeaderData, loadSiteConfig } from './data/loadHeaderData'
import { type PluginLoad, pagePlugins, startPluginLoads } from './loadPlugins'
import { type PageContext, readPageContext } from './pageContext'
import { PLUGIN_SLOTS } from './pluginSlots'
import { COMPLETE_MARK, FIRST_RENDER_MARK, Mark } from './shell/marks'
import { Shell } from './shell/Shell'
import { createShellPlugin } from './shell/shellPlugin'

/** What an on-call engineer (or a test) can read from the console: `window.oneHeader`. */
export interface HeaderHandle {
  brand: string
  lang: string
  correlationId: string
  started: readonly string[]
  faults: KernelFault[]
  kernel: Kernel
  /** `loading` until the OpenTelemetry SDK is installed (when idle after start-up), then `installed` or `failed`. */
  telemetry: 'loading' | 'installed' | 'failed'
}

/**
 * After configuration and header data are in, how long start-up gives plugin code that is already
 * on its way (the page fetches it right after the frame paints) before rendering without it: long
 * enough for chunks already downloaded to be evaluated, short enough that one slow chunk never holds
 * the header back. Late plugins fill their slots when they arrive.
 */
const PLUGIN_GRACE_MS = 30

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Starts the header in `container`, whose `root` already shows the frame: reads the page, starts the
 * start-up calls at once, renders the shell as soon as configuration and header content are in (with
 * the plugins whose code has arrived), starts each later plugin when its code arrives, and loads
 * telemetry last, when the browser is idle.
 */
export async function startHeader(
  container: HTMLElement,
  root: Root,
  win: Window = window,
  entry: {
    /** Answers to the calls the page preloaded, which the entry already asked for (host/firstView). */
    takeEarly?: HttpClientOptions['takeEarly']
    /** Told just before the shell replaces the frame or the first view. */
    beforeShell?: () => void
  } = {},
): Promise<HeaderHandle> {
  const page = readPageContext(container, win.document)
  const correlationId = resolveCorrelationId(win.location)
  const faults: KernelFault[] = []
  const logFault = (fault: KernelFault) => {
    faults.push(fault)
    console.error(
      `[one-header] ${fault.code} plugin=${fault.pluginId} correlationId=${correlationId}: ${fault.message}`,
    )
  }
  // API failures go to the bus for the logging plugin; those before the kernel exists wait for it.
  let kernelRef: Kernel | undefined
  const early: HttpError[] = []
  const logHttp = (error: HttpError) => {
    if (kernelRef) kernelRef.bus.emit('http:failure', error, 'kernel')
    else early.push(error)
    console.warn(
      `[one-header] API ${error.class} ${error.method} ${error.path} status=${error.status ?? '-'} correlationId=${error.correlationId}: ${error.message}`,
    )
  }

  let brandConfig = BRAND_CONFIGS[page.brand]
  try {
    brandConfig = validateBrandConfig(brandConfig)
  } catch (error) {
    // A broken brand file must not take the header down: run the shell alone and say why.
    logFault({ code: 'PLUGIN_INVALID', pluginId: 'host', message: String(error), error })
    brandConfig = { ...brandConfig, plugins: [] }
  }
  // The calls start at once; telemetry never comes first. Spans made before the OpenTelemetry SDK
  // arrives are buffered by the kernel and replayed by it, so one page load is one trace.
  const rootSpan = startRootSpan('header.start', {
    'header.brand': page.brand,
    'header.lang': page.lang,
    [CORRELATION_ATTRIBUTE]: correlationId,
  })
  const http = createHttpClient({
    brand: page.brand,
    correlationId: () => correlationId,
    readCookie: Cookies.get,
    onFailure: logHttp,
    ...(entry.takeEarly ? { takeEarly: entry.takeEarly } : {}),
  })
  const headerData = loadHeaderData(http, page.lang, page.cmsTicketId)
  const site = await loadSiteConfig(http, page.lang)
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  // Plugin code is requested only now that configuration says which plugins are on (a switched-off
  // plugin's code is never requested); the page has been fetching the enabled ones since the paint.
  const loads = startPluginLoads(brandConfig, disabled)
  // Wait for the header content and the navigation too, so the shell's first paint already has its
  // final layout: navigation arriving later widened the nav row and moved the search box.
  await Promise.all([
    firstValueFrom(headerData.page$.pipe(filter((r) => r.status !== 'loading'))),
    firstValueFrom(headerData.navigation$.pipe(filter((r) => r.status !== 'loading'))),
  ])
  performance.mark('one-header:data-ready')
  // Plugins whose code is here (or arrives within the grace) start with the shell; the rest join later.
  const arrived = new Map<string, Awaited<PluginLoad['settled']>>()
  for (const load of loads) void load.settled.then((result) => arrived.set(load.id, result))
  await Promise.race([Promise.all(loads.map((l) => l.settled)), delay(PLUGIN_GRACE_MS)])
  const late = loads.filter((l) => !arrived.has(l.id))
  // In the brand's order (not arrival order): it orders their slot contributions.
  const readyEntries = loads.flatMap((load) => {
    const result = arrived.get(load.id)
    if (result && 'fault' in result) logFault(result.fault)
    return result && 'entry' in result ? [result.entry] : []
  })

  // The tag-manager port queues what is reported before the tag manager loads (nav spec §7).
  const analytics = createTagManagerPort(win)
  const kernel = createKernel({
    context: {
      brand: page.brand,
      lang: page.lang,
      location: page.location,
      siteConfig: site.siteConfig,
      labels: site.labels,
      hiddenInputs: page.hiddenInputs,
      correlationId,
    },
    correlationId,
    plugins: [{ manifest: createShellPlugin(brandConfig.shell) }, ...readyEntries, ...pagePlugins(win)],
    pending: late.map((l) => l.id),
    // What a late plugin will fill is kept free at its size meanwhile: no layout shift when it starts.
    reservations: PLUGIN_SLOTS,
    http,
    headerData,
    analytics,
    onFault: logFault,
    secureCookies: page.location.protocol === 'https:',
  })

  kernelRef = kernel
  for (const error of early.splice(0)) kernel.bus.emit('http:failure', error, 'kernel')

  const webview =
    page.webview ||
    isAppWebview({
      userAgent: win.navigator.userAgent,
      search: page.location.search,
      token: site.siteConfig.webviewUserAgentToken,
    })
  entry.beforeShell?.()
  root.render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <Shell webview={webview} />
        <Mark name={FIRST_RENDER_MARK} />
        <Mark name={COMPLETE_MARK} />
      </KernelProvider>
    </StrictMode>,
  )

  // Each late plugin starts when its code arrives (or is given up on when it cannot load).
  const latePlugins = late.map(async (load) => {
    const result = await load.settled
    const stillLoading = late.filter((l) => !arrived.has(l.id)).map((l) => l.id)
    if ('entry' in result) kernel.plugins.add([result.entry], { pending: stillLoading })
    else {
      logFault(result.fault)
      kernel.plugins.abandon([load.id])
    }
  })
  // Telemetry waits until the header is complete and the browser is idle: the shopper first.
  void Promise.all(latePlugins).then(() => {
    rootSpan.setAttribute('header.plugins.started', kernel.plugins.started.join(','))
    rootSpan.end()
    whenIdle(
      () => {
        void installTelemetryLate(page, correlationId, kernel).then((ok) => {
          handle.telemetry = ok ? 'installed' : 'failed'
        })
      },
      3000,
      win,
    )
  })

  const handle: HeaderHandle = {
    brand: page.brand,
    lang: page.lang,
    correlationId,
    started: kernel.plugins.started,
    faults,
    kernel,
    telemetry: 'loading',
  }
  ;(win as Window & { oneHeader?: HeaderHandle }).oneHeader = handle
  return handle
}

/**
 * Loads and installs the OpenTelemetry SDK (its own chunk): it replays what the kernel buffered and
 * exports from then on; the logging plugin's records go to it as well. A failure costs only telemetry.
 */
async function installTelemetryLate(
  page: PageContext,
  correlationId: string,
  kernel: Kernel,
): Promise<boolean> {
  try {
    const { installTelemetry } = await import('./telemetry/installTelemetry')
    const installed = installTelemetry({
      endpoint: page.hiddenInputs.otlpEndpoint ?? '',
      correlationId,
      brand: page.brand,
      lang: page.lang,
    })
    if (kernel.services.has(loggerRef)) kernel.services.get(loggerRef).addSink(installed.logSink)
    return true
  } catch (error) {
    console.warn('[one-header] telemetry could not start; the header runs without it:', error)
    return false
  }
}
