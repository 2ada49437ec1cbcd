import type { Attributes, Span, SpanStatus, Tracer } from '@opentelemetry/api'

/**
 * Span helpers. Code is instrumented everywhere, but the OpenTelemetry SDK loads late (when the
 * browser is idle after the header is complete), so the header never waits for it. Until then each
 * span is recorded into a small bounded buffer — real start and end times, attributes, status,
 * exceptions, trace and span ids and the parent — and the SDK replays the buffer when it arrives
 * (host/telemetry/replaySpans.ts), with the very ids the buffered spans already sent in `traceparent`,
 * so the server's spans join the same trace. Nothing is lost and nothing waits. Only types come
 * from the OpenTelemetry API here: the first paint carries none of it.
 */
let tracer: Tracer | undefined

/** How many spans the no-op layer keeps before the SDK arrives; later ones are counted as dropped. */
export const SPAN_BUFFER_LIMIT = 256

/** A span made before the SDK was installed. Times are `performance.now()` milliseconds. */
export interface BufferedSpan {
  name: string
  traceId: string
  spanId: string
  /** The parent's span id, in the same trace; undefined for a root. */
  parentSpanId?: string
  attributes: Attributes
  startTime: number
  endTime?: number
  status?: SpanStatus
  /** The OpenTelemetry API's SpanKind (2: a client call); undefined: internal. */
  kind?: number
  /** A later action's link to the page load it happened on (its own trace, linked). */
  links?: { traceId: string; spanId: string }[]
  exceptions: { exception: unknown; time: number }[]
  /** Set by the replay: the SDK span this one became; later calls go to it. */
  replayed?: Span
}

const buffered: BufferedSpan[] = []
let dropped = 0
/** Spans open in the current synchronous call stack (withSyncSpan nesting); the top is the parent. */
const openStack: BufferedSpan[] = []
/** The page load's root span while it is open: the parent of every span started outside another. */
let root: { record?: BufferedSpan; span: Span; startTime: number } | undefined
/** When the page load's root ended (start-up over: every plugin started or failed). */
let rootEndedAt: number | undefined
/**
 * How long the page load waits, once start-up is over and none of its calls is open, before it is
 * over: the page is quiet. A call begun in that time (a part fetching what it shows, after the one
 * before it answered) is still the page load's; what starts later is a later action. The shopper's
 * first press or key after start-up ends it at once: what follows is what they did.
 */
export const PAGE_QUIET_MS = 500
/** The page load's calls still open, the last time one settled, and whether it is over. */
let pageOpen = 0
let pageLastActive = 0
let pageOver = false
/**
 * The page server's span of this page load (its `<meta name="traceparent">`): the parent of the root
 * span and of the calls the page preloaded before it, so one page load is one trace. Once start-up
 * has ended, what the shopper does (a sign-in, a search) starts a trace of its own linked to it: the
 * page load does not grow with every later action.
 */
let pageParent: { traceId: string; spanId: string } | undefined

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/

/**
 * Adopts the page load's trace from the page's `traceparent` meta (W3C form); a missing or malformed
 * one (all-zero ids included) leaves spans to start traces of their own, as before. Returns whether
 * it was adopted.
 */
export function joinPageTrace(traceparent: string | null | undefined): boolean {
  const match = traceparent ? TRACEPARENT.exec(traceparent.trim()) : null
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return false
  pageParent = { traceId: match[1]!, spanId: match[2]! }
  listenForInput()
  return true
}

/** The page server's span of this page load, when the page carried one: where page-wide spans hang. */
export function pageTraceParent(): { traceId: string; spanId: string } | undefined {
  return pageParent
}

/** The input events that end the page load once start-up is over: the shopper has started acting. */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const
const onInput = () => {
  if (rootEndedAt === undefined) return
  pageOver = true
  stopListening()
}
const listenForInput = () => {
  for (const type of INPUT_EVENTS)
    globalThis.addEventListener?.(type, onInput, { capture: true, passive: true })
}
const stopListening = () => {
  for (const type of INPUT_EVENTS) globalThis.removeEventListener?.(type, onInput, { capture: true })
}

const randomHex = (bytes: number) =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')

/** Installs the tracer once; a second install is refused politely and returns false. */
export function installTracer(next: Tracer): boolean {
  if (tracer) {
    console.warn('[one-header] a tracer is already installed; keeping the first one.')
    return false
  }
  tracer = next
  return true
}

/** For tests: forget the installed tracer, the buffer and the root. */
export function resetTracerForTests(): void {
  tracer = undefined
  buffered.length = 0
  openStack.length = 0
  dropped = 0
  root = undefined
  rootEndedAt = undefined
  pageOpen = 0
  pageLastActive = 0
  pageOver = false
  stopListening()
  pageParent = undefined
}

/**
 * Hands the buffered spans to the SDK's replay, once: the buffer is emptied, and spans still open
 * forward their later calls to the span they became (`replayed`).
 */
export function takeBufferedSpans(): { spans: BufferedSpan[]; dropped: number } {
  const out = { spans: buffered.splice(0), dropped }
  dropped = 0
  return out
}

