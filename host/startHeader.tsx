import Cookies from 'js-cookie'
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { filter, firstValueFrom } from 'rxjs'
import { createQueuedAnalytics } from '../kernel/analytics/analyticsPort'
import type { KernelFault } from '../kernel/bus/events'
import { createHttpClient, createKernel } from '../kernel/createKernel'
import type { HttpError } from '../kernel/http/httpError'
import type { Kernel } from '../kernel/kernel'
import { KernelProvider } from '../kernel/react/KernelProvider'
import { resolveCorrelationId } from '../kernel/telemetry/correlationId'
import { BRAND_CONFIGS } from './brands'
import { loadHeaderData, loadSiteConfig } from './data/loadHeaderData'
import { loadBrandPlugins, pagePlugins } from './loadPlugins'
import { isAppWebview } from './mount/webview'
import { readPageContext } from './pageContext'
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

/** Performance mark set when the header first commits to the page (read by `npm run bench`). */
export const FIRST_RENDER_MARK = 'one-header:first-render'

function FirstRenderMark() {
  useEffect(() => {
    performance.mark(FIRST_RENDER_MARK)
  }, [])
  return null
}

/**
 * Starts the header in `container`: reads the page, loads site configuration and header content,
 * loads the brand's enabled plugins, starts the kernel and renders the shell.
 */
export async function startHeader(container: HTMLElement, win: Window = window): Promise<HeaderHandle> {
  const page = readPageContext(container, win.document)
  const correlationId = resolveCorrelationId(win.location)
  const faults: KernelFault[] = []
  const logFault = (fault: KernelFault) => {
    faults.push(fault)
    console.error(
      `[one-header] ${fault.code} plugin=${fault.pluginId} correlationId=${correlationId}: ${fault.message}`,
    )
  }
  const logHttp = (error: HttpError) =>
    console.warn(
      `[one-header] API ${error.class} ${error.method} ${error.path} status=${error.status ?? '-'} correlationId=${error.correlationId}: ${error.message}`,
    )

  const http = createHttpClient({
    brand: page.brand,
    correlationId: () => correlationId,
    readCookie: Cookies.get,
    onFailure: logHttp,
  })
  const headerData = loadHeaderData(http, page.lang, page.cmsTicketId)
  const brandConfig = BRAND_CONFIGS[page.brand]

  const site = await loadSiteConfig(http, page.lang)
  const disabled = new Set([...page.disabledPlugins, ...site.siteConfig.disabledPlugins])
  const [{ entries, faults: loadFaults }] = await Promise.all([
    loadBrandPlugins(brandConfig, disabled),
    // Wait for the header content too, so the first paint already has its final layout (no shift).
    firstValueFrom(headerData.page$.pipe(filter((r) => r.status !== 'loading'))),
  ])
  loadFaults.forEach(logFault)

  const analytics = createQueuedAnalytics()
  const kernel = createKernel({
    context: {
      brand: page.brand,
      lang: page.lang,
      location: page.location,
      siteConfig: site.siteConfig,
      labels: site.labels,
      hiddenInputs: page.hiddenInputs,
      isAgent: () => false,
    },
    correlationId,
    plugins: [{ manifest: createShellPlugin(brandConfig.shell) }, ...entries, ...pagePlugins(win)],
    http,
    headerData,
    analytics,
    onFault: logFault,
    secureCookies: page.location.protocol === 'https:',
  })

  const webview = isAppWebview({
    userAgent: win.navigator.userAgent,
    search: page.location.search,
    token: site.siteConfig.webviewUserAgentToken,
  })
  createRoot(container).render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <Shell webview={webview} />
        <FirstRenderMark />
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
