import { SpanStatusCode } from '@opentelemetry/api'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installTracer, resetTracerForTests, withSpan, withSyncSpan } from './spans'

function recordingTracer() {
  const spans: {
    name: string
    attributes: unknown
    status?: unknown
    ended: boolean
    exception?: unknown
  }[] = []
  const tracer = {
    startActiveSpan: (name: string, opts: { attributes: unknown }, fn: (span: unknown) => unknown) => {
      const record: (typeof spans)[number] = { name, attributes: opts.attributes, ended: false }
      spans.push(record)
      return fn({
        setAttribute: () => {},
        recordException: (e: unknown) => (record.exception = e),
        setStatus: (s: unknown) => (record.status = s),
        end: () => (record.ended = true),
      })
    },
  }
  return { tracer: tracer as never, spans }
}

describe('span helpers', () => {
  afterEach(() => resetTracerForTests())

  it('are no-ops before a tracer is installed and still return results', async () => {
    expect(
      await withSpan('x', {}, async (span) => {
        span.setAttribute('a', 1)
        return 42
      }),
    ).toBe(42)
    expect(withSyncSpan('y', {}, () => 'ok')).toBe('ok')
  })

  it('record spans once installed, mark errors with the OpenTelemetry error status, and end them', async () => {
    const { tracer, spans } = recordingTracer()
    expect(installTracer(tracer)).toBe(true)
    await withSpan('HTTP GET x', { a: 1 }, async () => 'fine')
    await expect(withSpan('HTTP GET y', {}, async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    )
    expect(spans.map((s) => [s.name, s.ended])).toEqual([
      ['HTTP GET x', true],
      ['HTTP GET y', true],
    ])
    expect(spans[1]?.status).toEqual({ code: SpanStatusCode.ERROR })
  })

  it('refuses a second install politely', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(installTracer(recordingTracer().tracer)).toBe(true)
    expect(installTracer(recordingTracer().tracer)).toBe(false)
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('plugin and interaction spans', () => {
  afterEach(() => resetTracerForTests())

  it('each plugin start is a span named with its id; a failing start marks it as an error', async () => {
    const { createTestKernel } = await import('../../test/createTestKernel')
    const { definePlugin } = await import('../plugin/definePlugin')
    const { tracer, spans } = recordingTracer()
    installTracer(tracer)
    createTestKernel([
      definePlugin({ id: 'good' }),
      definePlugin({
        id: 'bad',
        start: () => {
          throw new Error('nope')
        },
      }),
    ])
    const starts = spans.filter((s) => s.name.startsWith('plugin.start'))
    expect(starts.map((s) => [s.name, s.attributes])).toEqual([
      ['plugin.start good', { 'plugin.id': 'good' }],
      ['plugin.start bad', { 'plugin.id': 'bad' }],
    ])
    expect(starts[1]?.status).toEqual({ code: SpanStatusCode.ERROR })
  })

  it('markInteraction records a span for what the shopper did', async () => {
    const { markInteraction } = await import('./spans')
    const { tracer, spans } = recordingTracer()
    installTracer(tracer)
    markInteraction('language.switch', { 'language.to': 'fr' })
    expect(spans.map((s) => [s.name, s.attributes, s.ended])).toEqual([
      ['interaction language.switch', { 'language.to': 'fr' }, true],
    ])
  })
})
