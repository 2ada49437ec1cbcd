import { ofetch } from 'ofetch'
import * as v from 'valibot'
import { CORRELATION_ATTRIBUTE, CORRELATION_HEADER } from '../../site/correlationId'
import { traceparentOf, withSpan } from '../telemetry/spans'
import { classifyStatus, type HttpError, type HttpResult } from './httpError'
import { DEFAULT_TIMEOUT_MS } from './timeouts'
import { anonymousTokenPort, type TokenPort } from './tokenPort'

/**
 * The OpenTelemetry API's SpanKind.CLIENT (2; the wire's OTLP enum calls it 3) and
 * SpanStatusCode.ERROR, without importing the API for two numbers.
 */
const SPAN_KIND_CLIENT = 2
const SPAN_STATUS_ERROR = 2

export { DEFAULT_TIMEOUT_MS }

export interface HttpRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** Relative to `rest/v2/{brand}/` unless it starts with '/', which means from the site root. */
  path: string
  query?: Record<string, string | number | boolean | undefined>
  /** JSON body, or form-encoded when `form` is set. */
  body?: unknown
  form?: boolean
  headers?: Record<string, string>
  /** Every response is decoded; a wrong-shaped body is a 'decode' error value. */
  schema: v.GenericSchema<unknown, T>
  /** Send the bearer token (waiting for a refresh in progress). */
  bearer?: boolean
  /** Retry once on any failure (header spec §8). */
  retryOnce?: boolean
  /** On 401: drop the access token, refresh through the token port, retry once (header spec §8). */
  refreshOn401?: boolean
  /** Wrap the error payload as `{ status, body }` (header spec §8). */
  wrapError?: boolean
  timeoutMs?: number
  /** Cancels the call (a newer search replaces an older one); the result is an 'aborted' error, never logged. */
  signal?: AbortSignal
}

export interface HttpClientOptions {
  brand: string
  correlationId: () => string
  /** Site root of the API; '' for same origin. */
  origin?: string
  timeoutMs?: number
  /** Cookies forwarded as headers on every call (session and analytics, header spec §7). */
  readCookie?: (name: string) => string | undefined
  /** Told about every failed call (the logging plugin turns these into API_FAILURE records). */
  onFailure?: (error: HttpError) => void
  /**
   * Origins that may receive the W3C `traceparent` header: the store's own API origins. Calls to the
   * page's own origin always may; any other origin only if listed (never a third party).
   */
  traceOrigins?: readonly string[]
  /**
   * Answers already in for a GET of this address (path and query, as the page preloaded it), each
   * handed out once; undefined when there is none. The call then takes that answer instead of asking
   * again, with a span dated to when the page asked.
   */
  takeEarly?: (address: string) => EarlyAnswer | undefined
  /**
   * Headers for every content call (`cms/…`): the visitor's segments for targeted content (header
   * spec §7 "optional segmentCodes header"), fixed for the page so every answer is targeted alike.
   */
  contentHeaders?: Record<string, string>
}

/**
 * The answer to a call the page had already made: a start-up call the host page preloaded, which the
 * header's entry read early to paint the first view (host/firstView). Times are `performance.now()`.
 */
export interface EarlyAnswer {
  /** The response with when it was asked for and when it was in, or the fetch's error (a time-out is a `TimeoutError`). */
  answer: Promise<{ status: number; text: string; startTime: number; endTime: number }>
}

/** What plugins get (`httpRef`): calls only. What they add to every call is declared in their manifest. */
export interface HttpClient {
  request<T>(req: HttpRequest<T>): Promise<HttpResult<T>>
}

/**
 * The kernel's own handle: installs what plugin manifests declare (`http.tokenPort`,
 * `http.restHeaders`); each install returns its removal, so a stopped plugin leaves nothing behind.
 */
export interface KernelHttpClient extends HttpClient {
  /** Authenticates bearer calls through `port` until the returned function removes it. */
  installTokenPort(port: TokenPort): () => void
  /** Adds headers to every rest/v2 call (agent sessions add customerId and csAgentId). */
  addHeaderProvider(provider: () => Record<string, string>): () => void
}

/** Cookie → header forwarded on every call (header spec §7 "session and analytics cookies as headers"). */
export const FORWARDED_COOKIES: Record<string, string> = { SESSION: 'x-session', utag_main: 'x-utag-main' }

