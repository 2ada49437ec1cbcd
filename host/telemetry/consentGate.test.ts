import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace'
import { expect, it, vi } from 'vitest'
import { ALL_ALLOWED, consentStateOf } from '../../contracts/consentState'
import type { LogRecord } from '../../contracts/logRecord'
import { createConsentStore } from '../../kernel/consent/consentStore'
import { ConsentSpanProcessor, consentedLogSink } from './consentGate'

const analytical = (allowed: boolean) =>
  consentStateOf({
    choices: { ...ALL_ALLOWED, analytical: allowed },
    chosen: true,
    policyVersion: 'v',
    gpc: false,
  })
const hr = (ms: number): [number, number] => [Math.floor(ms / 1000), (ms % 1000) * 1e6]
const span = (start: number, end: number) => ({ startTime: hr(start), endTime: hr(end) }) as ReadableSpan

it('exports a span only if analytical was allowed the whole time it ran', () => {
  let t = 10_000
  const consent = createConsentStore(undefined, () => t)
  const next = { onEnd: vi.fn() } as unknown as SpanProcessor
  const processor = new ConsentSpanProcessor(next, consent)
  t = 20_000
  consent.set(analytical(false))
  t = 30_000
  consent.set(analytical(true))
  processor.onEnd(span(11_000, 12_000))
  processor.onEnd(span(15_000, 25_000))
  processor.onEnd(span(31_000, 32_000))
  expect(vi.mocked(next.onEnd).mock.calls.map(([s]) => s.startTime[0])).toEqual([11, 31])
})

it('exports errors without consent (strictly needed) and usage records only while analytical is allowed', () => {
  let t = Date.parse('2026-12-01T10:00:00Z')
  const at = (ms: number) => new Date(ms).toISOString()
  const consent = createConsentStore(undefined, () => t)
  const sent: string[] = []
  const sink = consentedLogSink((r) => sent.push(r.logType), consent)
  const before = t - 1000
  t += 1000
  consent.set(analytical(false))
  t += 1000
  sink({ logType: 'ERROR', timestamp: at(t) } as LogRecord)
  sink({ logType: 'API_FAILURE_CODE5XX', timestamp: at(t) } as LogRecord)
  sink({ logType: 'INFO', timestamp: at(t) } as LogRecord)
  t += 1000
  consent.set(analytical(true))
  t += 1000
  // Replayed to a late sink: made before the denial, so it never goes out.
  sink({ logType: 'INFO', timestamp: at(before) } as LogRecord)
  sink({ logType: 'DEBUG', timestamp: at(t) } as LogRecord)
  expect(sent).toEqual(['ERROR', 'API_FAILURE_CODE5XX', 'DEBUG'])
})
