import { headerDataRef } from '../../contracts/serviceRefs'
import type { Consent } from '../../kernel/consent/consentStore'
import { createKernel } from '../../kernel/createKernel'
import type { Kernel } from '../../kernel/kernel'
import type { PluginArrival } from '../../kernel/registry/latePlugins'
import type { PluginEntry } from '../../kernel/registry/validatePlugins'
import type { HeaderContext } from '../../kernel/services/kernelRefs'
import { bindService } from '../../kernel/services/serviceBinding'
import { shellPluginEntry } from '../../plugins/shell'
import type { BrandConfig } from '../brands/defineBrand'
import { PLUGIN_CATALOGUE } from '../catalogue'
import type { SiteView } from '../data/loadHeaderData'
import type { PageContext } from '../pageContext'
import type { Diagnostics } from './diagnostics'
import type { StartUpData } from './startUpData'

/** What the header's plugins are told of the page, and the configuration it starts with. */
export function headerContextFor(page: PageContext, site: SiteView, correlationId: string): HeaderContext {
  return {
    brand: page.brand,
    lang: page.lang,
    location: page.location,
    siteConfig: site.siteConfig,
    labels: site.labels,
    hiddenInputs: page.hiddenInputs,
    reservedRows: page.rows,
    correlationId,
  }
}

/**
 * The kernel with the shell plugin, the plugins whose code has arrived and the page's own; the
 * `late` ones start when their code arrives, their slots kept free meanwhile (the catalogue names
 * them), so nothing moves. Failed calls from before it existed go to its bus now.
 */
export function startKernel(opts: {
  context: HeaderContext
  brand: BrandConfig
  ready: readonly PluginEntry[]
  late: readonly PluginArrival[]
  fromPage: readonly PluginEntry[]
  data: StartUpData
  diagnostics: Diagnostics
  win: Window
  page: PageContext
  consent: Consent
}): Kernel {
  const kernel = createKernel({
    context: opts.context,
    correlationId: opts.context.correlationId,
    plugins: [shellPluginEntry(opts.brand.shell), ...opts.ready, ...opts.fromPage],
    late: opts.late,
    reservations: Object.fromEntries(Object.entries(PLUGIN_CATALOGUE).map(([id, p]) => [id, p.slots])),
    http: opts.data.http,
    services: [bindService(headerDataRef, opts.data.headerData)],
    consent: opts.consent,
    page: opts.win,
    onFault: opts.diagnostics.fault,
    secureCookies: opts.page.location.protocol === 'https:',
  })
  opts.diagnostics.attach(kernel)
  return kernel
}
