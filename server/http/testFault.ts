import { setTimeout as delay } from 'node:timers/promises'
import type { MiddlewareHandler } from 'hono'
import { errorBody } from './apiError'

export const FAULT_HEADER = 'x-test-fault'
export const FAULT_QUERY = '__fault'
/** Milliseconds to hold the request before answering it for real (slow-network and drain tests). */
export const DELAY_HEADER = 'x-test-delay'
export const MAX_TEST_DELAY_MS = 10_000

/**
 * Test-only fault switch for browser tests of the header's error paths: a /rest or /api request
 * with the header `x-test-fault: 500` or the query `?__fault=500` gets that status (any 400-599)
 * as a JSON error instead of the real answer; `x-test-delay: 1500` holds it that many milliseconds
 * (at most MAX_TEST_DELAY_MS) first. Off when the app is created with `testFaults: false`.
 */
export function testFault(): MiddlewareHandler {
  return async (c, next) => {
    const hold = Number(c.req.header(DELAY_HEADER))
    if (Number.isInteger(hold) && hold > 0) await delay(Math.min(hold, MAX_TEST_DELAY_MS))
    const asked = c.req.header(FAULT_HEADER) ?? c.req.query(FAULT_QUERY)
    if (!asked) return next()
    const status = Number(asked)
    if (!Number.isInteger(status) || status < 400 || status > 599) return next()
    const message = `Fault injected by the ${FAULT_HEADER} header or ${FAULT_QUERY} query (a test switch); remove it to get the real answer.`
    return c.json(errorBody(status >= 500 ? 'ServerError' : 'TestFault', message), status as 500)
  }
}
