import type { OperatorSession } from '../operatorSessions'
import type { TraceDetail } from '../traceDetail'
import type { TraceSummary } from '../traceSearch'
import { consolePage, type Html, h } from './consoleLayout'
import { TRACE_CSS } from './traceCss'
import { ms, utc } from './tracesPage'
import { waterfall } from './waterfall'

export const SEVERITIES = { all: 0, info: 9, warn: 13, error: 17 } as const
export type SeverityFilter = keyof typeof SEVERITIES

const laterRow = (t: TraceSummary, pageStartNs: bigint) =>
  h`<li><a href="/console/traces/${t.traceId}">${t.rootName ?? '(root not received)'}</a>
    <span class="muted">at +${ms(t.startNs - pageStartNs)} · ${ms(t.endNs - t.startNs)}${t.errorCount ? h` · <strong class="err">${t.errorCount} error${t.errorCount > 1 ? 's' : ''}</strong>` : ''}</span></li>`

/**
 * One page load: the waterfall (waterfall.ts) with the selected span's detail, what the shopper did
 * on the page afterwards (traces of their own, linked to it), and its log records beside it,
 * filtered by severity and plugin, each linked to its span.
 */
export function tracePage(
  session: OperatorSession,
  d: TraceDetail,
  filter: { severity: SeverityFilter; plugin: string; span?: string },
): string {
  const { summary, spans } = d
  const names = new Map(spans.map((s) => [s.spanId, s.name]))
  const base = `/console/traces/${summary.traceId}`
  const keep = new URLSearchParams({
    ...(filter.severity !== 'all' ? { severity: filter.severity } : {}),
    ...(filter.plugin ? { plugin: filter.plugin } : {}),
  })
  const hrefFor = (spanId?: string) => {
    const q = new URLSearchParams(keep)
    if (spanId) q.set('span', spanId)
    return q.size ? `${base}?${q}` : base
  }
  const logs = d.logs.filter(
    (l) => l.severityNumber >= SEVERITIES[filter.severity] && (!filter.plugin || l.plugin === filter.plugin),
  )
  const plugins = [...new Set(d.logs.map((l) => l.plugin).filter((p): p is string => Boolean(p)))].sort()
  const opt = (v: string, label: string, sel: string) =>
    h`<option value="${v}"${v === sel ? h` selected` : ''}>${label}</option>`
  const logRows = logs.map(
    (
      l,
    ) => h`<tr><td>${utc(l.timeNs).slice(11)}</td><td>${l.severity}</td><td>${l.plugin ?? '–'}</td><td>${l.body}</td>
      <td>${l.spanId ? h`<a href="${hrefFor(l.spanId)}#span-${l.spanId}">${names.get(l.spanId) ?? l.spanId}</a>` : '–'}</td></tr>`,
  )
  const main: Html = h`<p><a href="/console/traces">All page loads</a>
      · <a href="/console/logs?traceId=${summary.traceId}">Its log records</a>${
        summary.correlationId
          ? h` · <a href="/console/logs?correlationId=${summary.correlationId}&amp;within=all">Every log record of this shopper</a>`
          : ''
      }</p>
    <h1>${summary.rootName ?? 'Page load'}</h1>
    <p>${summary.brand ?? ''}${summary.lang ? ` · ${summary.lang}` : ''}${summary.pagePath ? h` · <code>${summary.pagePath}</code>` : ''}
      · correlation id <code>${summary.correlationId ?? '–'}</code> · trace <code>${summary.traceId}</code>
      · started ${utc(summary.startNs)} UTC · took ${ms(summary.endNs - summary.startNs)} · ${summary.spanCount} spans · ${summary.errorCount} errors</p>
    ${
      summary.pageServed
        ? ''
        : summary.followsTraceId
          ? ''
          : h`<p class="problem" role="note"><strong>Browser-reported only.</strong> The store's page server took no part in this
      trace: a browser sent all of it, so it may be made up. Brands are the host's the browser sent from, not its claim.</p>`
    }
    ${
      summary.followsTraceId &&
      h`<p class="notice">A later action on <a href="/console/traces/${summary.followsTraceId}">its page load</a>
      (a trace of its own, started after every part of the header was live).</p>`
    }
    ${
      d.later.length
        ? h`<section aria-labelledby="later"><h2 id="later">Later on this page</h2>
      <p class="muted">What the shopper did once the page load was over, each its own trace linked to this one.</p>
      <ul class="later">${d.later.map((t) => laterRow(t, summary.startNs))}</ul></section>`
        : ''
    }
    <section aria-labelledby="spans"><h2 id="spans">Spans</h2>
      ${waterfall(spans, {
        traceStartNs: summary.startNs,
        traceEndNs: summary.endNs,
        ...(filter.span ? { selected: filter.span } : {}),
        hrefFor,
      })}
    </section>
    <section aria-labelledby="logs"><h2 id="logs">Log records</h2>
      <form method="get" action="${base}" class="row">
        <div class="field"><label for="severity">Severity</label><select id="severity" name="severity">
          ${opt('all', 'All', filter.severity)}${opt('info', 'Info and above', filter.severity)}${opt('warn', 'Warnings and errors', filter.severity)}${opt('error', 'Errors', filter.severity)}</select></div>
        <div class="field"><label for="logPlugin">Plugin</label><select id="logPlugin" name="plugin">
          ${opt('', 'Any', filter.plugin)}${plugins.map((p) => opt(p, p, filter.plugin))}</select></div>
        <button type="submit">Filter</button></form>
      ${
        logRows.length
          ? h`<div class="tableWrap" tabindex="0" role="region" aria-label="Log records table"><table aria-labelledby="logs"><thead><tr><th scope="col">Time (UTC)</th><th scope="col">Severity</th>
        <th scope="col">Plugin</th><th scope="col">Message</th><th scope="col">Span</th></tr></thead><tbody>${logRows}</tbody></table></div>`
          : h`<p>No log record matches.</p>`
      }
    </section>`
  return consolePage(
    {
      title: `Page load ${summary.traceId.slice(0, 8)}`,
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'traces',
      css: TRACE_CSS,
    },
    main,
  )
}
