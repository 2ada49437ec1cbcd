import type { LogInput } from '../../contracts/logRecord'
import type { KernelFault } from '../../kernel/bus/events'
import type { HttpError } from '../../kernel/http/httpError'

/**
 * Which type, category and event each kind of fault is logged as (nav spec §3, §8). One place, so
 * dashboards and alerts can rely on the values.
 */

/** A failed API call: 4xx and 5xx by class; anything else (timeout, network, wrong shape) is an ERROR. */
export function apiFailureInput(error: HttpError): LogInput {
  const base = {
    message: error.message,
    requestUrl: error.path,
    otherData: { method: error.method, status: error.status ?? null, errorClass: error.class },
  }
  if (error.class === '4xx')
    return { ...base, logType: 'API_FAILURE_CODE4XX', logCategory: 'MEDIUM', eventType: 'API' }
  if (error.class === '5xx')
    return { ...base, logType: 'API_FAILURE_CODE5XX', logCategory: 'HIGH', eventType: 'API' }
  return { ...base, logType: 'ERROR', logCategory: 'HIGH', eventType: 'API' }
}

/** `console.error(...)` anywhere on the page: ERROR / MEDIUM / GENERIC (nav spec §8). */
export function consoleErrorInput(args: readonly unknown[]): LogInput {
  const error = args.find((a) => a instanceof Error)
  const message = args
    .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : safeJson(a)))
    .join(' ')
  return { logType: 'ERROR', logCategory: 'MEDIUM', eventType: 'GENERIC', message, error }
}

/** An uncaught error or an unhandled promise rejection: ERROR / UNCAUGHT (nav spec §8). */
export function uncaughtInput(error: unknown, origin: 'error' | 'unhandledrejection'): LogInput {
  return {
    logType: 'ERROR',
    logCategory: 'HIGH',
    eventType: 'UNCAUGHT',
    message: error instanceof Error ? error.message : String(error),
    error,
    otherData: { origin },
  }
}

/** A fault the kernel caught: the failing plugin's id travels with the record. */
export function kernelFaultInput(fault: KernelFault): LogInput {
  return {
    logType: 'ERROR',
    logCategory:
      fault.code === 'PLUGIN_SETUP_FAILED' || fault.code === 'SLOT_RENDER_FAILED' ? 'HIGH' : 'MEDIUM',
    eventType: fault.code,
    message: fault.message,
    error: fault.error,
    additionalInfo: { pluginId: fault.pluginId, faultCode: fault.code },
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
