import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LogInput } from '../../contracts/logRecord'
import { type Logger, loggerRef } from '../../contracts/serviceRefs'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { createServiceRef, optional, provide } from '../services/serviceRef'
import type { PluginArrival } from './latePlugins'
import type { PluginEntry } from './validatePlugins'

/**
 * Plugins start as their code arrives, in any order: one made before the logging plugin's code
 * arrives still gets its records to the logger, once each, in order, without naming logging in
 * `after`.
 */
const noteRef = createServiceRef<{ note(message: string): void }>('test.note')

/** A plugin that logs when its service is made, when it starts, and whenever asked. */
const early = definePlugin({
  id: 'early',
  services: [
    provide(noteRef, { logger: optional(loggerRef) }, ({ logger }) => {
      const note = (message: string) =>
        logger?.log({ logType: 'ERROR', logCategory: 'LOW', eventType: 'EARLY', message })
      note('made')
      return { note }
    }),
  ],
  start: (ctx) => {
    ctx
      .optional(loggerRef)
      ?.log({ logType: 'INFO', logCategory: 'LOW', eventType: 'EARLY', message: 'started' })
  },
})

function recordingLogging() {
  const records: LogInput[] = []
  const logger: Logger = { log: (input) => void records.push(input), addSink: () => () => {} }
  return {
    records,
    manifest: definePlugin({ id: 'logging', services: [provide(loggerRef, {}, () => logger)] }),
  }
}

/** A plugin whose code is on its way; the test settles it, as the host's code load does. */
function onItsWay(id: string) {
  let settle: (result: Awaited<PluginArrival['settled']>) => void = () => {}
  const arrival: PluginArrival = { id, settled: new Promise((resolve) => (settle = resolve)) }
  return {
    arrival,
    arrive: (manifest: PluginEntry['manifest']) => settle({ entry: { manifest } }),
    fail: () =>
      settle({ fault: { code: 'PLUGIN_SETUP_FAILED', pluginId: id, message: `${id} did not load` } }),
  }
}

const messages = (records: LogInput[]) => records.map((r) => r.message)

afterEach(() => vi.restoreAllMocks())

describe('the logger, when the logging plugin arrives after the plugins that log', () => {
  it('records written before it arrived reach it once it does, in order, once each; later ones go straight there', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logging = recordingLogging()
    const { kernel, faults } = createTestKernel([])
    const [earlyCode, loggingCode] = [onItsWay('early'), onItsWay('logging')]
    kernel.plugins.expect([earlyCode.arrival, loggingCode.arrival])
    earlyCode.arrive(early)
    await vi.waitFor(() => expect(kernel.plugins.started).toEqual(['early']))
    kernel.services.get(noteRef).note('before')
    expect(logging.records).toEqual([])

    loggingCode.arrive(logging.manifest)
    await kernel.plugins.settled()
    expect(kernel.plugins.started).toEqual(['early', 'logging'])
    expect(messages(logging.records)).toEqual(['made', 'started', 'before'])
    // Each says when it happened, not when the logger came.
    expect(logging.records.every((r) => typeof r.at === 'number')).toBe(true)

    kernel.services.get(noteRef).note('after')
    expect(messages(logging.records)).toEqual(['made', 'started', 'before', 'after'])
    expect(logging.records[3]?.at).toBeUndefined()
    expect(warn).not.toHaveBeenCalled()
    expect(faults).toEqual([])
  })

  it('when the logging code never arrives, what was kept and everything later is printed, once each', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { kernel } = createTestKernel([])
    const [earlyCode, loggingCode] = [onItsWay('early'), onItsWay('logging')]
    kernel.plugins.expect([earlyCode.arrival, loggingCode.arrival])
    earlyCode.arrive(early)
    await vi.waitFor(() => expect(kernel.plugins.started).toEqual(['early']))
    expect(warn).not.toHaveBeenCalled()

    loggingCode.fail()
    await kernel.plugins.settled()
    kernel.services.get(noteRef).note('later')
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      '[one-header] EARLY: made',
      '[one-header] EARLY: started',
      '[one-header] EARLY: later',
    ])
  })

  it('a brand that runs no logging hands plugins no logger, as before (they print for themselves)', () => {
    const seen: unknown[] = []
    const reader = definePlugin({ id: 'reader', start: (ctx) => void seen.push(ctx.optional(loggerRef)) })
    createTestKernel([reader])
    expect(seen).toEqual([undefined])
  })

  it('in one batch the logging plugin still starts first, and its logger is handed over directly', () => {
    const logging = recordingLogging()
    const { kernel } = createTestKernel([early, logging.manifest])
    expect(kernel.plugins.started).toEqual(['logging', 'early'])
    expect(messages(logging.records)).toEqual(['made', 'started'])
    expect(logging.records.every((r) => r.at === undefined)).toBe(true)
  })
})
