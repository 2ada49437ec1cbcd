import type { SiteConfigResponse } from '../../contracts/cms'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import type { Kernel } from '../../kernel/kernel'
import type { BrandConfig } from '../brands/defineBrand'
import { type StartUpCall, siteView } from '../data/loadHeaderData'
import { startPluginLoads } from '../loadPlugins'
import type { PageContext } from '../pageContext'

/**
 * The live configuration, when it comes after a stored copy or the defaults were shown and differs:
 * its labels and settings replace theirs in place (the shell renders again; every part keeps its
 * size), a plugin it switches off is hidden at once, and one it switches on is loaded and started.
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
  },
): void {
  void siteCall.later.then((change) => {
    if (!change || !('data' in change)) return
    const next = siteView(change.data)
    opts.live.replace(next)
    const nowOff = new Set([...opts.page.disabledPlugins, ...next.siteConfig.disabledPlugins])
    const ids = opts.brand.plugins.map((p) => p.id as string)
    const switchedOff = ids.filter((id) => !opts.disabled.has(id) && nowOff.has(id))
    if (switchedOff.length > 0) opts.kernel.plugins.hide(switchedOff)
    const switchedOn = opts.brand.plugins.filter((p) => opts.disabled.has(p.id) && !nowOff.has(p.id))
    opts.kernel.plugins.expect(startPluginLoads({ ...opts.brand, plugins: switchedOn }, new Set()))
  })
}
