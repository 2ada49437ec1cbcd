import type { SiteConfigResponse } from '../../contracts/cms'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import type { HttpResult } from '../../kernel/http/httpError'
import type { Kernel } from '../../kernel/kernel'
import type { BrandConfig } from '../brands/defineBrand'
import { type StartUpCall, siteView } from '../data/loadHeaderData'
import { startPluginLoads } from '../loadPlugins'
import type { PageContext } from '../pageContext'

/**
 * How often an open page asks the site configuration again while it is shown (and at once when it
 * is shown again): a plugin a brand team switches off (the console) leaves open pages
 * within this, plus the server's CMS cache on other servers (server/cms/ttlCache.ts). One small
 * cached GET a minute per visible tab; a hidden tab asks nothing.
 */
export const LIVE_CONFIG_REFRESH_MS = 60_000

/**
 * The live configuration, when it comes after a stored copy or the defaults were shown and differs:
 * its labels and settings replace theirs in place (the shell renders again; every part keeps its
 * size), a plugin it switches off is hidden at once, and one it switches on is loaded and started.
 * With `refresh`, the page keeps following it while open: asked again every LIVE_CONFIG_REFRESH_MS
 * while visible and when it becomes visible. A plugin hidden this way stays hidden until the next
 * page (the kernel has no per-plugin stop); one off since the start is loaded when switched on.
 */
export function followLiveConfig(
  siteCall: StartUpCall<SiteConfigResponse>,
  opts: {
    live: LiveSiteConfig
    kernel: Kernel
    brand: BrandConfig
    page: PageContext
    /** The plugins switched off when the header started. */
    disabled: ReadonlySet<string>
    /** Asks `cms/siteConfig` again; without it the page follows only the start-up call's late answer. */
    refresh?: { ask: () => Promise<HttpResult<SiteConfigResponse>>; win: Window; everyMs?: number }
  },
): void {
  const off = new Set(opts.disabled)
  let shown: string | undefined
  const apply = (data: SiteConfigResponse) => {
    const text = JSON.stringify(data)
    if (text === shown) return
    shown = text
    const next = siteView(data)
    opts.live.replace(next)
    const nowOff = new Set([...opts.page.disabledPlugins, ...next.siteConfig.disabledPlugins])
    const ids = opts.brand.plugins.map((p) => p.id as string)
    const switchedOff = ids.filter((id) => !off.has(id) && nowOff.has(id))
    if (switchedOff.length > 0) opts.kernel.plugins.hide(switchedOff)
    const switchedOn = opts.brand.plugins.filter((p) => off.has(p.id) && !nowOff.has(p.id))
    opts.kernel.plugins.expect(startPluginLoads({ ...opts.brand, plugins: switchedOn }, new Set()))
    for (const id of switchedOff) off.add(id)
    for (const p of switchedOn) off.delete(p.id)
  }
  void siteCall.first.then((first) => {
    if (first.source !== 'none') shown = JSON.stringify(first.data)
  })
  void siteCall.later.then((change) => {
    if (change && 'data' in change) apply(change.data)
  })
  const refresh = opts.refresh
  if (!refresh) return
  const doc = refresh.win.document
  const ask = () => {
    if (doc.visibilityState !== 'visible') return
    void refresh.ask().then((result) => {
      if (result.ok) apply(result.data)
    })
  }
  refresh.win.setInterval(ask, refresh.everyMs ?? LIVE_CONFIG_REFRESH_MS)
  doc.addEventListener('visibilitychange', ask)
}