/** The one HTTP client (header spec §7, §8). Never throws: every outcome is an HttpResult. */
export function createHttpClient(opts: HttpClientOptions): KernelHttpClient {
  let tokens: TokenPort = anonymousTokenPort
  const headerProviders = new Set<() => Record<string, string>>()

  /** `sent.token` records the access token the call carried, so a late 401 can be told from a fresh one. */
  async function once<T>(req: HttpRequest<T>, sent: { token?: string } = {}): Promise<HttpResult<T>> {
    const method = req.method ?? 'GET'
    const url = urlOf(opts, req.path)
    const correlationId = opts.correlationId()
    const headers = await headersFor(req, correlationId, opts, headerProviders, () => tokens, sent)
    const fail = failWith<T>(method, req.path, correlationId)
    const attributes = {
      'http.request.method': method,
      'url.path': url,
      [CORRELATION_ATTRIBUTE]: correlationId,
    }
    // Read before the span opens, so the span carries the call's true times (it began before this ran).
    const early = await earlyAnswerOf(opts, req, method, url)
    return withSpan(
      `HTTP ${method} ${req.path}`,
      attributes,
      async (span) => {
        const traceparent = traceparentOf(span)
        if (traceparent && mayPropagate(opts.origin ?? '', opts.traceOrigins ?? []))
          headers.traceparent = traceparent
        const sentCall = await send(req, method, url, headers, opts, early)
        if ('error' in sentCall) return unsent(sentCall.error, req, method, span, fail)
        return resultOf(sentCall.response, req, method, span, fail)
      },
      { kind: SPAN_KIND_CLIENT, ...spanTimesOf(early) },
    )
  }

  async function request<T>(req: HttpRequest<T>): Promise<HttpResult<T>> {
    const sent: { token?: string } = {}
    let result = await once(req, sent)
    // A cancelled call was wanted by nobody: no retry, no refresh, nothing to report.
    if (!result.ok && result.error.class === 'aborted') return result
    if (!result.ok && result.error.status === 401 && req.refreshOn401) {
      tokens.dropAccessToken(sent.token)
      try {
        await tokens.refresh(sent.token)
        result = await once(req)
      } catch {
        // Refresh failed: the 401 stands; the auth plugin has already cleared the session.
      }
    } else if (!result.ok && req.retryOnce) {
      result = await once(req)
    }
    if (!result.ok) safeCall(() => opts.onFailure?.(result.error))
    return result
  }

  return {
    request,
    installTokenPort: (port) => {
      tokens = port
      return () => {
        if (tokens === port) tokens = anonymousTokenPort
      }
    },
    addHeaderProvider: (provider) => {
      headerProviders.add(provider)
      return () => headerProviders.delete(provider)
    },
  }
}

/** The call's full address: rest calls under `rest/v2/{brand}/`, '/' paths from the site root. */
function urlOf(opts: HttpClientOptions, path: string): string {
  const isRest = !path.startsWith('/')
  return `${opts.origin ?? ''}${isRest ? `/rest/v2/${opts.brand}/${path}` : path}`
}

/**
 * Every header a call carries: the kernel's own, the forwarded cookies, the plugins' headers on rest
 * calls, the content headers on `cms/` calls, the bearer token (after any refresh in progress), then
 * the call's own, which win.
 */
async function headersFor(
  req: HttpRequest<unknown>,
  correlationId: string,
  opts: HttpClientOptions,
  headerProviders: ReadonlySet<() => Record<string, string>>,
  tokens: () => TokenPort,
  sent: { token?: string },
): Promise<Record<string, string>> {
  const isRest = !req.path.startsWith('/')
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': req.form ? 'application/x-www-form-urlencoded' : 'application/json',
    [CORRELATION_HEADER]: correlationId,
    'x-brand-agent': `one-header/${opts.brand}`,
  }
  for (const [cookie, header] of Object.entries(FORWARDED_COOKIES)) {
    const value = opts.readCookie?.(cookie)
    if (value) headers[header] = value
  }
  if (isRest) for (const provider of headerProviders) Object.assign(headers, provider())
  if (isRest && req.path.startsWith('cms/')) Object.assign(headers, opts.contentHeaders)
  if (req.bearer) {
    await tokens().whenIdle()
    const token = tokens().accessToken()
    sent.token = token
    if (token) headers.authorization = `Bearer ${token}`
  }
  Object.assign(headers, req.headers)
  return headers
}

type Fail<T> = (error: Omit<HttpError, 'method' | 'path' | 'correlationId'>) => HttpResult<T>

/** Makes a call's failed result, naming the call. */
function failWith<T>(method: string, path: string, correlationId: string): Fail<T> {
  return (error) => ({ ok: false, error: { ...error, method, path, correlationId } })
}

type Early = { answer: Awaited<EarlyAnswer['answer']> } | { error: unknown; startTime: number }

/** The answer the page already asked for, for a GET without a token: its response, or its error. */
async function earlyAnswerOf(
  opts: HttpClientOptions,
  req: HttpRequest<unknown>,
  method: string,
  url: string,
): Promise<Early | undefined> {
  const claimed = method === 'GET' && !req.bearer ? opts.takeEarly?.(addressOf(url, req.query)) : undefined
  return claimed
    ? await claimed.answer.then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error, startTime: performance.now() }),
      )
    : undefined
}

/** The span's times for an answer the page asked for earlier: when it asked, and when it was in. */
function spanTimesOf(early: Early | undefined): { startTime?: number; endTime?: () => number } {
  return early && 'answer' in early
    ? { startTime: early.answer.startTime, endTime: () => early.answer.endTime }
    : early
      ? { startTime: early.startTime }
      : {}
}

