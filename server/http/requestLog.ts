import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'

export const CORRELATION_HEADER = 'x-correlation-id'

/** A caller's id is echoed only when it looks like an id, so logs and headers stay clean. */
const SAFE_ID = /^[\w.:-]{1,128}$/

export type RequestLogger = (line: string) => void

declare module 'hono' {
  interface ContextVariableMap {
    correlationId: string
  }
}

/**
 * Correlation id and access log: the request's `x-correlation-id` (or a new one) is echoed on the
 * response and written in one line per request, `GET /path 200 3ms cid=…`, so a browser error can be
 * matched with the server's side of it.
 */
export function requestLog(log: RequestLogger | undefined): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header(CORRELATION_HEADER)
    const correlationId = given && SAFE_ID.test(given) ? given : randomUUID()
    c.set('correlationId', correlationId)
    await next()
    c.header(CORRELATION_HEADER, correlationId)
    if (log) {
      const ms = Math.round(performance.now() - started)
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms cid=${correlationId}`)
    }
  }
}
