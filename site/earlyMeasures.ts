/**
 * The early measures sender: a few lines of plain script the page server writes into the host page's
 * head, before any header script, so that a shopper who leaves (or hides the tab) before the telemetry
 * SDK has loaded still counts in the health view. Without it only the page loads that lasted until the
 * SDK came (seconds after the header went live, when the page is quiet) sent real-user measures: the
 * health view saw the patient shoppers and never the ones who left a slow page.
 *
 * On `pagehide`, or the page going hidden if that comes first, it sends what the page knows by then —
 * each part's live mark and the complete mark, the presses the press recorder kept, the long tasks it
 * saw, the route style, device class, switches' version, brand and language — as one OTLP/JSON
 * `header.measures` span (the attributes of host/telemetry/realUserMeasures.ts) linked to the page
 * load's trace, with `navigator.sendBeacon`, to the receiver the SDK exports to. The receiver takes a
 * browser's export by its page's Origin, which a beacon carries like the SDK's own requests.
 *
 * One measures span per page load: whoever sends first says so in `window.__oneHeaderMeasures.by`.
 * When the SDK's measures start (host/telemetry/realUserMeasures.ts) they take over (`by = 'sdk'`),
 * unless this sender has already sent (a tab hidden, then shown again): then nothing more is sent.
 *
 * Consent: measures are analytical (nav spec §4). The page server writes whether the consent the
 * page starts with allows analytical; once the header has its consent store, it replaces `allowed`
 * with the store's answer, so a choice made on the page counts at once.
 *
 * No framework, no import, no OpenTelemetry: `earlyMeasuresScript` is `measure` as source text.
 */

/** What the page server knows of the page load, written into the script. */
export interface EarlyMeasuresPage {
  /** Where spans are exported: the SDK's `/v1/traces`. */
  url: string
  brand: string
  lang: string
  /** host/telemetry/realUserMeasures.ts `routeStyleOf`, decided by the server from the path. */
  routeStyle: string
  pluginsVersion: string
  correlationId: string
  /** The page load's `traceparent` (W3C form), when the page server started a trace for it. */
  traceparent?: string
  /** Whether the consent the page starts with allows analytical (the cookie, else the site's default). */
  allowed: boolean
}

/** The state the early sender and the header share on `window.__oneHeaderMeasures`. */
export interface EarlyMeasuresHandle {
  /** Whether analytical consent allows the measures now. */
  allowed: () => boolean
  /** Who sends this page load's measures: 'early' once this sender has, 'sdk' once the SDK took over. */
  by?: 'early' | 'sdk'
}

/** The marks the header sets (host/shell/marks.tsx reads them from here). */
export const COMPLETE_MARK = 'one-header:complete'
export const PART_LIVE_MARK = 'one-header:live:'

interface SenderWindow {
  __oneHeaderMeasures?: EarlyMeasuresHandle
  __oneHeaderPresses?: { at?: number; answeredAt?: number }[]
  innerWidth: number
  performance: {
    timeOrigin: number
    now(): number
    getEntriesByType(type: string): { name: string; startTime: number }[]
  }
  navigator: { sendBeacon?(url: string, data: Blob): boolean }
  crypto: { getRandomValues(bytes: Uint8Array): Uint8Array }
  document: { visibilityState: string; addEventListener(type: string, listener: () => void): void }
  addEventListener(type: string, listener: () => void): void
  PerformanceObserver?: {
    new (
      each: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
    ): { observe(options: { type: string }): void }
  }
}

/**
 * The sender itself, run in the page's head. It refers to nothing outside itself: it is sent as its
 * own source text, so its names are short (nothing minifies it on the way) and the mark and attribute
 * names are spelled out (the tests hold them to the header's).
 */
