import type { ReadableLogRecord } from '@opentelemetry/sdk-logs'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace'
import { expect, it, vi } from 'vitest'
import type { LogRecord } from '../../contracts/logRecord'
import { createConsentStore } from '../../kernel/consent/consentStore'
import { chosenConsent } from '../../test/fakes/chosenConsent'
import { ConsentLogExporter, ConsentSpanExporter, consentedLogSink } from './consentGate'

const analytical = (allowed: boolean) => chosenConsent({ analytical: allowed })
const hr = (ms: number): [number, number] => [Math.floor(ms / 1000), (ms % 1000) * 1e6]
const span = (start: number, end: number) => ({ startTime: hr(start), endTime: hr(end) }) as ReadableSpan

it('exports a span only if analytical has been allowed from its start until the export, without a break', () => {
  let t = 10_000
  const consent = createConsentStore(undefined, () => t)
  const sent: number[] = []
  const next = { export: vi.fn((spans: ReadableSpan[]) => sent.push(...spans.map((s) => s.startTime[0]))) }
  const exporter = new ConsentSpanExporter(next as unknown as SpanExporter, consent)
  const done = vi.fn()
  // Ended before the denial but still in the batch when it came: never sent.
  t = 20_000
  consent.set(analytical(false))
  exporter.export([span(11_000, 12_000)], done)
  t = 30_000
  consent.set(analytical(true))
  t = 33_000
  exporter.export([span(11_000, 12_000), span(25_000, 26_000), span(31_000, 32_000)], done)
  expect(sent).toEqual([31])
  expect(done).toHaveBeenCalledWith({ code: 0 })
})

it('exports error records whatever the consent, usage records only while analytical has stayed allowed', () => {
  let t = 10_000
  const consent = createConsentStore(undefined, () => t)
  const sent: string[] = []
  const next = {
    export: vi.fn((logs: ReadableLogRecord[]) => sent.push(...logs.map((l) => `${l.severityText}`))),
  }
  const exporter = new ConsentLogExporter(next as never, consent)
  const log = (severityText: string, ms: number) => ({ severityText, hrTime: hr(ms) }) as ReadableLogRecord
  t = 20_000
  consent.set(analytical(false))
  exporter.export([log('INFO', 11_000), log('ERROR', 11_000), log('API_FAILURE_CODE4XX', 21_000)], vi.fn())
  expect(sent).toEqual(['ERROR', 'API_FAILURE_CODE4XX'])
})

it('the sink judges a replayed usage record by its own timestamp; errors always pass and usage records only while analytical is allowed', () => {
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
