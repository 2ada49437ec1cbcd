import { type Attributes, context, type Tracer, trace } from '@opentelemetry/api'
import { onCLS, onINP, onLCP } from 'web-vitals'
import type { KernelFault } from '../../kernel/bus/events'
import { pageTraceParent } from '../../kernel/telemetry/spans'
import { takeOverMeasures } from '../../site/earlyMeasures'
import { type RecordedPress, recordedPresses } from '../../site/pressRecorder'
import { type RouteStyle, routeStyleOf } from '../../site/routeStyle'
import { COMPLETE_MARK, PART_LIVE_MARK } from '../frame/marks'

/**
 * Real-user measures (RUM): what one page load was like for the shopper, sent once, when the page
 * is left (`pagehide`), as one `header.measures` span linked to the page load's trace — its attributes the
 * figures the health view aggregates, its events the detail (each part going live, each press, each
 * fault). A span and not OpenTelemetry metrics: the health view must go from a percentile to the
 * page loads behind it (their waterfalls), which a pre-aggregated histogram cannot; and it rides the
 * trace pipeline, consent gate and receiver checks the page already has (docs/decisions/telemetry-and-console.md
 * "Real-user measures travel as one span per page load").
 *
 * It loads with the telemetry SDK, when the page is quiet: every figure is read from entries the
 * browser buffers (`buffered: true` observers, performance marks, the press recorder's queue), so
 * what happened before it arrived is not lost.
 */

/** The span that carries the measures, and the attribute names the receiver reads (server/telemetry/pageMeasures.ts). */
export const MEASURES_SPAN = 'header.measures'
export const MEASURE = {
  brand: 'header.brand',
  lang: 'header.lang',
  routeStyle: 'header.route_style',
  deviceClass: 'header.device_class',
  pluginsVersion: 'header.plugins.version',
  lcpMs: 'measure.lcp_ms',
  inpMs: 'measure.inp_ms',
  cls: 'measure.cls',
  liveMs: 'measure.live_ms',
  presses: 'measure.presses',
  pressWaitMs: 'measure.press_wait_ms',
  longTasks: 'measure.long_tasks',
  /** Total blocking time until live: each long task's part over 50 ms (the budget "blocking until live", docs/architecture.md). */
  blockingMs: 'measure.blocking_ms',
  faults: 'measure.fault_plugins',
  /** Followed by the part's name: `measure.part_live_ms.header.nav`. */
  partLivePrefix: 'measure.part_live_ms.',
} as const

/** The span each part going live becomes in the page load's trace (from navigation start to live). */
export const PART_LIVE_SPAN = 'part.live'

export { type RouteStyle, routeStyleOf }
export type DeviceClass = 'mobile' | 'tablet' | 'desktop'

/** The header's own breakpoints: below 768 px a phone's layout, below 992 px the slide-in menu. */
export function deviceClassOf(width: number): DeviceClass {
  return width < 768 ? 'mobile' : width < 992 ? 'tablet' : 'desktop'
}

/** What the page gathered, all in page-time milliseconds (performance.now()). */
export interface MeasureInputs {
  brand: string
  lang: string
  routeStyle: RouteStyle
  deviceClass: DeviceClass
  /** The plugin switches' version this visitor was served (the page's `pluginsVersion` input). */
  pluginsVersion: string
  /** LCP, only when its element is inside the header. */
  lcpMs?: number
  inpMs?: number
  cls?: number
  /** When every part was live (the complete mark), if it came. */
  liveAt?: number
  /** Each part's live mark. */
  partsLiveAt: ReadonlyMap<string, number>
  presses: readonly RecordedPress[]
  longTasks: readonly { startTime: number; duration: number }[]
  faults: readonly Pick<KernelFault, 'pluginId' | 'code'>[]
}

const round = (ms: number) => Math.round(ms)

/** The span's attributes: one flat row per page load. */
export function measureAttributes(m: MeasureInputs): Attributes {
  const a: Attributes = {
    [MEASURE.brand]: m.brand,
    [MEASURE.lang]: m.lang,
    [MEASURE.routeStyle]: m.routeStyle,
    [MEASURE.deviceClass]: m.deviceClass,
    [MEASURE.pluginsVersion]: m.pluginsVersion,
  }
  if (m.lcpMs !== undefined) a[MEASURE.lcpMs] = round(m.lcpMs)
  if (m.inpMs !== undefined) a[MEASURE.inpMs] = round(m.inpMs)
  if (m.cls !== undefined) a[MEASURE.cls] = Math.round(m.cls * 10_000) / 10_000
  if (m.liveAt !== undefined) a[MEASURE.liveMs] = round(m.liveAt)
  for (const [part, at] of m.partsLiveAt) a[`${MEASURE.partLivePrefix}${part}`] = round(at)
  // The presses made on the served header before it could answer, and the longest wait for an answer.
  const answered = m.presses.filter((p) => p.at !== undefined && p.answeredAt !== undefined)
  a[MEASURE.presses] = m.presses.length
  if (answered.length > 0)
    a[MEASURE.pressWaitMs] = round(Math.max(...answered.map((p) => (p.answeredAt ?? 0) - (p.at ?? 0))))
  // Long tasks until the header was live (all of them while it is not).
  const until = m.liveAt ?? Number.POSITIVE_INFINITY
  const before = m.longTasks.filter((t) => t.startTime < until)
  a[MEASURE.longTasks] = before.length
  a[MEASURE.blockingMs] = round(before.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0))
  a[MEASURE.faults] = [...new Set(m.faults.map((f) => f.pluginId))].sort().join(',')
  return a
}

