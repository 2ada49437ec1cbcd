// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LogRecord } from '../../contracts/logRecord'
import { flattenRecord } from '../../contracts/logRecord'
import { agentSink } from './agentSink'
import { captureErrors } from './captureErrors'
import { apiFailureInput, consoleErrorInput, kernelFaultInput, uncaughtInput } from './classify'
import { createLogger } from './createLogger'
import { createMonitoringAgent, type MonitoringAgentApi } from './monitoringAgent'

const env = () => ({
  brand: 'usb2c',
  lang: 'en',
  correlationId: 'cid',
  cookies: () => undefined,
  currentPageUrl: 'http://x/',
  referrer: '',
  deviceType: 'desktop',
  location: '/',
  now: () => new Date(0),
})
const httpError = (cls: 'timeout' | '4xx' | '5xx', status?: number) => ({
  class: cls,
  status,
  payload: '',
  message: `GET cms/pages ${cls}`,
  method: 'GET',
  path: 'cms/pages',
  correlationId: 'cid',
})

describe('levels (nav spec §8)', () => {
  it('maps API failures to API_FAILURE_CODE4XX / 5XX, others to ERROR', () => {
    expect(apiFailureInput(httpError('4xx', 404))).toMatchObject({
      logType: 'API_FAILURE_CODE4XX',
      requestUrl: 'cms/pages',
    })
    expect(apiFailureInput(httpError('5xx', 503))).toMatchObject({
      logType: 'API_FAILURE_CODE5XX',
      logCategory: 'HIGH',
    })
    expect(apiFailureInput(httpError('timeout'))).toMatchObject({ logType: 'ERROR', eventType: 'API' })
  })
  it('console errors are ERROR / MEDIUM / GENERIC; uncaught are ERROR / UNCAUGHT', () => {
    expect(consoleErrorInput(['bad', { a: 1 }])).toMatchObject({
      logType: 'ERROR',
      logCategory: 'MEDIUM',
      eventType: 'GENERIC',
      message: 'bad {"a":1}',
    })
    expect(uncaughtInput(new Error('x'), 'error')).toMatchObject({ logType: 'ERROR', eventType: 'UNCAUGHT' })
  })
  it('kernel faults carry the plugin id', () => {
    expect(
      kernelFaultInput({
        code: 'PLUGIN_SETUP_FAILED',
        pluginId: 'search',
        message: "Plugin 'search' failed",
      }),
    ).toMatchObject({ eventType: 'PLUGIN_SETUP_FAILED', additionalInfo: { pluginId: 'search' } })
  })
})

describe('logger', () => {
  it('hands records to every sink and swallows failures, printing them once', () => {
    const printed: unknown[][] = []
    const logger = createLogger(env, (...a) => printed.push(a))
    const got: LogRecord[] = []
    logger.addSink(() => {
      throw new Error('sink down')
    })
    logger.addSink((r) => got.push(r))
    expect(() =>
      logger.log({ logType: 'INFO', logCategory: 'LOW', eventType: 'T', message: 'hello' }),
    ).not.toThrow()
    expect(got.map((r) => r.details.message)).toEqual(['hello'])
    expect(printed).toHaveLength(1)
    const broken = createLogger(
      () => {
        throw new Error('no env')
      },
      (...a) => printed.push(a),
    )
    expect(() =>
      broken.log({ logType: 'INFO', logCategory: 'LOW', eventType: 'T', message: 'x' }),
    ).not.toThrow()
    expect(printed).toHaveLength(2)
  })
})

describe('error capture', () => {
  let uninstall = () => {}
  afterEach(() => uninstall())

  it('logs console errors (and still prints them), skipping the header’s own lines', () => {
    const logged: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const capture = captureErrors(window, (i) =>
      logged.push(`${i.logType}/${i.logCategory}/${i.eventType}: ${i.message}`),
    )
    uninstall = () => {
      capture.uninstall()
      spy.mockRestore()
    }
    console.error('widget broke')
    console.error('[one-header] PLUGIN_SETUP_FAILED plugin=x')
    expect(logged).toEqual(['ERROR/MEDIUM/GENERIC: widget broke'])
    expect(spy).toHaveBeenCalledTimes(2)
  })

  it('logs unhandled rejections and prevents their default report', () => {
    const logged: string[] = []
    const capture = captureErrors(window, (i) => logged.push(`${i.eventType}:${i.message}`))
    uninstall = capture.uninstall
    const event = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent
    Object.defineProperty(event, 'reason', { value: new Error('lost promise') })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('thrown'), message: 'thrown' }))
    expect(logged).toEqual(['UNCAUGHT:lost promise', 'UNCAUGHT:thrown'])
  })
})

