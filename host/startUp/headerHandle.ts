import type { AlertMeRequest, AlertMeResult } from '../../contracts/alertMe'
import type { GeocodeRequest, GeocodeResult } from '../../contracts/geocode'
import type { ServiceRef } from '../../contracts/serviceRef'
import { alertMeRef, geocodeRef } from '../../contracts/serviceRefs'
import type { KernelFault } from '../../kernel/bus/events'
import type { Kernel } from '../../kernel/kernel'
import type { StartUpHeaderData } from '../data/loadHeaderData'
import type { CmsSources } from './startUpData'

/** What an on-call engineer (or a test) can read from the console: `window.oneHeader`. */
export interface HeaderHandle {
  brand: string
  lang: string
  correlationId: string
  started: readonly string[]
  faults: KernelFault[]
  kernel: Kernel
  /**
   * True once every plugin has started or failed and every part of the header whose plugin started
   * is live (the parts go live one by one); a failed plugin's part stays as served.
   */
  allLive: boolean
  /** `loading` until the OpenTelemetry SDK is installed (when idle after start-up), then `installed` or `failed`. */
  telemetry: 'loading' | 'installed' | 'failed'
  /**
   * Where the CMS data on screen came from: `live` answers, the browser's `stored` copy of
   * the last good ones, or the built-in `defaults` (for the navigation and header content: empty),
   * when the CMS did not answer within start-up's deadline. Updated when a late answer replaces them.
   */
  cms: CmsSources
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
  /**
   * "Maps geocode" for page code (header spec §7): `{ address }` (a ZIP or postal code, or a town),
   * answered with `{ ok: true, places }` (none is an empty list) or `{ ok: false, reason, message }`.
   */
  geocode(input: GeocodeRequest): Promise<GeocodeResult>
}

export type HeaderContentState =
  | { loading: boolean; error: false }
  | { loading: false; error: true; responseStatus: 400 }

/** Header spec §8 "Header failure: error flag and response status 400 set." */
const HEADER_FAILURE_STATUS = 400

/** The handle for `window.oneHeader`, reading the running header live. */
export function headerHandle(
  kernel: Kernel,
  parts: { faults: KernelFault[]; cms: CmsSources; headerData: StartUpHeaderData },
): HeaderHandle {
  return {
    brand: kernel.brand,
    lang: kernel.lang,
    correlationId: kernel.correlationId,
    started: kernel.plugins.started,
    faults: parts.faults,
    kernel,
    allLive: false,
    telemetry: 'loading',
    cms: parts.cms,
    alertMe: (input) => contentCall(kernel, alertMeRef, 'Notify me', (alertMe) => alertMe.request(input)),
    geocode: (input) => contentCall(kernel, geocodeRef, 'Geocoding', (geocode) => geocode.find(input)),
    get headerContent(): HeaderContentState {
      const content = parts.headerData.page$.value()
      if (content.status === 'error')
        return { loading: false, error: true, responseStatus: HEADER_FAILURE_STATUS }
      return { loading: content.status === 'loading', error: false }
    },
  }
}

/**
 * A call page code makes through one of the content plugin's services, or, when that plugin does not
 * run (left out of the brand or switched off), the answer that says so: never a thrown error.
 */
function contentCall<S, R>(
  kernel: Kernel,
  ref: ServiceRef<S>,
  what: string,
  call: (service: S) => Promise<R>,
): Promise<R | { ok: false; reason: 'failed'; message: string }> {
  if (kernel.services.has(ref)) return call(kernel.services.get(ref))
  return Promise.resolve({
    ok: false,
    reason: 'failed',
    message: `${what} is switched off for this page (the 'content' plugin does not run).`,
  })
}
