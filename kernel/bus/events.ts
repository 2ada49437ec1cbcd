/**
 * The one typed event map. Plugins add their own events by module augmentation in their own
 * `events.ts`:
 *
 * ```ts
 * declare module '../../kernel/bus/events' {
 *   interface KernelEvents { 'search:suggestionClicked': { term: string } }
 * }
 * ```
 */
export interface KernelEvents {
  /** Ask the auth plugin to rotate the access token now. */
  rotateToken: Record<string, never>
  /** Something changed the cart; the cart count is refreshed after a delay. */
  updateCart: { reason?: string }
  /** The shopper signs out (from a menu, the session dialog, another tab). */
  logout: { referrer?: string }
  /**
   * The visitor's segments changed while the page is open (a sign-in made a KnownUser, the customer's
   * Auto Delivery or perks membership became known): the header asks for its targeted content again
   * with them, so the rows under the header follow at once.
   */
  'visitor:segmentsChanged': { segmentCodes: string }
  /** The shopper switched language; `target` is the address being navigated to. */
  'language:switched': { from: 'en' | 'fr'; to: 'en' | 'fr'; target: string }
  /** An API call failed (after its retry or refresh): for logging and monitoring. */
  'http:failure': import('../http/httpError').HttpError
  /** A plugin failed to start, a handler threw or a slot crashed: for logging and monitoring. */
  'kernel:fault': KernelFault
  /** A log record from a part of the header that is no plugin (the host's CMS notes): for logging. */
  'log:record': import('../../contracts/logRecord').LogInput
  /**
   * The OpenTelemetry SDK is installed (when idle after start-up): whoever keeps log records adds
   * `logSink`, so they are exported too.
   */
  'telemetry:installed': { logSink: (record: import('../../contracts/logRecord').LogRecord) => void }
}

/** What every event carries besides its payload. */
export interface EventMeta {
  /** The page's correlation id, so logs and traces of one session join up. */
  correlationId: string
  /** Who emitted it: a plugin id, or 'host' / 'kernel'. */
  source: string
  /** Epoch milliseconds. */
  ts: number
}

export type Envelope<K extends keyof KernelEvents = keyof KernelEvents> = EventMeta & {
  type: K
  payload: KernelEvents[K]
}

export type FaultCode =
  | 'PLUGIN_INVALID'
  | 'PLUGIN_DUPLICATE_ID'
  | 'PLUGIN_MISSING_REQUIREMENT'
  | 'PLUGIN_UNKNOWN_SLOT'
  | 'PLUGIN_DEPENDENCY_CYCLE'
  | 'PLUGIN_SETUP_FAILED'
  | 'PLUGIN_DISABLED_BY_DEPENDENCY'
  | 'EVENT_HANDLER_FAILED'
  | 'ANALYTICS_HANDLER_FAILED'
  | 'SLOT_RENDER_FAILED'
  | 'SLOT_LOAD_FAILED'
  /** A header link entry names a custom component nobody registered, or passes it wrong options. */
  | 'LINK_COMPONENT_INVALID'

/** A fault the kernel caught; the header kept running without the failing part. */
export interface KernelFault {
  code: FaultCode
  pluginId: string
  message: string
  error?: unknown
}
