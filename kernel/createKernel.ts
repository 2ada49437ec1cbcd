import { type AnalyticsPort, analyticsRef, createAnalyticsRelay } from './analytics/analyticsPort'
import { createAnalyticsBacklog } from './analytics/eventBacklog'
import { createEventBus } from './bus/createEventBus'
import type { KernelFault } from './bus/events'
import { createCookieWriter } from './config/cookieWriter'
import { consentCookieGroups } from './consent/configuredCookies'
import { type Consent, createConsentStore } from './consent/consentStore'
import { createHttpClient, type HttpClient, type KernelHttpClient } from './http/createHttpClient'
import type { Kernel } from './kernel'
import type { SlotName } from './plugin/slots'
import { type PluginArrival, withLatePlugins } from './registry/latePlugins'
import { startPlugins } from './registry/startPlugins'
import type { PluginEntry } from './registry/validatePlugins'
import {
  busRef,
  consentRef,
  cookiesRef,
  type HeaderContext,
  headerContextRef,
  httpRef,
} from './services/kernelRefs'
import type { ServiceBinding } from './services/serviceBinding'
import { createServiceContainer } from './services/serviceRef'
import { withSyncSpan } from './telemetry/spans'

export interface CreateKernelOptions {
  context: HeaderContext
  correlationId: string
  plugins: readonly PluginEntry[]
  /** Plugins whose code is still on its way: each starts when it arrives (`kernel.plugins.expect`). */
  late?: readonly PluginArrival[]
  /** Plugins still loading that the caller adds itself (`kernel.plugins.add`; tests). */
  pending?: readonly string[]
  /** The slots each plugin fills (by id): a pending plugin's are kept free at their size until it starts. */
  reservations?: Readonly<Record<string, readonly SlotName[]>>
  http: KernelHttpClient
  /**
   * Services the host provides to plugins, in the container before any plugin starts (the CMS data
   * streams it began to fetch: `bindService(headerDataRef, headerData)`). A ref of the kernel's own,
   * or one bound twice, is refused.
   */
  services?: readonly ServiceBinding[]
  /**
   * Told every analytics payload the manifests' mappings push (tests record with it). The payloads
   * themselves go to the sink a plugin declares (`analyticsSink`: the analytics plugin's tag manager).
   */
  analytics?: AnalyticsPort
  /**
   * The page's consent state (`consentRef`), made by the host before the kernel because the
   * tag-manager port and telemetry read it too; everything allowed when absent (tests, brands
   * without the consent plugin).
   */
  consent?: Consent
  /**
   * The browser page, whose unsent analytics backlog is carried over to the tab's next page
   * (kernel/analytics/eventBacklog.ts); none in tests.
   */
  page?: Window
  /** Every fault the kernel catches; the host logs it (and the logging plugin reports it). */
  onFault: (fault: KernelFault) => void
  secureCookies?: boolean
}

/** Builds the bus and kernel services, starts the plugins, and returns the running kernel. */
export function createKernel(opts: CreateKernelOptions): Kernel {
  const { context, correlationId } = opts
  let bus: ReturnType<typeof createEventBus>
  // Faults found while plugins start are announced once all have started, so a logging plugin
  // hears about plugins that failed before it was subscribed.
  let pending: KernelFault[] | undefined = []
  const reportFault = (fault: KernelFault) => {
    try {
      opts.onFault(fault)
    } catch {
      // The host's reporter failing must not take the header down.
    }
    if (pending) pending.push(fault)
    else bus.emit('kernel:fault', fault, 'kernel')
  }
  bus = createEventBus({ correlationId: () => correlationId, onFault: reportFault })

  const services = createServiceContainer()
  services.set(busRef, bus)
  // Plugins get calls only; what they add to every call is installed from their manifests.
  const http: HttpClient = { request: (req) => opts.http.request(req) }
  services.set(httpRef, http)
  services.set(headerContextRef, context)
  const consent = opts.consent ?? createConsentStore()
  const analytics = createAnalyticsRelay({ observer: opts.analytics, consent })
  const backlog = createAnalyticsBacklog(bus, consent, opts.page ? { page: opts.page } : undefined)
  services.set(analyticsRef, analytics)
  services.set(consentRef, consent)
  services.set(
    cookiesRef,
    createCookieWriter(() => context.siteConfig.allowedCookies, {
      secure: opts.secureCookies ?? false,
      consent: { state: consent, groupsOf: () => consentCookieGroups(context.siteConfig) },
    }),
  )
  for (const { ref, value } of opts.services ?? []) {
    if (services.has(ref))
      throw new Error(
        `createKernel: service '${ref.id}' is already in the container (the kernel's own, or bound twice); bind each host service once, under a ref of its own.`,
      )
    services.set(ref, value)
  }

  const running = withSyncSpan('header.plugins.start', { 'header.brand': context.brand }, () =>
    startPlugins(opts.plugins, {
      brand: context.brand,
      bus,
      services,
      http: opts.http,
      analytics,
      backlog,
      pending: [...(opts.pending ?? []), ...(opts.late ?? []).map((arrival) => arrival.id)],
      ...(opts.reservations ? { reservations: opts.reservations } : {}),
      onFault: reportFault,
    }),
  )
  const startFaults = pending
  pending = undefined
  for (const fault of startFaults) bus.emit('kernel:fault', fault, 'kernel')
  const plugins = withLatePlugins(running, reportFault)
  plugins.expect(opts.late ?? [])
  return { brand: context.brand, lang: context.lang, correlationId, bus, services, plugins, reportFault }
}

export { createHttpClient }
