import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress'
import { setResponseHeader } from './responseHeaders'

/** Whether the caller may take gzip or deflate: compress() then weighs the details (q values). */
const MAY_ACCEPT_ENCODING = /gzip|deflate|\*/i

/**
 * Hono's compress() for the callers that take a compressed answer; for the others (load balancers'
 * probes, other servers, tools), the answer as the route made it, with `Vary: Accept-Encoding`
 * added in place. compress() added the Vary with `c.header()` on every answer, which rebuilt the
 * whole answer from its body stream and lost @hono/node-server's fast path for a string body: a
 * tenth of a store page's time under load (bench/RESULTS.md).
 */
export function compressAnswers(): MiddlewareHandler {
  const compressing = compress()
  return async (c, next) => {
    if (MAY_ACCEPT_ENCODING.test(c.req.header('accept-encoding') ?? '')) return compressing(c, next)
    await next()
    // A cache in front keeps the answer apart from the compressed one, as compress() says.
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(c.res.headers.get('content-type') ?? '')) return
    const vary = c.res.headers.get('vary')
    if (vary !== '*' && !/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? ''))
      setResponseHeader(c, 'vary', 'Accept-Encoding', { append: true })
  }
}