describe('monitoring agent adapter', () => {
  it('queues calls until the agent exists, then delivers them in order', () => {
    vi.useFakeTimers()
    const calls: string[] = []
    let agent: MonitoringAgentApi | undefined
    const adapter = createMonitoringAgent(() => agent)
    adapter.setUserId('c1')
    adapter.noticeError('e1', { a: 1 })
    expect(adapter.pending()).toBe(2)
    agent = {
      setUserId: (v) => calls.push(`user:${v}`),
      noticeError: (e) => calls.push(`error:${e}`),
      addPageAction: (n) => calls.push(`action:${n}`),
    }
    vi.advanceTimersByTime(100)
    expect(calls).toEqual(['user:c1', 'error:e1'])
    adapter.addPageAction('later')
    expect(calls.at(-1)).toBe('action:later')
    adapter.stop()
    vi.useRealTimers()
  })

  it('agent sink: identifies the shopper once, errors as custom errors with flat attributes', () => {
    const calls: unknown[][] = []
    const fake: MonitoringAgentApi = {
      setUserId: (v) => calls.push(['user', v]),
      noticeError: (e, attrs) => calls.push(['error', String(e), attrs?.['details.message'], attrs?.logType]),
      addPageAction: (n) => calls.push(['action', n]),
    }
    const logger = createLogger(env, () => {})
    logger.addSink(agentSink(fake))
    logger.log(apiFailureInput(httpError('5xx', 500)))
    logger.log({ logType: 'INFO', logCategory: 'LOW', eventType: 'T', message: 'hi' })
    expect(calls).toEqual([
      ['user', 'annonymous'],
      ['error', 'Error: GET cms/pages 5xx', 'GET cms/pages 5xx', 'API_FAILURE_CODE5XX'],
      ['action', 'oneHeaderLog'],
    ])
    expect(flattenRecord({ a: { b: 1, c: [1] } })).toEqual({ 'a.b': 1, 'a.c': '[1]' })
  })
})

describe('what leaves the page', () => {
  it('every sink, a late one too, gets records already scrubbed', () => {
    const logger = createLogger(env, () => {})
    const early: string[] = []
    logger.addSink((r) => early.push(JSON.stringify(r)))
    logger.log({ logType: 'ERROR', logCategory: 'LOW', eventType: 'X', message: 'sent Bearer abc.def.ghi' })
    const late: string[] = []
    logger.addSink((r) => late.push(JSON.stringify(r)))
    expect(early).toHaveLength(1)
    expect(late).toEqual(early)
    expect(early[0]).not.toContain('abc.def.ghi')
  })

  it('the agent never receives the session cookie or secrets', () => {
    const attrs: Record<string, unknown>[] = []
    const fake: MonitoringAgentApi = {
      setUserId: () => {},
      noticeError: (_e, a) => attrs.push(a ?? {}),
      addPageAction: () => {},
    }
    const logger = createLogger(
      () => ({
        ...env(),
        cookies: (n: string) => ({ SESSION: 'SESSION-SECRET-1', utag_main: 'v_id:v1$' })[n],
      }),
      () => {},
    )
    logger.addSink(agentSink(fake))
    logger.log({
      logType: 'ERROR',
      logCategory: 'HIGH',
      eventType: 'X',
      message: 'failed with Bearer abc.def.ghi',
    })
    const text = JSON.stringify(attrs)
    expect(text).not.toContain('SESSION-SECRET-1')
    expect(text).not.toContain('abc.def.ghi')
    expect(attrs[0]?.customerId).toBe('annonymous-v1')
  })
})
