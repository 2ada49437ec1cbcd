import { BehaviorSubject } from 'rxjs'
import { labelsFrom } from '../contracts/labels'
import { type HeaderData, headerDataRef } from '../contracts/serviceRefs'
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../contracts/siteConfig'
import type { KernelFault } from '../kernel/bus/events'
import type { Consent } from '../kernel/consent/consentStore'
import { createHttpClient, createKernel } from '../kernel/createKernel'
import type { KernelHttpClient } from '../kernel/http/createHttpClient'
import type { AnyPlugin } from '../kernel/plugin/definePlugin'
import type { SlotName } from '../kernel/plugin/slots'
import type { HeaderContext } from '../kernel/services/kernelRefs'
import { bindService, type ServiceBinding } from '../kernel/services/serviceBinding'
import { stateStream } from '../kernel/state/stateStream'
import { createRecordingAnalytics } from './fakes/recordingAnalytics'

/** A started kernel for tests (tldraw's TestEditor): records faults and analytics pushes. */
export function createTestKernel(
  plugins: (AnyPlugin | { manifest: AnyPlugin; options?: unknown })[] = [],
  overrides: {
    context?: Partial<HeaderContext>
    siteConfig?: Partial<SiteConfig>
    /** The host's CMS data (headerDataRef); by default streams stuck in 'loading'. */
    headerData?: HeaderData
    /** More services the host provides before plugins start (createKernel's `services`). */
    services?: readonly ServiceBinding[]
    /** The kernel's HTTP client; by default one aimed at a closed port (calls fail as network errors). */
    http?: KernelHttpClient
    /** Plugins still loading (they join through kernel.plugins.add). */
    pending?: string[]
    /** The slots each plugin fills, kept free while it is pending. */
    reservations?: Record<string, readonly SlotName[]>
    /** The page's consent state (consentRef); everything allowed by default. */
    consent?: Consent
    /** The page whose unsent analytics backlog is carried to the next (test/fakes/tabPage.ts). */
    page?: Window
  } = {},
) {
  const faults: KernelFault[] = []
  const analytics = createRecordingAnalytics()
  const context: HeaderContext = {
    brand: 'usb2c',
    lang: 'en',
    location: { pathname: '/', search: '', hash: '' },
    siteConfig: { ...DEFAULT_SITE_CONFIG, ...overrides.siteConfig },
    labels: labelsFrom([]),
    hiddenInputs: {},
    correlationId: 'test-correlation-id',
    ...overrides.context,
  }
  const kernel = createKernel({
    context,
    correlationId: 'test-correlation-id',
    plugins: plugins.map((p) => ('manifest' in p ? p : { manifest: p })),
    pending: overrides.pending ?? [],
    ...(overrides.reservations ? { reservations: overrides.reservations } : {}),
    http:
      overrides.http ??
      createHttpClient({
        brand: context.brand,
        correlationId: () => 'test-correlation-id',
        origin: 'http://127.0.0.1:9',
      }),
    services: [
      bindService(
        headerDataRef,
        overrides.headerData ?? { page$: loadingStream(), navigation$: loadingStream() },
      ),
      ...(overrides.services ?? []),
    ],
    analytics: analytics.port,
    ...(overrides.consent ? { consent: overrides.consent } : {}),
    ...(overrides.page ? { page: overrides.page } : {}),
    onFault: (f) => faults.push(f),
  })
  return { kernel, faults, pushed: analytics.pushed }
}

/** A state stream stuck in 'loading', for kernels whose tests do not look at CMS data. */
function loadingStream() {
  const subject = new BehaviorSubject<{ status: 'loading' }>({ status: 'loading' })
  return stateStream(subject)
}
