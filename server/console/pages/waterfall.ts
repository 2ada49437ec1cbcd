import type { WaterfallSpan } from '../traceDetail'
import { type Html, h } from './consoleLayout'
import { ms } from './tracesPage'

/**
 * Services' colours, in the order services first appear in a trace: distinct hues, none of them red
 * (red is an error's), each at least 3:1 against the track's grey (WCAG's non-text contrast).
 */
export const SERVICE_COLOURS = [
  '#1f5fa8',
  '#9a5200',
  '#2e6b30',
  '#6a3d9a',
  '#00737d',
  '#5d4a8c',
  '#7a5c00',
  '#37474f',
]

const STATUS_ERROR = 2

/** The time axis's step: 1, 2 or 5 times a power of ten, at most eight steps over `totalMs`. */
export function tickStep(totalMs: number): number {
  const rough = Math.max(totalMs, 0.001) / 6
  const power = 10 ** Math.floor(Math.log10(rough))
  return [1, 2, 5, 10].map((m) => m * power).find((step) => totalMs / step <= 8) ?? power * 10
}

const tickLabel = (valueMs: number, stepMs: number) =>
  stepMs >= 1000
    ? `${(valueMs / 1000).toFixed(stepMs >= 10_000 ? 0 : 1)} s`
    : `${Number(valueMs.toFixed(3))} ms`

/**
 * The critical path, as Jaeger draws it: from each top span's end, walk back through the child that
 * finished last before the point reached, then the one before that child started, and so on down;
 * every span met is on the path (what the page load waited for). Returns their ids.
 */