type RawResponse = { status: number; ok: boolean; _data?: string }

/** Sends the call (or takes the early answer): its response, or what was thrown on the way. */
async function send(
  req: HttpRequest<unknown>,
  method: NonNullable<HttpRequest<unknown>['method']>,
  url: string,
  headers: Record<string, string>,
  opts: HttpClientOptions,
  early: Early | undefined,
): Promise<{ response: RawResponse } | { error: unknown }> {
  try {
    if (early && 'error' in early) throw early.error
    return {
      response: early
        ? {
            status: early.answer.status,
            ok: early.answer.status >= 200 && early.answer.status < 300,
            _data: early.answer.text,
          }
        : await ofetch.raw<string, 'text'>(url, {
            method,
            headers,
            query: req.query,
            body: encodeBody(req),
            timeout: req.timeoutMs ?? opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            retry: 0,
            responseType: 'text',
            ignoreResponseError: true,
            ...(req.signal ? { signal: req.signal } : {}),
          }),
    }
  } catch (error) {
    return { error }
  }
}

type CallSpan = Parameters<Parameters<typeof withSpan>[2]>[0]

/** A call that got no answer: cancelled, timed out, or the server out of reach. */
function unsent<T>(
  error: unknown,
  req: HttpRequest<T>,
  method: string,
  span: CallSpan,
  fail: Fail<T>,
): HttpResult<T> {
  if (req.signal?.aborted) {
    span.setAttribute('error.type', 'aborted')
    return fail({
      class: 'aborted',
      payload: undefined,
      message: `${method} ${req.path} was cancelled`,
    })
  }
  const timedOut = isTimeout(error)
  span.setAttribute('error.type', timedOut ? 'timeout' : 'network')
  return fail({
    class: timedOut ? 'timeout' : 'network',
    payload: undefined,
    message: `${method} ${req.path} ${timedOut ? 'timed out' : 'could not reach the server'}: ${String(error)}`,
  })
}

/** An answered call: its status on the span, then the error it answered or its body decoded. */
function resultOf<T>(
  response: RawResponse,
  req: HttpRequest<T>,
  method: string,
  span: CallSpan,
  fail: Fail<T>,
): HttpResult<T> {
  span.setAttribute('http.response.status_code', response.status)
  const text = response._data ?? ''
  // OpenTelemetry's HTTP semantic conventions: a client call answered 4xx or 5xx is an error.
  if (response.status >= 400) span.setStatus({ code: SPAN_STATUS_ERROR, message: `HTTP ${response.status}` })
  if (!response.ok) {
    const cls = classifyStatus(response.status)
    span.setAttribute('error.type', cls)
    const body = response.status === 400 ? parseJson(text) : text
    return fail({
      class: cls,
      status: response.status,
      payload: req.wrapError ? { status: response.status, body } : body,
      message: `${method} ${req.path} answered ${response.status}`,
    })
  }
  const decoded = v.safeParse(req.schema, text === '' ? undefined : parseJson(text))
  if (!decoded.success) {
    span.setAttribute('error.type', 'decode')
    const issue = decoded.issues[0]
    const where = issue?.path?.map((p) => String(p.key)).join('.') || '(root)'
    return fail({
      class: 'decode',
      status: response.status,
      payload: text.slice(0, 500),
      message: `${method} ${req.path} sent a body of the wrong shape at ${where}: ${issue?.message}`,
    })
  }
  return { ok: true, data: decoded.output, status: response.status }
}

/**
 * A GET's address as the page writes it in its preload links: the path, then the query in the
 * order given, undefined values left out, commas kept (server/pages/preloadHints.ts).
 */
export function addressOf(url: string, query: HttpRequest<unknown>['query'] = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined
      ? []
      : [`${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replaceAll('%2C', ',')}`],
  )
  return pairs.length ? `${url}?${pairs.join('&')}` : url
}

/** Same-origin calls ('' origin) always carry the trace; other origins only when listed as the store's own. */
export function mayPropagate(origin: string, traceOrigins: readonly string[]): boolean {
  return origin === '' || traceOrigins.includes(origin)
}

function encodeBody(req: HttpRequest<unknown>): BodyInit | Record<string, unknown> | undefined {
  if (req.body === undefined) return undefined
  if (req.form) {
    return new URLSearchParams(
      Object.entries(req.body as Record<string, unknown>).map(([k, val]) => [k, String(val)]),
    ).toString()
  }
  return JSON.stringify(req.body)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function isTimeout(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string } }
  return (
    e?.name === 'TimeoutError' || e?.cause?.name === 'TimeoutError' || /timeout|aborted/i.test(String(error))
  )
}

function safeCall(fn: () => void) {
  try {
    fn()
  } catch {
    // Reporting a failure must never turn into a second failure.
  }
}