function measure(w: SenderWindow, p: EarlyMeasuresPage): void {
  if (w.__oneHeaderMeasures) return
  const h: EarlyMeasuresHandle = { allowed: () => p.allowed }
  w.__oneHeaderMeasures = h
  // Long tasks are not kept by the browser for later readers: watched from the start, here.
  const t: { startTime: number; duration: number }[] = []
  try {
    new w.PerformanceObserver!((l) => t.push(...l.getEntries())).observe({ type: 'longtask' })
  } catch (_) {}
  const send = () => {
    if (h.by || !h.allowed() || !w.navigator.sendBeacon) return
    h.by = 'early'
    const f = w.performance
    const a: { key: string; value: { stringValue?: string; intValue?: number } }[] = []
    const s = (key: string, v: string) => a.push({ key, value: { stringValue: v } })
    const n = (key: string, v: number) => a.push({ key, value: { intValue: Math.round(v) } })
    const x = (k: number) =>
      Array.from(w.crypto.getRandomValues(new Uint8Array(k)), (b) => (b + 256).toString(16).slice(1)).join('')
    const at = String(Math.round((f.timeOrigin + f.now()) * 1e6))
    const r = /^00-(\w{32})-(\w{16})-/.exec(p.traceparent || '')
    const i = w.innerWidth
    let live: number | undefined
    let k = 0
    let b = 0
    let q = -1
    s('header.brand', p.brand)
    s('header.lang', p.lang)
    s('header.route_style', p.routeStyle)
    s('header.device_class', i < 768 ? 'mobile' : i < 992 ? 'tablet' : 'desktop')
    s('header.plugins.version', p.pluginsVersion)
    s('header.measures.sender', 'early')
    s('correlation.id', p.correlationId)
    s('measure.fault_plugins', '')
    for (const m of f.getEntriesByType('mark')) {
      if (m.name === 'one-header:complete') live = m.startTime
      if (!m.name.indexOf('one-header:live:')) n(`measure.part_live_ms.${m.name.slice(16)}`, m.startTime)
    }
    if (live !== undefined) n('measure.live_ms', live)
    const presses = w.__oneHeaderPresses || []
    for (const e of presses) if (e.answeredAt !== undefined) q = Math.max(q, e.answeredAt - (e.at || 0))
    n('measure.presses', presses.length)
    if (q >= 0) n('measure.press_wait_ms', q)
    // Blocking until live, as the SDK's measures count it: each long task's part over 50 ms.
    for (const e of t)
      if (live === undefined || e.startTime < live) {
        k++
        b += Math.max(0, e.duration - 50)
      }
    n('measure.long_tasks', k)
    n('measure.blocking_ms', b)
    const span = {
      traceId: x(16),
      spanId: x(8),
      name: 'header.measures',
      kind: 1,
      startTimeUnixNano: at,
      endTimeUnixNano: at,
      attributes: a,
      links: r ? [{ traceId: r[1], spanId: r[2] }] : [],
    }
    const resource = { attributes: [{ key: 'service.name', value: { stringValue: 'one-header' } }] }
    const body = {
      resourceSpans: [{ resource, scopeSpans: [{ scope: { name: 'one-header' }, spans: [span] }] }],
    }
    w.navigator.sendBeacon(p.url, new Blob([JSON.stringify(body)], { type: 'application/json' }))
  }
  w.document.addEventListener('visibilitychange', () => {
    if (w.document.visibilityState === 'hidden') send()
  })
  w.addEventListener('pagehide', send)
}

/** Runs the sender in this window (the unit tests; the page runs it from `earlyMeasuresScript`). */
export const startEarlyMeasures: (win: object, page: EarlyMeasuresPage) => void = measure as never

/**
 * The sender as the inline script the page server writes into the head. The page's values are JSON
 * with `<` escaped, so nothing in them can close the script element.
 */
export function earlyMeasuresScript(page: EarlyMeasuresPage): string {
  measureSource ??= measure.toString().replace(/\n\s+/g, '\n')
  // `__name`: what a loader that keeps function names (tsx) wraps named functions in; a no-op here.
  return `(function(__name){(${measureSource})(window,${JSON.stringify(page).replace(/</g, '\\u003c')})})(function(f){return f});`
}
/** The sender's source, made once: every page carries it. */
let measureSource: string | undefined

/**
 * The header's side of the hand-over: its consent store answers from now on, and the SDK's measures
 * take over unless this page load's have already gone. Returns whether the SDK's measures may send.
 */
export function takeOverMeasures(win: object, allowed?: () => boolean): boolean {
  const handle = (win as SenderWindow).__oneHeaderMeasures
  if (!handle) return true
  if (allowed) handle.allowed = allowed
  if (handle.by === 'early') return false
  handle.by = 'sdk'
  return true
}

/** Gives the early sender the header's consent store's answer, without taking over. */
export function shareConsentWithEarlyMeasures(win: object, allowed: () => boolean): void {
  const handle = (win as SenderWindow).__oneHeaderMeasures
  if (handle) handle.allowed = allowed
}
