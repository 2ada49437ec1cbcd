import { Hono } from 'hono'
import type { PrepareFirstView } from '../contracts/firstView'
import { registerAuthRoutes } from './auth/authRoutes'
import type { AuthServices } from './auth/authTypes'
import { createAuthServices } from './auth/createAuthServices'
import { createStoredFailureLimiter, SIGN_IN_THROTTLE } from './auth/failureLimiter'
import { createCmsReader } from './cms/cmsReader'
import { watchContentChanges } from './cms/contentChanges'
import { createTtlCache } from './cms/ttlCache'
import { registerConsoleRoutes } from './console/consoleRoutes'
import type { Database } from './db/database'
import { errorBody } from './http/apiError'
import { compressAnswers } from './http/compressAnswers'
import { type ErrorLogger, installErrorHandling } from './http/errorHandling'
import { limitBody } from './http/limitBody'
import { MAX_BODY_BYTES } from './http/readBody'
import { type RequestLogger, requestLog } from './http/requestLog'
import { setResponseHeader } from './http/responseHeaders'
import { refuseUnstorableText } from './http/storableText'
import { storeCors } from './http/storeCors'
import { testFault } from './http/testFault'
import { DEFAULT_TRUSTED_HOSTS, type TrustedHosts, trustHosts } from './http/trustedOrigin'
import { registerIdpRoutes } from './idp/idpRoutes'
import { honourChosenLanguage } from './pages/chosenLanguage'
import { registerHostPages } from './pages/hostPageRoutes'
import { DEFAULT_DIST_DIR } from './paths'
import { registerAccountRoutes } from './rest/accountRoutes'
import { registerAlertRoutes } from './rest/alertRoutes'
import { registerCmsRoutes } from './rest/cmsRoutes'
import { registerConsentRoutes } from './rest/consentRoutes'
import { registerGeocodeRoutes } from './rest/geocodeRoutes'
import { registerLoyaltyRoutes } from './rest/loyaltyRoutes'
import { registerNewsletterRoutes } from './rest/newsletterRoutes'
import { registerSearchRoutes } from './rest/searchRoutes'
import { serveAssets } from './static/assets'
import { registerMedias } from './static/medias'
import { registerNavArtwork } from './static/navArtworkRoute'
import { registerProductImages } from './static/productImages'
import { productLookup } from './static/productLookup'
import { serveRootFiles } from './static/rootFiles'
import { registerTagManagerStandIn } from './static/tagManagerStandIn'
import type { BrowserLimits } from './telemetry/browserTelemetry'
import { createPageTraces } from './telemetry/pageTraces'
import { serverSpans } from './telemetry/serverSpans'
import { createSpanWriter, type SpanWriter } from './telemetry/spanWriter'
import { registerTelemetryRoutes } from './telemetry/telemetryRoutes'

export interface AppOptions {
  /** Migrated and seeded database (see createServer). */
  store: Database
  /** Vite output with `.vite/manifest.json` and `assets/`; default `<repo>/dist`. May not exist. */
  distDir?: string
  /** One line per request; `false` for none. Default: stdout. */
  log?: RequestLogger | false
  /** Unexpected errors with their stack. Default: stderr. */
  logError?: ErrorLogger
  /** Notes for the operator (a page served for an untrusted host name, once per name). Default: stderr. */
  warn?: (line: string) => void
  /**
   * Hosts the server is published under besides loopback names (`localhost`, `*.localhost`), and the
   * origin for any other Host header (http/trustedOrigin.ts). Default: none, http://localhost:4200.
   */
  trustedHosts?: TrustedHosts
  /** authDomain hidden input; default the requested host (the local identity provider). */
  authDomain?: string
  /** Where the header sends OTLP (`otlpEndpoint` hidden input); '' = this server. */
  otlpEndpoint?: string
  /**
   * The bearer token that reading telemetry sessions needs (telemetry/readToken.ts:
   * ensureTelemetryReadToken). Without one, nothing can read them; sending OTLP stays open.
   */
  telemetryReadToken?: string
  /**
   * The bearer token collectors and SDKs on the server side write telemetry with
   * (telemetry/browserTelemetry.ts). Without one, only the store's own pages can write it.
   */
  telemetryIngestToken?: string
  /** Each browser client's telemetry budget per minute (default DEFAULT_BROWSER_LIMITS). */
  browserTelemetryLimits?: BrowserLimits
  /** The x-test-fault / __fault switch (http/testFault.ts). Default on. */
  testFaults?: boolean
  /** Accounts and tokens; default: over `store` (auth/createAuthServices.ts). */
  auth?: AuthServices
  /**
   * The header's first-view renderer (contracts/firstView.ts), whose HTML host pages carry: the built
   * file (`npm start`: paths.ts DEFAULT_FIRST_VIEW_RENDERER) or its `prepareFirstView` itself.
   * Default: none, and the header paints its first view in the browser.
   */
  firstViewRenderer?: string | PrepareFirstView
  /**
   * How often the content cache asks the database whether the content changed
   * (cms/contentChanges.ts); default CONTENT_CHECK_MS. 0: before every cached read (tests).
   */
  contentCheckMs?: number
  /**
   * Where the server's own spans go, in batches (telemetry/spanWriter.ts); createServer passes one it
   * flushes before the database closes. Default: one over `store`.
   */
  spanWriter?: SpanWriter
  /**
   * The clock scheduled plugin switches are checked and served by (console/scheduledSwitches.ts);
   * default Date.now. The browser tests' server moves it forward (http/testClock.ts).
   */
  clock?: () => number
  /** More routes (auth, telemetry, test hooks), registered before the catch-all host pages. */
  extend?: (app: Hono) => void
}

