import Cookies from 'js-cookie'
import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { filter, firstValueFrom } from 'rxjs'
import { loggerRef } from '../contracts/serviceRefs'
import type { KernelFault } from '../kernel/bus/events'
import { createHttpClient, createKernel } from '../kernel/createKernel'
import type { HttpError } from '../kernel/http/httpError'
import type { Kernel } from '../kernel/kernel'
import { KernelProvider } from '../kernel/react/KernelProvider'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { isAppWebview } from '../site/webview'
import { createTagManagerPort } from './analytics/tagManager'
import { BRAND_CONFIGS } from './brands'
import { validateBrandConfig } from './brands/brandSchema'
import { loadHeaderData, loadSiteConfig } from './data/loadHeaderData'
import { loadBrandPlugins, pagePlugins } from './loadPlugins'
import { readPageContext } from './pageContext'
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
}

/** How long start-up waits for the telemetry chunk before going on without it (spans start later). */
const TELEMETRY_WAIT_MS = 600

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ])
}

/**
 * Starts the header in `container`, whose `root` already shows the frame: reads the page, loads site configuration and header content,
 * loads the brand's enabled plugins, starts the kernel and renders the shell.
 */
export async function startHeader(
  container: HTMLElement,
  root: Root,
  win: Window = window,
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
  // Telemetry loads in its own chunk while configuration arrives; the header never waits long for it.
  const telemetry = withTimeout(
    import('./telemetry/installTelemetry').then(({ installTelemetry }) =>
      installTelemetry({
        endpoint: page.hiddenInputs.otlpEndpoint ?? '',
        correlationId,
        brand: page.brand,
        lang: page.lang,
      }),
    ),
    TELEMETRY_WAIT_MS,
  ).catch((error: unknown) => {
    console.warn('[one-header] telemetry could not start; the header runs without it:', error)
    return undefined
  })

  // Installed before the first call, so the header's own start-up calls are traced too.
  const installed = await telemetry

  const http = createHttpClient({
    brand: page.brand,
    correlationId: () => correlationId,
    readCookie: Cookies.get,
    onFailure: logHttp,
  })
  const headerData = loadHeaderData(http, page.lang, page.cmsTicketId)

  const site = await loadSiteConfig(http, page.lang)
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  const [{ entries, faults: loadFaults }] = await Promise.all([
    loadBrandPlugins(brandConfig, disabled),
    // Wait for the header content and the navigation too, so the shell's first paint already has its
    // final layout: navigation arriving later widened the nav row and moved the search box.
    firstValueFrom(headerData.page$.pipe(filter((r) => r.status !== 'loading'))),
    firstValueFrom(headerData.navigation$.pipe(filter((r) => r.status !== 'loading'))),
  ])
  loadFaults.forEach(logFault)
  performance.mark('one-header:data-ready')

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
    plugins: [{ manifest: createShellPlugin(brandConfig.shell) }, ...entries, ...pagePlugins(win)],
    http,
    headerData,
    analytics,
    onFault: logFault,
    secureCookies: page.location.protocol === 'https:',
  })

  kernelRef = kernel
  if (installed && kernel.services.has(loggerRef)) kernel.services.get(loggerRef).addSink(installed.logSink)
  for (const error of early.splice(0)) kernel.bus.emit('http:failure', error, 'kernel')

  const webview =
    page.webview ||
    isAppWebview({
      userAgent: win.navigator.userAgent,
      search: page.location.search,
      token: site.siteConfig.webviewUserAgentToken,
    })
  root.render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <Shell webview={webview} />
        <Mark name={FIRST_RENDER_MARK} />
        <Mark name={COMPLETE_MARK} />
      </KernelProvider>
    </StrictMode>,
  )
  const handle: HeaderHandle = {
    brand: page.brand,
    lang: page.lang,
    correlationId,
    started: kernel.plugins.started,
    faults,
    kernel,
  }
  ;(win as Window & { oneHeader?: HeaderHandle }).oneHeader = handle
  return handle
}