export interface RealUserMeasuresOptions {
  tracer: Tracer
  brand: string
  lang: string
  pluginsVersion: string
  /** The header's container: LCP counts only when its element is inside. */
  container: Element
  faults: readonly KernelFault[]
  /** Whether analytics is allowed now (the consent gate also filters what leaves). */
  allowed: () => boolean
  /** Sends what the exporter holds (the measures span just ended). */
  flush?: () => void
  win: Window
}

/** Page time (performance.now() ms) as the epoch milliseconds OpenTelemetry takes. */
const epoch = (pageMs: number) => performance.timeOrigin + pageMs

/**
 * Starts gathering and sends the measures span once, when the page is hidden or left, and flushes
 * the exporter. Parts going live become spans as their marks come.
 */
export function startRealUserMeasures(opts: RealUserMeasuresOptions): void {
  const { win, tracer } = opts
  const parent = pageTraceParent()
  const parentContext = parent
    ? trace.setSpanContext(context.active(), {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: 1,
        isRemote: true,
      })
    : context.active()
  // Every change is kept (`reportAllChanges`): what is sent is the value so far, whatever the order in
  // which the browser hides and leaves the page. No layout shift reported is a CLS of 0.
  const layoutShifts = (
    win as Window & { PerformanceObserver?: typeof PerformanceObserver }
  ).PerformanceObserver?.supportedEntryTypes?.includes('layout-shift')
  const vitals: { lcpMs?: number; inpMs?: number; cls?: number } = layoutShifts ? { cls: 0 } : {}
  const all = { reportAllChanges: true }
  onLCP((metric) => {
    const element = metric.entries.at(-1)?.element
    vitals.lcpMs = element && opts.container.contains(element) ? metric.value : undefined
  }, all)
  onINP((metric) => {
    vitals.inpMs = metric.value
  }, all)
  onCLS((metric) => {
    vitals.cls = metric.value
  }, all)
  const partsLiveAt = new Map<string, number>()
  let liveAt: number | undefined
  const onMark = (entry: PerformanceEntry) => {
    if (entry.name === COMPLETE_MARK) liveAt ??= entry.startTime
    if (!entry.name.startsWith(PART_LIVE_MARK)) return
    const part = entry.name.slice(PART_LIVE_MARK.length)
    if (partsLiveAt.has(part)) return
    partsLiveAt.set(part, entry.startTime)
    tracer
      .startSpan(PART_LIVE_SPAN, { startTime: epoch(0), attributes: { 'header.part': part } }, parentContext)
      .end(epoch(entry.startTime))
  }
  const longTasks: { startTime: number; duration: number }[] = []
  const onLongTask = (entry: PerformanceEntry) =>
    longTasks.push({ startTime: entry.startTime, duration: entry.duration })
  // The marks set so far at once (the parts live before telemetry came), later ones as they come.
  for (const entry of win.performance.getEntriesByType('mark')) onMark(entry)
  const marks = observe(win, 'mark', onMark)
  const tasks = observe(win, 'longtask', onLongTask)
  // The early sender in the page's head (site/earlyMeasures.ts) hands over: these measures are the
  // page load's one span, unless it has already sent them (the tab was hidden before the SDK came).
  let sent = !takeOverMeasures(win)
  const send = () => {
    if (sent || !opts.allowed()) return
    sent = true
    // Entries the observers hold but have not handed over yet.
    for (const entry of marks?.takeRecords() ?? []) onMark(entry)
    for (const entry of tasks?.takeRecords() ?? []) onLongTask(entry)
    const attributes = measureAttributes({
      brand: opts.brand,
      lang: opts.lang,
      routeStyle: routeStyleOf(win.location.pathname),
      deviceClass: deviceClassOf(win.innerWidth),
      pluginsVersion: opts.pluginsVersion,
      ...vitals,
      ...(liveAt !== undefined ? { liveAt } : {}),
      partsLiveAt,
      presses: recordedPresses(win),
      longTasks,
      faults: opts.faults,
    })
    // A trace of its own linked to the page load, as a later action's is: a span at the page's end
    // inside the page load would stretch it to the moment the shopper left.
    const span = tracer.startSpan(MEASURES_SPAN, {
      attributes,
      root: true,
      ...(parent ? { links: [{ context: { ...parent, traceFlags: 1 } }] } : {}),
    })
    for (const [part, at] of partsLiveAt) span.addEvent(PART_LIVE_SPAN, { 'header.part': part }, epoch(at))
    for (const press of recordedPresses(win))
      if (press.at !== undefined)
        span.addEvent(
          'press',
          {
            'header.press.key': press.key,
            ...(press.answeredAt !== undefined
              ? { 'header.press.wait_ms': round(press.answeredAt - press.at) }
              : {}),
          },
          epoch(press.at),
        )
    for (const fault of opts.faults)
      span.addEvent('plugin.fault', { 'header.plugin': fault.pluginId, 'header.fault.code': fault.code })
    span.end()
    opts.flush?.()
  }
  // Sent when the page is left (`pagehide`), or hidden if that comes first: a phone may kill a hidden
  // page without a `pagehide`.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') send()
  })
  win.addEventListener('pagehide', send)
}

/** A buffered observer of `type`: the entries made before it came, then each new one. */
function observe(
  win: Window,
  type: string,
  each: (entry: PerformanceEntry) => void,
): PerformanceObserver | undefined {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver
  if (!Observer?.supportedEntryTypes?.includes(type)) return undefined
  const observer = new Observer((list) => {
    for (const entry of list.getEntries()) each(entry)
  })
  observer.observe({ type, buffered: true })
  return observer
}
