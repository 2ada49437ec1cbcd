import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import type { Kernel } from '../../kernel/kernel'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { isAppWebview } from '../../site/webview'
import type { SiteView } from '../data/loadHeaderData'
import { LiveShell } from '../frame/LiveShell'
import { COMPLETE_MARK, FIRST_RENDER_MARK, Mark } from '../frame/marks'
import type { ReservedRows } from '../frame/Shell'
import type { PageContext } from '../pageContext'

/** Renders the live shell over the frame or the first view, in place: same rows, same sizes. */
export function renderShell(
  root: Root,
  kernel: Kernel,
  opts: { live: LiveSiteConfig; webview: boolean; rows: ReservedRows },
): void {
  root.render(
    <StrictMode>
      <KernelProvider kernel={kernel}>
        <LiveShell config={opts.live} webview={opts.webview} rows={opts.rows} />
        <Mark name={FIRST_RENDER_MARK} />
        <Mark name={COMPLETE_MARK} />
      </KernelProvider>
    </StrictMode>,
  )
}

/** The shell's look for this page: the app webview's, and the rows the page reserved. */
export function shellOptionsFor(
  page: PageContext,
  site: SiteView,
  /** Whether the labels may still change: the shell started on a stored copy or the defaults. */
  labelsHeld: boolean,
  win: Window,
): { webview: boolean; rows: ReservedRows } {
  return {
    webview:
      page.webview ||
      isAppWebview({
        userAgent: win.navigator.userAgent,
        search: page.location.search,
        token: site.siteConfig.webviewUserAgentToken,
      }),
    rows: {
      siteNotice: page.rows.includes('sitenotice'),
      labelsHeld,
    },
  }
}
