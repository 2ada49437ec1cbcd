import type { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/databaseUnavailable'
import { ApiError, errorBody, isApiPath } from './apiError'
import { escapeForLog, requestTarget } from './logText'
import { isOtlpPath, otlpStatus } from './otlpStatus'

export type ErrorLogger = (line: string, error: unknown) => void

const PAGE_ERROR = (cid: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again. Reference: ${cid}</p></main></body></html>`

/**
 * Errors never leave as an HTML stack trace: API paths answer the ApiErrorSchema JSON shape, pages a
 * short HTML page; the details go to the server log with the correlation id.
 */
export function installErrorHandling(app: Hono, logError: ErrorLogger): void {
  app.onError((error, c) => {
    const cid = c.get('correlationId') ?? '-'
    // The database is away (restarting, unreachable, not answering): an outage to retry, not a bug.
    if (error instanceof DatabaseUnavailableError) {
      logError(`[server] ${requestTarget(c)} unavailable cid=${escapeForLog(cid)}`, error)
      c.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      const message = `The database is unavailable; try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds (correlation id ${cid}).`
      if (isOtlpPath(c.req.path)) return c.json(otlpStatus(503, message), 503)
      if (isApiPath(c.req.path)) return c.json(errorBody('ServiceUnavailableError', message), 503)
      return c.text(message, 503)
    }
    // A refusal on purpose answers as it is; anything else is a bug, logged once with its stack.
    const refused = error instanceof ApiError || (error instanceof HTTPException && error.status < 500)
    if (!refused) logError(`[server] ${requestTarget(c)} failed cid=${escapeForLog(cid)}`, error)
    // OTLP senders read a google.rpc.Status, whatever went wrong (never an HTML page).
    if (isOtlpPath(c.req.path)) {
      if (refused) return c.json(otlpStatus(error.status, error.message || 'Bad request.'), error.status)
      return c.json(otlpStatus(500, `Unexpected server error (correlation id ${cid}).`), 500)
    }
    const api = isApiPath(c.req.path)
    if (error instanceof ApiError) return c.json(error.body, error.status)
    if (error instanceof HTTPException && error.status < 500) {
      const message = `${error.message || 'Bad request'} (${c.req.method} ${c.req.path}).`
      return api ? c.json(errorBody('BadRequestError', message), error.status) : c.text(message, error.status)
    }
    if (!api) return c.html(PAGE_ERROR(cid.replace(/[^\w.:-]/g, '')), 500)
    const message = `Unexpected server error (correlation id ${cid}); the server log has the details.`
    return c.json(errorBody('ServerError', message), 500)
  })

  app.notFound((c) => {
    if (isOtlpPath(c.req.path))
      return c.json(
        otlpStatus(404, `No OTLP endpoint ${c.req.method} ${c.req.path}: use POST /v1/traces or /v1/logs.`),
        404,
      )
    if (isApiPath(c.req.path)) {
      const message = `No endpoint ${c.req.method} ${c.req.path}. The header's calls are listed in header spec §7.`
      return c.json(errorBody('NotFoundError', message), 404)
    }
    return c.text(`Not found: ${c.req.method} ${c.req.path}.`, 404)
  })
}