/**
 * The reference server as a Hono app, without a socket: tests call `app.request(...)`.
 * Order matters: API routes, then static files, then host pages for every other GET.
 */
export function createApp(opts: AppOptions): Hono {
  const distDir = opts.distDir ?? DEFAULT_DIST_DIR
  const app = new Hono()
  const logError: ErrorLogger = opts.logError ?? ((line, error) => console.error(line, error))
  installErrorHandling(app, logError)
  app.use(trustHosts(opts.trustedHosts ?? DEFAULT_TRUSTED_HOSTS))
  // A header on another of the store's origins may call the API (its page's baseUrl input).
  app.use('/rest/*', storeCors())
  app.use('/api/*', storeCors())

  app.use(requestLog(opts.log === false ? undefined : (opts.log ?? ((line) => console.log(line)))))
  app.use(async (c, next) => {
    await next()
    setResponseHeader(c, 'x-content-type-options', 'nosniff')
  })
  app.use(compressAnswers())
  // Text the database cannot hold (NUL, lone surrogates) is refused once, here, with a 400.
  app.use(refuseUnstorableText())
  // Server spans wrap the fault switch too, so an injected failure shows in the shopper's trace.
  const spanWriter = opts.spanWriter ?? createSpanWriter(opts.store, logError)
  const storeSpan = spanWriter.record
  // One page load is one trace: the host page's span, which its preloaded calls join (telemetry/pageTraces.ts).
  const pageTraces = createPageTraces(storeSpan)
  const spans = serverSpans(storeSpan, { parentFor: pageTraces.parentFor })
  app.use('/rest/*', spans)
  app.use('/api/*', spans)
  if (opts.testFaults !== false) {
    app.use('/rest/*', testFault())
    app.use('/api/*', testFault())
  }

  // Every body a store or identity-provider route reads is a few short fields: a bigger one is refused
  // (413, after draining it) before any route reads it into memory. Routes that allow more (OTLP)
  // are outside these paths and keep their own limit.
  app.use(
    '/rest/*',
    limitBody({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        c.json(errorBody('PayloadTooLargeError', `The body is over ${MAX_BODY_BYTES} bytes.`), 413),
    }),
  )
  const oauthTooLarge = limitBody({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      c.json(
        { error: 'invalid_request', error_description: `The request body is over ${MAX_BODY_BYTES} bytes.` },
        413,
      ),
  })
  app.use('/authorize/*', oauthTooLarge)
  app.use('/oauth/*', oauthTooLarge)

  // One content cache for the header's calls, the host pages that preload them and the search
  // suggestions, dropped whenever the content changes on any instance (cms/contentChanges.ts).
  const content = createTtlCache({
    generation: watchContentChanges(opts.store, { checkEveryMs: opts.contentCheckMs }),
  })
  const cms = createCmsReader(opts.store, content)
  const clock = opts.clock ?? (() => Date.now())
  registerCmsRoutes(app, opts.store, cms, clock)
  registerSearchRoutes(app, opts.store, content)
  registerAlertRoutes(app, opts.store)
  registerGeocodeRoutes(app)
  registerNewsletterRoutes(app, opts.store)
  registerConsentRoutes(app, opts.store)
  const auth = opts.auth ?? createAuthServices(opts.store)
  // x-test-token-ttl (short token lifetimes) rides on the same switch as the test faults.
  const testHooks = opts.testFaults !== false
  // One password throttle for every page a password is typed on, and every server on the database.
  const signInThrottle = createStoredFailureLimiter(opts.store, SIGN_IN_THROTTLE)
  registerAuthRoutes(app, auth, { store: opts.store, testHooks, signInThrottle })
  registerAccountRoutes(app, opts.store, auth, { testHooks })
  registerLoyaltyRoutes(app, opts.store, auth)
  registerIdpRoutes(app, auth, { signInThrottle })
  registerTelemetryRoutes(app, opts.store, logError, {
    readToken: opts.telemetryReadToken,
    ingestToken: opts.telemetryIngestToken,
    serverSpansWritten: () => spanWriter.flush(),
    ...(opts.browserTelemetryLimits ? { browserLimits: opts.browserTelemetryLimits } : {}),
  })
  // The operators' console: its own accounts, cookie and CSRF token; the store's sign-in throttle.
  registerConsoleRoutes(app, { store: opts.store, cms, signInThrottle, now: clock })
  opts.extend?.(app)
  // Anything else under /rest or /api is a JSON 404, never a host page.
  app.all('/rest/*', (c) => c.notFound())
  app.all('/api/*', (c) => c.notFound())

  app.get('/assets/*', serveAssets(distDir))
  registerMedias(app, opts.store)
  registerNavArtwork(app)
  registerProductImages(app, productLookup(opts.store))
  registerTagManagerStandIn(app)
  app.use(serveRootFiles(distDir))
  app.use(honourChosenLanguage())
  registerHostPages(app, {
    db: opts.store,
    cms,
    distDir,
    auth,
    logError,
    pageTraces,
    now: clock,
    ...(opts.warn ? { warn: opts.warn } : {}),
    ...(opts.firstViewRenderer ? { firstViewRenderer: opts.firstViewRenderer } : {}),
    ...(opts.authDomain ? { authDomain: opts.authDomain } : {}),
    ...(opts.otlpEndpoint ? { otlpEndpoint: opts.otlpEndpoint } : {}),
  })
  return app
}
