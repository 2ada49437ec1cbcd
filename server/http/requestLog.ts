import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { CORRELATION_HEADER } from '../../site/correlationId'
import { escapeForLog, requestTarget } from './logText'
import { cookieCorrelationId } from './requestCorrelation'
import { setResponseHeader } from './responseHeaders'

/** A caller's id is echoed only when it looks like an id, so logs and headers stay clean. */
const SAFE_ID = /^[\w.:-]{1,128}$/

export type RequestLogger = (line: string) => void

declare module 'hono' {
  interface ContextVariableMap {
    correlationId: string
  }
}

/**
 * Correlation id and access log: the request's `x-correlation-id`, else its CORRELATION_ID cookie
 * (preloaded calls and page loads send no header), else a new one, is echoed on the response and
 * written in one line per request, `GET /path 200 3ms cid=…`, so a browser error can be matched with
 * the server's side of it. What the request chose is escaped (http/logText.ts): one request is
 * always one line. A handler may name the request's id (a host page that has just set the
 * cookie does), and that id is the one echoed and logged.
 */
export function requestLog(log: RequestLogger | undefined): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header(CORRELATION_HEADER)
    c.set('correlationId', given && SAFE_ID.test(given) ? given : (cookieCorrelationId(c) ?? randomUUID()))
    await next()
    const correlationId = c.get('correlationId')
    setResponseHeader(c, CORRELATION_HEADER, correlationId)
    if (log) {
      const ms = Math.round(performance.now() - started)
      log(`${requestTarget(c)} ${c.res.status} ${ms}ms cid=${escapeForLog(correlationId)}`)
    }
  }
}