export function criticalPath(spans: readonly WaterfallSpan[]): Set<string> {
  const known = new Set(spans.map((s) => s.spanId))
  const children = new Map<string | null, WaterfallSpan[]>()
  for (const s of spans) {
    const parent = s.parentSpanId && known.has(s.parentSpanId) ? s.parentSpanId : null
    children.set(parent, [...(children.get(parent) ?? []), s])
  }
  // A page load's spans may end after their parent (the page server's span ends before the
  // browser's start does): the walk goes by where each subtree ends.
  const ends = new Map<string, bigint>()
  const subtreeEnd = (span: WaterfallSpan): bigint => {
    let end = ends.get(span.spanId)
    if (end !== undefined) return end
    end = span.endNs
    for (const kid of children.get(span.spanId) ?? []) {
      const kidEnd = subtreeEnd(kid)
      if (kidEnd > end) end = kidEnd
    }
    ends.set(span.spanId, end)
    return end
  }
  const path = new Set<string>()
  const walk = (span: WaterfallSpan, until: bigint) => {
    path.add(span.spanId)
    let cursor = until
    const kids = [...(children.get(span.spanId) ?? [])].sort((a, b) =>
      subtreeEnd(a) > subtreeEnd(b) ? -1 : 1,
    )
    for (const kid of kids) {
      if (cursor <= span.startNs) break
      // A child still running at the cursor, or the last to end before it.
      if (kid.startNs < cursor) {
        const kidEnd = subtreeEnd(kid)
        walk(kid, kidEnd < cursor ? kidEnd : cursor)
        cursor = kid.startNs
      }
    }
  }
  for (const top of children.get(null) ?? []) walk(top, subtreeEnd(top))
  return path
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function keyValues(caption: string, values: Record<string, unknown>): Html {
  const entries = Object.entries(values).sort(([a], [b]) => a.localeCompare(b))
  if (!entries.length) return h`<p class="muted">${caption}: none.</p>`
  return h`<table class="kv"><caption>${caption}</caption><tbody>${entries.map(
    ([k, v]) => h`<tr><th scope="row">${k}</th><td>${json(v)}</td></tr>`,
  )}</tbody></table>`
}

const KIND = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer']

/** One span's detail: status and message, attributes, events, resource, links. */
function spanDetail(s: WaterfallSpan, traceStartNs: bigint, closeHref: string): Html {
  const error = s.statusCode === STATUS_ERROR
  return h`<section class="spanDetail" aria-labelledby="detail-${s.spanId}">
    <h3 id="detail-${s.spanId}">${s.name}</h3>
    <p><a href="${closeHref}">Close the detail</a></p>
    <dl>
      <dt>Status</dt><dd>${error ? h`<strong class="err">error</strong>` : s.statusCode === 1 ? 'ok' : 'unset'}${s.statusMessage ? h` — ${s.statusMessage}` : ''}</dd>
      <dt>Service</dt><dd>${s.service ?? '–'}</dd>
      <dt>Kind</dt><dd>${KIND[s.kind] ?? String(s.kind)}</dd>
      <dt>Started</dt><dd>at +${ms(s.startNs - traceStartNs)}</dd>
      <dt>Duration</dt><dd>${ms(s.endNs - s.startNs)}</dd>
      <dt>Span id</dt><dd><code>${s.spanId}</code></dd>
    </dl>
    ${keyValues('Attributes', s.attributes)}
    <h4>Events</h4>
    ${
      s.events.length
        ? h`<ol class="events">${s.events.map(
            (
              e,
            ) => h`<li><strong>${e.name || '(unnamed)'}</strong>${e.timeUnixNano ? h` at +${ms(BigInt(e.timeUnixNano) - traceStartNs)}` : ''}
              ${Object.keys(e.attributes ?? {}).length ? keyValues(`Attributes of ${e.name || 'the event'}`, e.attributes) : ''}</li>`,
          )}</ol>`
        : h`<p class="muted">None.</p>`
    }
    ${keyValues('Resource', s.resource)}
    <h4>Links</h4>
    ${
      s.links.length
        ? h`<ul>${s.links.map(
            (l) =>
              h`<li><a href="/console/traces/${l.traceId}?span=${l.spanId}#span-${l.spanId}">Trace ${l.traceId.slice(0, 8)}…, span ${l.spanId}</a></li>`,
          )}</ul>`
        : h`<p class="muted">None.</p>`
    }
  </section>`
}

/**
 * The waterfall, as Jaeger draws one: a line per span (name, service, duration) beside its bar on
 * the page load's time axis; subtrees fold with native `<details>` (no script: console pages have
 * none); services in their colours, errors red, the critical path marked; the selected span's detail
 * opens under its line. On a phone the waterfall fits the width (each span's text above its bar);
 * the spans' text wraps in its column, never cut. A table of the same spans is the text alternative.
 */
export function waterfall(
  spans: readonly WaterfallSpan[],
  opts: { traceStartNs: bigint; traceEndNs: bigint; selected?: string; hrefFor: (spanId?: string) => string },
): Html {
  const totalNs = opts.traceEndNs - opts.traceStartNs || 1n
  const totalMs = Number(totalNs) / 1e6
  const step = tickStep(totalMs)
  const stepPct = (step / totalMs) * 100
  const services = [...new Set(spans.map((s) => s.service ?? '(none)'))]
  const colour = (service: string | null) =>
    SERVICE_COLOURS[services.indexOf(service ?? '(none)') % SERVICE_COLOURS.length]!
  const critical = criticalPath(spans)
  const known = new Set(spans.map((s) => s.spanId))
  const children = new Map<string | null, WaterfallSpan[]>()
  for (const s of spans) {
    const parent = s.parentSpanId && known.has(s.parentSpanId) ? s.parentSpanId : null
    children.set(parent, [...(children.get(parent) ?? []), s])
  }
  const pct = (ns: bigint) => (Number(ns) / Number(totalNs)) * 100
  const ticks: number[] = []
  for (let t = 0; t <= totalMs + 1e-9; t += step) ticks.push(t)

  const row = (s: WaterfallSpan, depth: number): Html => {
    const error = s.statusCode === STATUS_ERROR
    const onPath = critical.has(s.spanId)
    const kids = children.get(s.spanId) ?? []
    const selected = opts.selected === s.spanId
    const left = pct(s.startNs - opts.traceStartNs)
    const width = pct(s.endNs - s.startNs)
    const indent = Math.min(depth, 12) * 12
    return h`<li id="span-${s.spanId}" data-depth="${depth}" style="--indent:${indent}px"${selected ? h` class="selected"` : ''}>
      <div class="wfRow${error ? ' error' : ''}${onPath ? ' critical' : ''}">
        <div class="wfLabel">
          <a class="wfName" href="${selected ? opts.hrefFor() : opts.hrefFor(s.spanId)}#span-${s.spanId}" aria-expanded="${selected ? 'true' : 'false'}">${s.name}</a>
          <span class="wfMeta"><span class="swatch" style="background:${colour(s.service)}"></span>${s.service ?? '–'} · ${ms(s.endNs - s.startNs)}${s.httpStatus ? ` · HTTP ${s.httpStatus}` : ''}${error ? h` · <strong class="err">error</strong>` : ''}${onPath ? h` <span class="cp" title="On the critical path">◆<span class="vh"> on the critical path</span></span>` : ''}</span>
        </div>
        <div class="wfTrack" aria-hidden="true"><span class="wfBar" style="left:${left.toFixed(3)}%;width:${width.toFixed(3)}%${error ? '' : `;background:${colour(s.service)}`}"></span></div>
      </div>
      ${selected ? spanDetail(s, opts.traceStartNs, `${opts.hrefFor()}#span-${s.spanId}`) : ''}
      ${
        kids.length
          ? h`<details open><summary><span class="vh">The ${kids.length} span${kids.length > 1 ? 's' : ''} under ${s.name}</span></summary>
        <ol class="wfList">${kids.map((k) => row(k, depth + 1))}</ol></details>`
          : ''
      }
    </li>`
  }

  const table = spans.map((s) => {
    const error = s.statusCode === STATUS_ERROR
    return h`<tr><th scope="row" style="padding-left:${8 + Math.min(s.depth, 12) * 12}px"><span class="vh">Level ${s.depth + 1}: </span>${s.name}</th>
      <td>${s.service ?? '–'}</td><td>+${ms(s.startNs - opts.traceStartNs)}</td><td>${ms(s.endNs - s.startNs)}</td>
      <td>${error ? h`<strong class="err">error</strong>` : 'ok'}${s.statusMessage ? h` — ${s.statusMessage}` : ''}</td><td>${critical.has(s.spanId) ? 'yes' : 'no'}</td></tr>`
  })

  return h`<p class="legend" aria-label="Services">${services.map(
    (name) => h`<span><span class="swatch" style="background:${colour(name)}"></span>${name}</span>`,
  )}<span><span class="swatch errorSwatch"></span>error</span><span><span class="cp">◆</span> critical path</span></p>
    <div class="wf" role="region" aria-label="Waterfall" tabindex="0" style="--step:${stepPct.toFixed(4)}%">
      <div class="wfInner">
        <div class="wfAxis" aria-hidden="true"><div class="wfLabel">Span · service · duration</div>
          <div class="wfTicks">${ticks.map(
            // A label near the right end ends at its tick, or it would run past the track.
            (t) =>
              h`<span style="left:${((t / totalMs) * 100).toFixed(3)}%"${t / totalMs > 0.9 && t > 0 ? h` class="end"` : ''}>${tickLabel(t, step)}</span>`,
          )}</div></div>
        <ol class="wfList">${(children.get(null) ?? []).map((s) => row(s, 0))}</ol>
      </div>
    </div>
    <details class="wfText"><summary>The spans as a table (text alternative)</summary>
      <div class="tableWrap" tabindex="0" role="region" aria-label="Spans table"><table>
        <caption class="vh">Every span of the page load in tree order</caption>
        <thead><tr><th scope="col">Span</th><th scope="col">Service</th><th scope="col">Starts at</th><th scope="col">Duration</th>
        <th scope="col">Status</th><th scope="col">Critical path</th></tr></thead><tbody>${table}</tbody></table></div>
    </details>`
}
