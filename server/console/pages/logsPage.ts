import type { FoundLog } from '../logSearch'
import type { OperatorSession } from '../operatorSessions'
import { consolePage, type Html, h } from './consoleLayout'
import { TRACE_CSS } from './traceCss'
import { SEVERITIES } from './tracePage'
import { utc, WITHIN } from './tracesPage'

export interface LogForm {
  correlationId: string
  traceId: string
  severity: string
  text: string
  within: string
  page: number
}

const option = (value: string, label: string, selected: string) =>
  h`<option value="${value}"${value === selected ? h` selected` : ''}>${label}</option>`

/** Log records, newest first, each linked to the trace (and span) it belongs to. */
export function logsPage(
  session: OperatorSession,
  form: LogForm,
  result: { logs: FoundLog[]; more: boolean },
): string {
  const address = (page: number) =>
    `/console/logs?${new URLSearchParams(
      Object.entries({ ...form, page })
        .filter(([, v]) => v !== '')
        .map(([k, v]): [string, string] => [k, String(v)]),
    )}`
  const rows = result.logs.map(
    (l) => h`<tr><td>${utc(l.timeNs)}</td><td>${l.severity}</td><td>${l.plugin ?? '–'}</td><td>${l.body}</td>
      <td><code>${l.correlationId ?? '–'}</code></td>
      <td>${
        l.traceId
          ? h`<a href="/console/traces/${l.traceId}${l.spanId ? `?span=${l.spanId}#span-${l.spanId}` : ''}">Trace ${l.traceId.slice(0, 8)}</a>`
          : '–'
      }</td></tr>`,
  )
  const main: Html = h`<p><a href="/console/traces">Page loads</a></p>
    <h1>Log records</h1>
    <form method="get" action="/console/logs" class="search"><div class="row">
      <div class="field"><label for="correlationId">Correlation id (or its start)</label>
        <input id="correlationId" name="correlationId" type="text" value="${form.correlationId}" maxlength="100" spellcheck="false"></div>
      <div class="field"><label for="traceId">Trace id</label>
        <input id="traceId" name="traceId" type="text" value="${form.traceId}" maxlength="32" spellcheck="false"></div>
      <div class="field"><label for="severity">Severity</label><select id="severity" name="severity">
        ${option('all', 'All', form.severity)}${option('info', 'Info and above', form.severity)}${option('warn', 'Warnings and errors', form.severity)}${option('error', 'Errors', form.severity)}</select></div>
      <div class="field"><label for="text">Message contains</label>
        <input id="text" name="text" type="text" value="${form.text}" maxlength="200"></div>
      <div class="field"><label for="within">Written within</label><select id="within" name="within">
        ${Object.entries(WITHIN).map(([v, l]) => option(v, l, form.within))}</select></div>
      <button type="submit">Search</button>
    </div></form>
    <h2 id="results">Results</h2>
    ${
      rows.length
        ? h`<div class="tableWrap" tabindex="0" role="region" aria-labelledby="results"><table aria-labelledby="results">
      <thead><tr><th scope="col">Time (UTC)</th><th scope="col">Severity</th><th scope="col">Plugin</th><th scope="col">Message</th>
      <th scope="col">Correlation id</th><th scope="col">Trace</th></tr></thead><tbody>${rows}</tbody></table></div>`
        : h`<p>No log record matches.</p>`
    }
    <nav class="pager" aria-label="Result pages">
      ${form.page > 1 && h`<a href="${address(form.page - 1)}">Newer records</a>`}
      <span>Page ${form.page}</span>
      ${result.more && h`<a href="${address(form.page + 1)}">Older records</a>`}
    </nav>`
  return consolePage(
    {
      title: 'Log records',
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'traces',
      css: TRACE_CSS,
    },
    main,
  )
}

export const severityFloor = (severity: string) => SEVERITIES[severity as keyof typeof SEVERITIES] ?? 0