/** The subset of Span the kernel uses, recording into `record` (or into its replayed SDK span). */
function bufferedSpan(record: BufferedSpan): Span {
  const span = {
    setAttribute(key: string, value: unknown) {
      if (record.replayed) record.replayed.setAttribute(key, value as never)
      else record.attributes[key] = value as never
      return span
    },
    setAttributes(attributes: Attributes) {
      if (record.replayed) record.replayed.setAttributes(attributes)
      else Object.assign(record.attributes, attributes)
      return span
    },
    recordException(exception: unknown) {
      if (record.replayed) record.replayed.recordException(exception as never)
      else record.exceptions.push({ exception, time: performance.now() })
    },
    setStatus(status: SpanStatus) {
      if (record.replayed) record.replayed.setStatus(status)
      else record.status = status
      return span
    },
    end(endTime?: number) {
      if (record.replayed) record.replayed.end(endTime)
      else if (record.endTime === undefined) record.endTime = endTime ?? performance.now()
    },
    isRecording: () => record.replayed?.isRecording() ?? record.endTime === undefined,
    spanContext: () => ({ traceId: record.traceId, spanId: record.spanId, traceFlags: 1 }),
  }
  return span as unknown as Span
}

/**
 * Where a span started outside any other goes: under the open root, or under the page server's span
 * when it began before the root did (a call the page preloaded: placed where it started); after the
 * root ended, nowhere — a trace of its own, linked to the page load.
 */
function outsideParent(startTime: number): 'root' | 'page' | 'new' {
  if (root) return startTime < root.startTime && pageParent ? 'page' : 'root'
  // Before start-up (a part the page server drew, hydrating first), or begun while it ran (a call the
  // page preloaded, claimed later), the page load is the page's span.
  if (!pageParent) return 'root'
  if (rootEndedAt === undefined || startTime < rootEndedAt) return 'page'
  // Start-up is over: the page load lasts while its calls are open, and until it has been quiet.
  if (!pageOver && (pageOpen > 0 || startTime - pageLastActive < PAGE_QUIET_MS)) return 'page'
  pageOver = true
  return 'new'
}

/** Starts a buffered span under the innermost open span, else as outsideParent says. */
function startBuffered(
  name: string,
  attributes: Attributes,
  startTime = performance.now(),
  kind?: number,
): BufferedSpan | undefined {
  const place = outsideParent(startTime)
  const under =
    openStack.at(-1) ?? (place === 'root' ? root?.record : place === 'page' ? pageParent : undefined)
  if (buffered.length >= SPAN_BUFFER_LIMIT) {
    dropped += 1
    return undefined
  }
  const record: BufferedSpan = {
    name,
    traceId: under?.traceId ?? randomHex(16),
    spanId: randomHex(8),
    ...(under ? { parentSpanId: under.spanId } : {}),
    ...(!under && place === 'new' && pageParent ? { links: [{ ...pageParent }] } : {}),
    ...(kind !== undefined ? { kind } : {}),
    attributes: { ...attributes },
    startTime,
    exceptions: [],
  }
  buffered.push(record)
  return record
}

/** A span that records nothing (the buffer is full): the shared no-op object. */
const NOOP_SPAN = {
  setAttribute: () => NOOP_SPAN,
  setAttributes: () => NOOP_SPAN,
  recordException: () => {},
  setStatus: () => NOOP_SPAN,
  end: () => {},
  isRecording: () => false,
  spanContext: () => ({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 }),
} as unknown as Span

/** The page load's root span: what start-up records on it, and its end. */
export interface RootSpan {
  setAttribute(key: string, value: string | number | boolean): void
  /** Ends the span; spans started afterwards are no longer its children. */
  end(): void
}

/**
 * Opens the page load's root span (`header.start`): until it ends, every span started outside
 * another span is its child, so monitoring reads one page load as one trace. One at a time.
 */
export function startRootSpan(name: string, attributes: Attributes): RootSpan {
  const startTime = performance.now()
  root = undefined
  const record = tracer ? undefined : startBuffered(name, attributes, startTime)
  if (record && pageParent) {
    record.traceId = pageParent.traceId
    record.parentSpanId = pageParent.spanId
    delete record.links
  }
  const under = pageSpan()
  const span = tracer
    ? tracer.startSpan(name, { attributes }, under ? contextWith(under) : undefined)
    : record
      ? bufferedSpan(record)
      : NOOP_SPAN
  const open = { span, startTime, ...(record ? { record } : {}) }
  root = open
  return {
    setAttribute: (key, value) => void span.setAttribute(key, value),
    end() {
      if (root === open) {
        root = undefined
        rootEndedAt = performance.now()
        pageLastActive = rootEndedAt
      }
      span.end()
    },
  }
}

