import Cookies from 'js-cookie'
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import type { AlertMeRequest, AlertMeResult } from '../contracts/alertMe'
import { alertMeRef, headerDataRef, loggerRef } from '../contracts/serviceRefs'
import type { KernelFault } from '../kernel/bus/events'
import { liveSiteConfig } from '../kernel/config/liveSiteConfig'
import { createHttpClient, createKernel } from '../kernel/createKernel'
import type { HttpClientOptions } from '../kernel/http/createHttpClient'
import type { HttpError } from '../kernel/http/httpError'
import type { Kernel } from '../kernel/kernel'
import { KernelProvider } from '../kernel/react/KernelProvider'
import type { HeaderContext } from '../kernel/services/kernelRefs'
import { bindService } from '../kernel/services/serviceBinding'
import { whenIdle, whenIdleAndQuiet } from '../kernel/streams/streams'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { startRootSpan } from '../kernel/telemetry/spans'
import { CORRELATION_ATTRIBUTE } from '../site/correlationId'
import {
  parseSegmentCodes,
  SEGMENT_CODES_HEADER,
  segmentCodesText,
  VISITOR_SEGMENTS_COOKIE,
} from '../site/visitorSegments'
import { isAppWebview } from '../site/webview'
import { createTagManagerPort } from './analytics/tagManager'
import { BRAND_CONFIGS } from './brands'
import { validateBrandConfig } from './brands/brandSchema'
import { createCmsLog } from './data/cmsLog'
import { openLastGood, pageLocalStorage } from './data/lastGood'
import {
  type CmsSource,
  loadHeaderData,
  loadSiteConfig,
  START_UP_DEADLINE_MS,
  STORED_COPY_WAIT_MS,
  siteView,
  startUpCall,
} from './data/loadHeaderData'
import { takeOverServedView } from './firstView/servedView'
import { type PluginLoad, pagePlugins, startPluginLoads } from './loadPlugins'
import { delay } from './mount/delay'
import { type PageContext, readPageContext } from './pageContext'
import { PLUGIN_SLOTS } from './pluginSlots'
import { LiveShell } from './shell/LiveShell'
import { COMPLETE_MARK, FIRST_RENDER_MARK, Mark } from './shell/marks'
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
  /**
   * Where the CMS data on screen came from (issue 12): `live` answers, the browser's `stored` copy of
   * the last good ones, or the built-in `defaults` (for the navigation and header content: empty),
   * when the CMS did not answer within start-up's deadline. Updated when a late answer replaces them.
   */
  cms: Record<'siteConfig' | 'navigation' | 'headerContent', CmsSource>
  /**
   * The header content call (cms/pages oneHeader) as header spec §4 and §8 keep it: loading, then
   * loaded, or failed with the error flag and response status 400 whatever the CMS answered (the
   * real status and the correlation id are in the log). The header itself goes on without it.
   */
  readonly headerContent: HeaderContentState
  /**
   * "Notify me" for page code (header spec §7 alert/alertMe): `{ productCode, email }`, answered with
   * `{ ok: true, status: 'accepted' }` (the same the first time and after) or `{ ok: false, reason, message }`.
   */
  alertMe(input: AlertMeRequest): Promise<AlertMeResult>
}

export type HeaderContentState =
  | { loading: boolean; error: false }
  | { loading: false; error: true; responseStatus: 400 }

/** §8 "Header failure: error flag and response status 400 set." */
export const HEADER_FAILURE_STATUS = 400

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
export const SERVED_VIEW_PLUGIN_GRACE_MS = 1000

