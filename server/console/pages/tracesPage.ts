import { BRAND_PLUGINS } from '../../../contracts/brandPlugins'
import { BRANDS } from '../../../site/brand'
import type { OperatorSession } from '../operatorSessions'
import type { TraceSummary } from '../traceSearch'
import { SLOW_NS } from '../traceSearch'
import { consolePage, type Html, h } from './consoleLayout'
import { TRACE_CSS } from './traceCss'

/** What the search form sent, as typed (the form shows it again). */
export interface TraceForm {
  correlationId: string
  brand: string
  within: string
  from: string
  to: string
  status: string
  plugin: string
  source: string
  page: number
}

/** Who reported the page loads listed: served ones by default, made-up ones only on request. */
export const SOURCES = {
  served: 'Served by the store',
  browser: 'Browser-reported only',
  all: 'Either',
} as const

export const WITHIN = {
  '15m': 'the last 15 minutes',
  '1h': 'the last hour',
  '24h': 'the last 24 hours',
  '7d': 'the last 7 days',
  all: 'any time',
} as const

const PLUGIN_IDS = [...new Set(Object.values(BRAND_PLUGINS).flatMap((list) => list.map((p) => p.id)))].sort()

export const ms = (ns: bigint) => `${(Number(ns) / 1e6).toFixed(1)} ms`
export const utc = (ns: bigint) =>
  new Date(Number(ns / 1_000_000n)).toISOString().replace('T', ' ').slice(0, 23)

const option = (value: string, label: string, selected: string) =>
  h`<option value="${value}"${value === selected ? h` selected` : ''}>${label}</option>`

/** The search (a GET form: works without script, and every result page has its own address). */
export function tracesPage(
  session: OperatorSession,
  form: TraceForm,
  result: { traces: TraceSummary[]; more: boolean; problem?: string },
): string {
  const query = (page: number) =>
    `/console/traces?${new URLSearchParams({ ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)])), page: String(page) })}`
  const rows = result.traces.map(
    (
      t,
    ) => h`<tr><td><a href="/console/traces/${t.traceId}">${t.rootName ?? '(root not received)'}</a>${t.pageServed ? '' : t.followsTraceId ? h` <span class="tag later">later action</span>` : h` <span class="tag">browser-reported only</span>`}</td>
      <td>${utc(t.startNs)}</td><td>${t.brand ?? '–'}</td><td><code>${t.correlationId ?? '–'}</code></td>
      <td>${t.spanCount}</td><td>${t.errorCount > 0 ? h`<strong>${t.errorCount} error${t.errorCount > 1 ? 's' : ''}</strong>` : 'none'}</td>
      <td>${ms(t.longestNs)}${t.longestNs >= SLOW_NS ? ' (slow)' : ''}</td></tr>`,
  )
  const main: Html = h`<h1>Page loads</h1>
    <p>One page load is one trace: the page server's span, the header's start, each plugin's start and each call, nested.</p>
    <form method="get" action="/console/traces" class="search">
      <div class="row">
        <div class="field"><label for="correlationId">Correlation id</label>
          <input id="correlationId" name="correlationId" type="search" value="${form.correlationId}" maxlength="100"></div>
        <div class="field"><label for="brand">Brand</label><select id="brand" name="brand">
          ${option('', 'Every brand', form.brand)}${BRANDS.map((b) => option(b, b, form.brand))}</select></div>
        <div class="field"><label for="within">Started within</label><select id="within" name="within">
          ${Object.entries(WITHIN).map(([v, l]) => option(v, l, form.within))}</select></div>
        <div class="field"><label for="from">From (UTC, optional)</label>
          <input id="from" name="from" type="datetime-local" value="${form.from}"></div>
        <div class="field"><label for="to">To (UTC, optional)</label>
          <input id="to" name="to" type="datetime-local" value="${form.to}"></div>
        <div class="field"><label for="status">Status</label><select id="status" name="status">
          ${option('any', 'Any', form.status)}${option('errors', 'With errors', form.status)}${option('slow', 'Slow (a span over 1 s)', form.status)}</select></div>
        <div class="field"><label for="plugin">Plugin started</label><select id="plugin" name="plugin">
          ${option('', 'Any plugin', form.plugin)}${PLUGIN_IDS.map((p) => option(p, p, form.plugin))}</select></div>
        <div class="field"><label for="source">Reported by</label><select id="source" name="source">
          ${Object.entries(SOURCES).map(([v, l]) => option(v, l, form.source))}</select></div>
        <button type="submit">Search</button>
      </div>
    </form>
    ${result.problem && h`<p class="problem" role="alert">${result.problem}</p>`}
    <h2 id="results">Results</h2>
    ${
      rows.length
        ? h`<div class="tableWrap" tabindex="0" role="region" aria-labelledby="results"><table aria-labelledby="results">
      <thead><tr><th scope="col">Page load</th><th scope="col">Started (UTC)</th><th scope="col">Brand</th><th scope="col">Correlation id</th>
      <th scope="col">Spans</th><th scope="col">Errors</th><th scope="col">Longest span</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : h`<p>No page load matches.</p>`
    }
    <nav class="pager" aria-label="Result pages">
      ${form.page > 1 && h`<a href="${query(form.page - 1)}">Newer page loads</a>`}
      <span>Page ${form.page}</span>
      ${result.more && h`<a href="${query(form.page + 1)}">Older page loads</a>`}
    </nav>`
  return consolePage(
    {
      title: 'Page loads',
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'traces',
      css: TRACE_CSS,
    },
    main,
  )
}
