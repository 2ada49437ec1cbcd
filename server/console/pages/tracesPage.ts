import { BRAND_PLUGINS } from '../../../contracts/brandPlugins'
import { BRANDS } from '../../../site/brand'
import { SERVER_SERVICE_NAME } from '../../telemetry/serverSpans'
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
  service: string
  spanName: string
  attribute: string
  minMs: string
  maxMs: string
  pagePath: string
  lang: string
  sort: string
  dir: string
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
/** The services the store's own telemetry names: the header in the browser and the reference server. */
const KNOWN_SERVICES = ['one-header', SERVER_SERVICE_NAME]

export const ms = (ns: bigint) => `${(Number(ns) / 1e6).toFixed(1)} ms`
export const utc = (ns: bigint) =>
  new Date(Number(ns / 1_000_000n)).toISOString().replace('T', ' ').slice(0, 23)

const option = (value: string, label: string, selected: string) =>
  h`<option value="${value}"${value === selected ? h` selected` : ''}>${label}</option>`

const field = (id: string, label: string, value: string, extra: Html | string = '', hint = '') =>
  h`<div class="field"><label for="${id}">${label}</label>
    <input id="${id}" name="${id}" type="text" value="${value}" ${extra}${hint ? h` aria-describedby="${id}-hint"` : ''}>
    ${hint ? h`<span class="hint" id="${id}-hint">${hint}</span>` : ''}</div>`