/** The W3C `traceparent` of a recording span, or undefined (no tracer, or an invalid context). */
export function traceparentOf(span: Span): string | undefined {
  if (!span.isRecording()) return undefined
  const { traceId, spanId, traceFlags } = span.spanContext()
  if (!/^[0-9a-f]{32}$/.test(traceId) || /^0+$/.test(traceId) || !/^[0-9a-f]{16}$/.test(spanId))
    return undefined
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`
}

/** OpenTelemetry's SpanStatusCode.ERROR, without importing the API for one number. */
const STATUS_ERROR = 2

function fail(span: Span, error: unknown) {
  span.recordException(error instanceof Error ? error : String(error))
  span.setStatus({ code: STATUS_ERROR })
}

/** The SDK's parent for a new span: the open root's context when no other span is active. */
function sdkStart<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => T,
  startTime?: number,
  kind?: number,
): T {
  const t = tracer as Tracer
  // performance.now() values are what OpenTelemetry takes as page-relative times.
  const options = {
    attributes,
    ...(startTime !== undefined ? { startTime } : {}),
    ...(kind !== undefined ? { kind } : {}),
  }
  const place = outsideParent(startTime ?? performance.now())
  // The open root: an SDK span, or a buffered one the replay turned into an SDK span.
  const parent =
    place === 'root'
      ? root
        ? root.record
          ? root.record.replayed
          : root.span
        : undefined
      : place === 'page'
        ? pageSpan()
        : undefined
  if (!parent && place === 'new' && pageParent) {
    // Inside another active span it nests there; outside, a trace of its own linked to the page load.
    const link = { context: { ...pageParent, traceFlags: 1, isRemote: true } }
    return t.startActiveSpan(name, { ...options, links: [link] }, fn)
  }
  if (!parent) return t.startActiveSpan(name, options, fn)
  // Parent context without importing the API at run time: the SDK's Span carries it.
  return t.startActiveSpan(name, options, contextWith(parent), fn)
}

/**
 * The page server's span as a parent the SDK accepts: only its context is read (a remote parent,
 * as `trace.wrapSpanContext` makes), so a plain object carries it without the API at run time.
 */
function pageSpan(): Span | undefined {
  if (!pageParent) return undefined
  const context = { ...pageParent, traceFlags: 1, isRemote: true }
  return { spanContext: () => context, isRecording: () => false } as unknown as Span
}

/** `trace.setSpan(context.active(), span)`, resolved through the installed tracer's helpers. */
let contextWith: (span: Span) => never = () => undefined as never

/** The host's telemetry install hands over how to make a context holding a parent span. */
export function setParentContextFactory(factory: (span: Span) => unknown): void {
  contextWith = factory as (span: Span) => never
}

/**
 * Runs `fn` with `span`, which ends when it settles (at `endTime()` when that gives a time); an error
 * marks the span and is rethrown.
 */
async function runAsync<T>(
  span: Span,
  fn: (span: Span) => Promise<T>,
  endTime?: () => number | undefined,
): Promise<T> {
  try {
    return await fn(span)
  } catch (error) {
    fail(span, error)
    throw error
  } finally {
    span.end(endTime?.())
  }
}

/** The synchronous twin of runAsync. */
function runSync<T>(span: Span, fn: (span: Span) => T): T {
  try {
    return fn(span)
  } catch (error) {
    fail(span, error)
    throw error
  } finally {
    span.end()
  }
}

/**
 * Runs `fn` inside a span that ends when it settles; errors mark the span and are rethrown. For work
 * that happened before the code recording it ran (a call the page had preloaded), `startTime` and
 * `endTime()` (`performance.now()` times) give the span its true times.
 */
export async function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  {
    startTime,
    endTime,
    kind,
  }: { startTime?: number; endTime?: () => number | undefined; kind?: number } = {},
): Promise<T> {
  // A call of the page load keeps it open until it settles (outside other spans: those keep it open).
  const counted =
    openStack.length === 0 &&
    pageParent !== undefined &&
    outsideParent(startTime ?? performance.now()) !== 'new'
  if (counted) pageOpen += 1
  try {
    if (tracer)
      return await sdkStart(name, attributes, (span) => runAsync(span, fn, endTime), startTime, kind)
    const record = startBuffered(name, attributes, startTime, kind)
    return await runAsync(record ? bufferedSpan(record) : NOOP_SPAN, fn, endTime)
  } finally {
    if (counted) {
      pageOpen -= 1
      pageLastActive = performance.now()
    }
  }
}

/** A span for a synchronous step, such as starting the plugins. */
export function withSyncSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => T): T {
  if (tracer) return sdkStart(name, attributes, (span) => runSync(span, fn))
  const record = startBuffered(name, attributes)
  if (!record) return runSync(NOOP_SPAN, fn)
  // Spans started inside this one are its children.
  openStack.push(record)
  try {
    return runSync(bufferedSpan(record), fn)
  } finally {
    openStack.pop()
  }
}

/**
 * Marks a user-visible interaction (opening a popover, switching language) as a span, so a trace shows
 * what the shopper did between the calls. Plugins call it from their handlers.
 */
export function markInteraction(name: string, attributes: Attributes = {}): void {
  withSyncSpan(`interaction ${name}`, attributes, () => undefined)
}
