import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HttpError } from '../../contracts/httpError'
import type { LogInput } from '../../contracts/logRecord'
import { createPluginLog } from './pluginLog'

afterEach(() => vi.restoreAllMocks())

describe('a plugin’s log', () => {
  it('writes through the logger: the plugin’s name first, the page’s and the call’s correlation ids', () => {
    const records: LogInput[] = []
    const log = createPluginLog(
      'loyalty',
      { log: (r) => void records.push(r), addSink: () => () => {} },
      'page-1',
    )
    const httpError = {
      correlationId: 'call-9',
      status: 503,
      class: '5xx',
      path: '/x',
    } as unknown as HttpError
    log('OPT_IN_FAILED', 'the opt-in failed', { httpError, logCategory: 'LOW' })
    expect(records).toEqual([
      {
        logType: 'ERROR',
        logCategory: 'LOW',
        eventType: 'OPT_IN_FAILED',
        message: 'loyalty: the opt-in failed',
        error: undefined,
        requestUrl: '/x',
        otherData: {
          correlationId: 'page-1',
          requestCorrelationId: 'call-9',
          status: 503,
          errorClass: '5xx',
        },
      },
    ])
  })

  it('without a logger, to the console; a logger that throws is not a second failure', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    createPluginLog('auth', undefined, 'page-2')('X', 'went wrong')
    expect(warn).toHaveBeenCalledWith('[one-header] X correlationId=page-2: auth: went wrong', '')
    const throwing = createPluginLog(
      'auth',
      {
        log: () => {
          throw new Error('no')
        },
        addSink: () => () => {},
      },
      'p',
    )
    expect(() => throwing('X', 'again')).not.toThrow()
  })
})