/** The pause in the shopper's input (keys, presses) the telemetry SDK waits for before it loads… */
const TELEMETRY_QUIET_MS = 1000
/** …at most this long after the header is complete: then at the next idle moment, busy or not. */
const TELEMETRY_MAX_WAIT_MS = 15_000

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
    /** The first view the page server rendered (host/firstView/servedView.ts), which the shell replaces. */
    servedView?: HTMLElement
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
    // Targeted content (header spec §6): the segments stored when the page was asked for, the very
    // ones the page server targeted its preloads and reserved rows with (site/visitorSegments.ts).
    contentHeaders: {
      [SEGMENT_CODES_HEADER]: segmentCodesText(parseSegmentCodes(Cookies.get(VISITOR_SEGMENTS_COOKIE))),
    },
    ...(entry.takeEarly ? { takeEarly: entry.takeEarly } : {}),
  })
  // A slow or down CMS never holds the header back (issue 12): start-up waits for the configuration
  // and the navigation only until a deadline, then renders with the last good copy this browser kept
  // (or the built-in defaults), and the live answers replace them when they come.
  const cms: HeaderHandle['cms'] = { siteConfig: 'live', navigation: 'live', headerContent: 'live' }
  const cmsLog = createCmsLog(correlationId)
  const note: typeof cmsLog.note = (n) => {
    if ('source' in n) cms[n.part as keyof typeof cms] = n.source
    cmsLog.note(n)
  }
  const lastGood = openLastGood({
    brand: page.brand,
    lang: page.lang,
    storage: pageLocalStorage(win),
    // Writing is never on the way to the header: it waits until the browser is idle.
    schedule: (write) => {
      whenIdle(write, 3000, win)
    },
    onProblem: (message) => note({ code: 'CMS_STORED_COPY_DROPPED', part: 'storage', message }),
  })
  const deadlineMs = lastGood.has('siteConfig') ? STORED_COPY_WAIT_MS : START_UP_DEADLINE_MS
  const deadline = delay(deadlineMs)
  const headerData = loadHeaderData(http, page.lang, page.cmsTicketId, {
    pathname: page.location.pathname,
    deadline,
    deadlineMs,
    lastGood,
    note,
  })
  const siteCall = startUpCall(loadSiteConfig(http, page.lang), {
    part: 'siteConfig',
    deadline,
    deadlineMs,
    fallback: 'the built-in configuration and labels',
    stored: () => lastGood.read('siteConfig'),
    save: (data) => lastGood.write('siteConfig', data),
    note,
  })
  const first = await siteCall.first
  const site = siteView(first.source === 'none' ? undefined : first.data)
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  // Plugin code is requested only now that configuration says which plugins are on (a switched-off
  // plugin's code is never requested); the page has been fetching the enabled ones since the paint.
  const loads = startPluginLoads(brandConfig, disabled)
  // Wait for the header content and the navigation too (until the deadline), so the shell's first
  // paint already has its final layout.
  await headerData.settled
  performance.mark('one-header:data-ready')
  // Plugins whose code is here (or arrives within the grace) start with the shell; the rest join later.
  const arrived = new Map<string, Awaited<PluginLoad['settled']>>()
  for (const load of loads) void load.settled.then((result) => arrived.set(load.id, result))
  const grace = entry.servedView ? SERVED_VIEW_PLUGIN_GRACE_MS : PLUGIN_GRACE_MS
  await Promise.race([Promise.all(loads.map((l) => l.settled)), delay(grace)])
  const late = loads.filter((l) => !arrived.has(l.id))
  /** Plugins whose code is still on its way (late ones, and any the live configuration switches on). */
  const loading = new Set(late.map((l) => l.id))
  // In the brand's order (not arrival order): it orders their slot contributions.
  const readyEntries = loads.flatMap((load) => {
    const result = arrived.get(load.id)
    if (result && 'fault' in result) logFault(result.fault)
    return result && 'entry' in result ? [result.entry] : []
  })

  // The tag-manager port queues what is reported before the tag manager loads (nav spec §7).
  const analytics = createTagManagerPort(win)
  const context: HeaderContext = {
    brand: page.brand,
    lang: page.lang,
    location: page.location,
    siteConfig: site.siteConfig,
    labels: site.labels,
    hiddenInputs: page.hiddenInputs,
    reservedRows: page.rows,
    correlationId,
  }
  const live = liveSiteConfig(context)
  const kernel = createKernel({
    context,
    correlationId,
    plugins: [{ manifest: createShellPlugin(brandConfig.shell) }, ...readyEntries, ...pagePlugins(win)],
    pending: late.map((l) => l.id),
    // What a late plugin will fill is kept free at its size meanwhile: no layout shift when it starts.
    reservations: PLUGIN_SLOTS,
    http,
    services: [bindService(headerDataRef, headerData)],
    analytics,
    onFault: logFault,
    secureCookies: page.location.protocol === 'https:',
  })

  kernelRef = kernel
  for (const error of early.splice(0)) kernel.bus.emit('http:failure', error, 'kernel')
  // Notes about the CMS go to the logging plugin once it runs (it may be one of the late plugins).
  const attachLog = () => {
    if (kernel.services.has(loggerRef)) cmsLog.attach(kernel.services.get(loggerRef))
  }
  attachLog()
  kernel.plugins.subscribe(attachLog)
  const { rows } = page

  const webview =
    page.webview ||
    isAppWebview({
      userAgent: win.navigator.userAgent,
      search: page.location.search,
      token: site.siteConfig.webviewUserAgentToken,
    })
  entry.beforeShell?.()
  if (entry.servedView) takeOverServedView(entry.servedView)
  root.render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <LiveShell
          config={live}
          webview={webview}
          rows={{
            notification: rows.includes('notification'),
            promo: rows.includes('promo'),
            siteNotice: rows.includes('sitenotice'),
            navHeld: cms.navigation !== 'live',
          }}
        />
        <Mark name={FIRST_RENDER_MARK} />
        <Mark name={COMPLETE_MARK} />
      </KernelProvider>
    </StrictMode>,
  )

  // Each late plugin starts when its code arrives (or is given up on when it cannot load, or when the
  // live configuration switched it off meanwhile).
  const join = async (load: PluginLoad) => {
    const result = await load.settled
    loading.delete(load.id)
    const pending = [...loading]
    if ('entry' in result && !kernel.plugins.isHidden(load.id))
      kernel.plugins.add([result.entry], { pending })
    else {
      if ('fault' in result) logFault(result.fault)
      kernel.plugins.abandon([load.id])
    }
  }
  const latePlugins = late.map(join)

  // The live configuration, when it comes after a stored copy or the defaults were used and differs:
  // its labels and settings replace theirs in place (the shell renders again; every part keeps its
  // size), a plugin it switches off is hidden at once, and one it switches on is loaded and started.
  void siteCall.later.then((change) => {
    if (!change || !('data' in change)) return
    const next = siteView(change.data)
    live.replace(next)
    const nowOff = new Set([...page.disabledPlugins, ...next.siteConfig.disabledPlugins])
    const ids = brandConfig.plugins.map((p) => p.id as string)
    const switchedOff = ids.filter((id) => !disabled.has(id) && nowOff.has(id))
    if (switchedOff.length > 0) kernel.plugins.hide(switchedOff)
    const switchedOn = brandConfig.plugins.filter((p) => disabled.has(p.id) && !nowOff.has(p.id))
    for (const load of startPluginLoads({ ...brandConfig, plugins: switchedOn }, new Set())) {
      loading.add(load.id)
      void join(load)
    }
  })
  // Telemetry waits until the header is complete, the browser is idle and the shopper has paused
  // (its SDK's code is one long task: never between two keystrokes). What it records meanwhile is
  // buffered by the kernel and replayed.
  void Promise.all(latePlugins).then(() => {
    rootSpan.setAttribute('header.plugins.started', kernel.plugins.started.join(','))
    rootSpan.end()
    whenIdleAndQuiet(
      () => {
        void installTelemetryLate(page, correlationId, kernel).then((ok) => {
          handle.telemetry = ok ? 'installed' : 'failed'
        })
      },
      { quietMs: TELEMETRY_QUIET_MS, maxWaitMs: TELEMETRY_MAX_WAIT_MS },
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
    cms,
    alertMe: (input) => kernel.services.get(alertMeRef).request(input),
    get headerContent(): HeaderContentState {
      const content = headerData.page$.value()
      if (content.status === 'error')
        return { loading: false, error: true, responseStatus: HEADER_FAILURE_STATUS }
      return { loading: content.status === 'loading', error: false }
    },
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