/** The search, as Tempo's (a GET form: works without script, and every result page has its own address). */
export function tracesPage(
  session: OperatorSession,
  form: TraceForm,
  result: { traces: TraceSummary[]; more: boolean; problem?: string },
): string {
  const address = (changes: Partial<Record<keyof TraceForm, string | number>>) =>
    `/console/traces?${new URLSearchParams(
      Object.entries({ ...form, ...changes })
        .filter(([, v]) => v !== '')
        .map(([k, v]): [string, string] => [k, String(v)]),
    )}`
  const sortable = (key: string, label: string) => {
    const current = form.sort === key
    const next = current && form.dir === 'desc' ? 'asc' : 'desc'
    const sort = current ? (form.dir === 'asc' ? 'ascending' : 'descending') : undefined
    return h`<th scope="col"${sort ? h` aria-sort="${sort}"` : ''}><a href="${address({ sort: key, dir: next, page: 1 })}">${label}<span class="vh">, sort ${next === 'asc' ? 'ascending' : 'descending'}</span>${current ? (form.dir === 'asc' ? ' ▲' : ' ▼') : ''}</a></th>`
  }
  const rows = result.traces.map(
    (t) => h`<tr><td><a href="/console/traces/${t.traceId}">${t.rootName ?? '(root not received)'}</a>${
      t.pageServed
        ? ''
        : t.followsTraceId
          ? h` <span class="tag later">later action</span>`
          : h` <span class="tag">browser-reported only</span>`
    }</td>
      <td>${t.pagePath ? h`<code>${t.pagePath}</code>` : '–'}</td>
      <td>${utc(t.startNs)}</td><td>${ms(t.endNs - t.startNs)}</td><td>${t.brand ?? '–'}</td><td>${t.lang ?? '–'}</td>
      <td><code>${t.correlationId ?? '–'}</code></td>
      <td>${t.spanCount}</td><td>${t.errorCount > 0 ? h`<strong class="err">${t.errorCount} error${t.errorCount > 1 ? 's' : ''}</strong>` : 'none'}</td>
      <td>${ms(t.longestNs)}${t.longestNs >= SLOW_NS ? ' (slow)' : ''}</td></tr>`,
  )
  const main: Html = h`<h1>Page loads</h1>
    <p>One page load is one trace: the page server's span, the header's start, each plugin's start and each call, nested.
      What the shopper did later on a page is a trace of its own, listed with its page load.
      <a href="/console/logs">Search log records</a></p>
    <form method="get" action="/console/traces" class="search">
      <div class="row">
        ${field('correlationId', 'Correlation id (or its start)', form.correlationId, h`maxlength="100" spellcheck="false"`)}
        <div class="field"><label for="brand">Brand</label><select id="brand" name="brand">
          ${option('', 'Every brand', form.brand)}${BRANDS.map((b) => option(b, b, form.brand))}</select></div>
        <div class="field"><label for="lang">Language</label><select id="lang" name="lang">
          ${option('', 'Any', form.lang)}${option('en', 'English (en)', form.lang)}${option('fr', 'French (fr)', form.lang)}</select></div>
        ${field('pagePath', 'Page path', form.pagePath, h`placeholder="/c/coffee" spellcheck="false"`)}
        <div class="field"><label for="within">Started within</label><select id="within" name="within">
          ${Object.entries(WITHIN).map(([v, l]) => option(v, l, form.within))}</select></div>
        <div class="field"><label for="from">From (UTC, optional)</label>
          <input id="from" name="from" type="datetime-local" value="${form.from}"></div>
        <div class="field"><label for="to">To (UTC, optional)</label>
          <input id="to" name="to" type="datetime-local" value="${form.to}"></div>
      </div>
      <div class="row">
        <div class="field"><label for="service">Service</label>
          <input id="service" name="service" type="text" list="services" value="${form.service}" spellcheck="false">
          <datalist id="services">${KNOWN_SERVICES.map((s) => h`<option value="${s}"></option>`)}</datalist></div>
        ${field('spanName', 'Span name', form.spanName, h`placeholder="HTTP POST auth/login" spellcheck="false"`)}
        ${field('attribute', 'Attribute', form.attribute, h`placeholder="key=value" spellcheck="false"`, 'For example http.response.status_code=401')}
        <div class="field"><label for="status">Status</label><select id="status" name="status">
          ${option('any', 'Any', form.status)}${option('errors', 'With errors', form.status)}${option('ok', 'Without errors', form.status)}${option('slow', 'Slow (a span over 1 s)', form.status)}</select></div>
        ${field('minMs', 'Took at least (ms)', form.minMs, h`inputmode="decimal" size="8"`)}
        ${field('maxMs', 'Took at most (ms)', form.maxMs, h`inputmode="decimal" size="8"`)}
        <div class="field"><label for="plugin">Plugin started</label><select id="plugin" name="plugin">
          ${option('', 'Any plugin', form.plugin)}${PLUGIN_IDS.map((p) => option(p, p, form.plugin))}</select></div>
        <div class="field"><label for="source">Reported by</label><select id="source" name="source">
          ${Object.entries(SOURCES).map(([v, l]) => option(v, l, form.source))}</select></div>
        <input type="hidden" name="sort" value="${form.sort}"><input type="hidden" name="dir" value="${form.dir}">
        <button type="submit">Search</button>
      </div>
    </form>
    ${result.problem && h`<p class="problem" role="alert">${result.problem}</p>`}
    <h2 id="results">Results</h2>
    ${
      rows.length
        ? h`<div class="tableWrap" tabindex="0" role="region" aria-labelledby="results"><table aria-labelledby="results">
      <thead><tr><th scope="col">Page load</th>${sortable('path', 'Page path')}${sortable('started', 'Started (UTC)')}${sortable('duration', 'Duration')}
      <th scope="col">Brand</th><th scope="col">Language</th><th scope="col">Correlation id</th>
      ${sortable('spans', 'Spans')}${sortable('errors', 'Errors')}<th scope="col">Longest span</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : h`<p>No page load matches.</p>`
    }
    <nav class="pager" aria-label="Result pages">
      ${form.page > 1 && h`<a href="${address({ page: form.page - 1 })}">Previous page</a>`}
      <span>Page ${form.page}</span>
      ${result.more && h`<a href="${address({ page: form.page + 1 })}">Next page</a>`}
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
