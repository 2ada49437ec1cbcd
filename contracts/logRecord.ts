/**
 * The log record of nav spec §3, field for field, and the rules that fill it. Pure: everything it
 * reads from the page arrives as `LogEnvironment`, so tests cover every field without a browser.
 */
export type LogType = 'INFO' | 'ERROR' | 'DEBUG' | 'API_FAILURE_CODE4XX' | 'API_FAILURE_CODE5XX'
export type LogCategory = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL'

export interface LogRecord {
  cartGuid: string
  customerId: string
  userEmail: { email: string }
  visitorId: string
  sessionId: string
  brand: string
  lang: string
  timestamp: string
  logType: LogType
  logCategory: LogCategory
  eventType: string
  userContext: { userType: string; location: string; deviceType: string }
  requestUrl: string
  additionalInfoObject: Record<string, unknown>
  correlationId: string
  details: { message: string; stackTrace: string; otherData: Record<string, unknown> }
  referrer: string
  currentPageUrl: string
}

/** What the page tells about the shopper and the visit (cookies, storage, location). */
export interface LogEnvironment {
  brand: string
  lang: string
  correlationId: string
  cookies: (name: string) => string | undefined
  sessionCartGuid?: string
  currentPageUrl: string
  referrer: string
  /** 'mobile', 'tablet' or 'desktop'. */
  deviceType: string
  /** Where the shopper is in the store (page type or path). */
  location: string
  now: () => Date
}

export interface LogInput {
  logType: LogType
  logCategory: LogCategory
  eventType: string
  message: string
  error?: unknown
  requestUrl?: string
  otherData?: Record<string, unknown>
  additionalInfo?: Record<string, unknown>
  /**
   * When it happened (epoch ms), for a record written down later than that: one kept by the kernel
   * until the logging plugin's code arrived. The record's `timestamp` is now otherwise.
   */
  at?: number
}

/** The spec's spelling of the anonymous prefix (nav spec §6), kept as is: dashboards filter on it. */
export const ANONYMOUS_PREFIX = 'annonymous'

/** The visitor id in `utag_main`: the text after `v_id:` up to the next `$` (nav spec §3). */
export function visitorIdFrom(utagMain: string | undefined): string {
  if (!utagMain) return ''
  const start = utagMain.indexOf('v_id:')
  if (start < 0) return ''
  const rest = utagMain.slice(start + 5)
  const end = rest.indexOf('$')
  return end < 0 ? rest : rest.slice(0, end)
}

const errorParts = (error: unknown): { message?: string; stack: string } =>
  error instanceof Error
    ? { message: error.message, stack: error.stack ?? '' }
    : { message: error === undefined ? undefined : String(error), stack: '' }

/** Builds one record. A logged-in shopper has a CustomerID cookie; anyone else is anonymous. */
export function buildLogRecord(input: LogInput, env: LogEnvironment): LogRecord {
  const customerId = env.cookies('CustomerID') ?? ''
  const loggedIn = customerId !== '' && env.cookies('isAuthenticated') !== 'false'
  const sessionId = env.cookies('SESSION') ?? ''
  const visitorId = visitorIdFrom(env.cookies('utag_main'))
  const { message, stack } = errorParts(input.error)
  return {
    cartGuid: env.sessionCartGuid ?? env.cookies('card_guid') ?? '',
    // Anonymous shoppers are told apart by the analytics visitor id, never by the session cookie.
    customerId: loggedIn ? customerId : `${ANONYMOUS_PREFIX}${visitorId ? `-${visitorId}` : ''}`,
    userEmail: { email: loggedIn ? (env.cookies('rememberMeUserId') ?? '') : '' },
    visitorId,
    sessionId,
    brand: env.brand,
    lang: env.lang,
    timestamp: (input.at === undefined ? env.now() : new Date(input.at)).toISOString(),
    logType: input.logType,
    logCategory: input.logCategory,
    eventType: input.eventType,
    userContext: {
      userType: env.cookies('priceGroup') ?? (loggedIn ? 'registered' : ANONYMOUS_PREFIX),
      location: env.location,
      deviceType: env.deviceType,
    },
    requestUrl: input.requestUrl ?? '',
    additionalInfoObject: input.additionalInfo ?? {},
    correlationId: env.correlationId,
    details: {
      message: input.message || message || '',
      stackTrace: stack,
      otherData: input.otherData ?? {},
    },
    referrer: env.referrer,
    currentPageUrl: env.currentPageUrl,
  }
}

/** A record (or any object) as flat attributes for agents and OTLP: `userContext.deviceType`, `details.message`… */
export function flattenRecord(
  value: Record<string, unknown>,
  prefix = '',
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {}
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (v && typeof v === 'object' && !Array.isArray(v))
      Object.assign(out, flattenRecord(v as Record<string, unknown>, name))
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[name] = v
    else if (v !== undefined && v !== null) out[name] = JSON.stringify(v)
  }
  return out
}
