import type { OperatorSession } from '../operatorSessions'
import type { TraceLog, WaterfallSpan } from '../traceDetail'
import type { TraceSummary } from '../traceSearch'
import { consolePage, type Html, h } from './consoleLayout'
import { TRACE_CSS } from './traceCss'
import { ms, utc } from './tracesPage'

export const SEVERITIES = { all: 0, info: 9, warn: 13, error: 17 } as const
export type SeverityFilter = keyof typeof SEVERITIES

/**
 * One page load as a waterfall (nested lists, as the spans nest; each bar placed on the page load's
 * time line) with its log records beside it, filtered by severity and plugin, each linked to its span.
 */
export function tracePage(
  session: OperatorSession,
  d: { summary: TraceSummary; spans: WaterfallSpan[]; logs: TraceLog[] },
  filter: { severity: SeverityFilter; plugin: string },
): string {
  const { summary, spans } = d
  const total = Number(summary.endNs - summary.startNs) || 1
  const names = new Map(spans.map((s) => [s.spanId, s.name]))
  const children = new Map<string | null, WaterfallSpan[]>()
  const known = new Set(spans.map((s) => s.spanId))
  for (const s of spans) {
    const parent = s.parentSpanId && known.has(s.parentSpanId) ? s.parentSpanId : null
    children.set(parent, [...(children.get(parent) ?? []), s])
  }
  const item = (s: WaterfallSpan): Html => {
    const left = (Number(s.startNs - summary.startNs) / total) * 100
    const width = (Number(s.endNs - s.startNs) / total) * 100
    const status = s.statusCode === 2 ? 'error' : 'ok'
    const kids = children.get(s.spanId) ?? []
    return h`<li id="span-${s.spanId}" data-depth="${s.depth}"><div class="spanRow"><span class="spanName">${s.name}
      <span class="muted">· ${ms(s.endNs - s.startNs)} · ${s.httpStatus ? `HTTP ${s.httpStatus} · ` : ''}${status === 'error' ? h`<strong>error</strong>` : 'ok'} · ${s.service ?? ''} · at +${ms(s.startNs - summary.startNs)}</span></span>
      <span class="bar" aria-hidden="true"><span class="${status}" style="left:${left.toFixed(2)}%;width:${width.toFixed(2)}%"></span></span></div>
      ${kids.length ? h`<ol class="waterfall">${kids.map(item)}</ol>` : ''}</li>`
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
      <td>${l.spanId ? h`<a href="#span-${l.spanId}">${names.get(l.spanId) ?? l.spanId}</a>` : '–'}</td></tr>`,
  )
  const main = h`<p><a href="/console/traces">All page loads</a></p>
    <h1>${summary.rootName ?? 'Page load'}</h1>
    <p>${summary.brand ?? ''} · correlation id <code>${summary.correlationId ?? '–'}</code> · trace <code>${summary.traceId}</code>
      · started ${utc(summary.startNs)} UTC · ${summary.spanCount} spans · ${summary.errorCount} errors</p>
    ${
      summary.pageServed
        ? ''
        : h`<p class="problem" role="note"><strong>Browser-reported only.</strong> The store's page server took no part in this
      trace: a browser sent all of it, so it may be made up. Brands are the host's the browser sent from, not its claim.</p>`
    }
    <div class="split">
      <section aria-labelledby="spans"><h2 id="spans">Spans</h2>
        <ol class="waterfall">${(children.get(null) ?? []).map(item)}</ol></section>
      <section aria-labelledby="logs"><h2 id="logs">Log records</h2>
        <form method="get" action="/console/traces/${summary.traceId}" class="row">
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
      </section>
    </div>`
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
