import type { Hono } from 'hono'
import type { FailureLimiter } from '../auth/failureLimiter'
import type { CmsReader } from '../cms/cmsReader'
import type { Database } from '../db/database'
import { limitBody } from '../http/limitBody'
import { registerBrandRoutes } from './brandRoutes'
import { registerHealthRoutes } from './healthRoutes'
import { registerOperatorRoutes } from './operatorRoutes'
import { refusal } from './pages/refusalPage'
import { registerPreviewRoutes } from './pluginPreview'
import { registerSignInRoutes } from './signInRoutes'
import { registerTraceRoutes } from './traceRoutes'

/**
 * Largest form the console takes: a brand's whole site configuration (38 short entries, about 2 kB,
 * today) with room for long values; anything bigger is no form of the console's.
 */
export const CONSOLE_MAX_BODY_BYTES = 64 * 1024

/** The operators' console (docs/console.md): sign-in, plugins per brand, page loads. */
export function registerConsoleRoutes(
  app: Hono,
  opts: {
    store: Database
    cms: CmsReader
    signInThrottle: FailureLimiter
    /** The clock a schedule's time is checked by (app.ts `clock`). */
    now?: () => number
  },
): void {
  // Console pages are never framed, cached or sent with a referrer to the store.
  app.use('/console/*', async (c, next) => {
    await next()
    c.header('x-frame-options', 'DENY')
    c.header('referrer-policy', 'same-origin')
    c.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
  })
  // Its forms are refused over the limit (413, after draining) before any route reads them, sent
  // with a length or in chunks, as every body the store's routes read.
  app.use(
    '/console/*',
    limitBody({
      maxSize: CONSOLE_MAX_BODY_BYTES,
      onError: (c) =>
        refusal(
          c,
          413,
          'Form too large',
          `The console takes forms of at most ${CONSOLE_MAX_BODY_BYTES} bytes.`,
        ),
    }),
  )
  registerSignInRoutes(app, opts.store, opts.signInThrottle)
  registerBrandRoutes(app, opts.store, opts.cms, opts.now)
  registerOperatorRoutes(app, opts.store, opts.signInThrottle)
  registerTraceRoutes(app, opts.store)
  registerHealthRoutes(app, opts.store)
  registerPreviewRoutes(app)
  // Any other console address is a clear page, not the store's host page.
  app.all('/console/*', (c) => refusal(c, 404, 'No such page', `The console has no page ${c.req.path}.`))
}
