import { BRANDS } from '../../../site/brand'
import { type Budget, budgetOf } from '../healthBudgets'
import {
  DAY_MS,
  DEVICES,
  type Health,
  type HealthFilter,
  type MeasureFigures,
  PERIODS,
  type SlowPageLoad,
} from '../pageHealth'
import { type Html, h, raw } from './consoleLayout'

/** The measures charted, in the order an on-call engineer reads them. */
export const MEASURES: { key: string; label: string }[] = [
  { key: 'live', label: 'Header live (every part)' },
  { key: 'lcp', label: 'Largest contentful paint (when the header holds it)' },
  { key: 'inp', label: 'Interaction to next paint' },
  { key: 'cls', label: 'Cumulative layout shift' },
  { key: 'blocking', label: 'Blocking time until live' },
  { key: 'press_wait', label: 'Wait for a press made at first paint' },
]

/** What the page shows of the slowest page loads, when a point was chosen. */
export interface SlowestShown {
  measure: string
  at: number
  loads: SlowPageLoad[]
}

const labelOf = (measure: string) =>
  MEASURES.find((m) => m.key === measure)?.label ??
  (measure.startsWith('part:') ? `${measure.slice(5)} live` : measure)

/** A value as read: CLS in its own unit (stored in thousandths), the others in milliseconds. */
export function shown(measure: string, v: number | undefined): string {
  if (v === undefined) return '–'
  if (measure === 'cls') return (v / 1000).toFixed(3)
  return `${Math.round(v).toLocaleString('en-US')} ms`
}

const pageLoads = (n: number) => `${n.toLocaleString('en-US')} page load${n === 1 ? '' : 's'}`

const slotLabel = (ms: number, slotMs: number) => {
  const iso = new Date(ms).toISOString()
  return slotMs >= DAY_MS ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ')
}

/** The page's address with `changes` applied. */
export function healthHref(
  f: HealthFilter,
  changes: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams()
  const all: Record<string, string | number | undefined> = {
    brand: f.brand,
    lang: f.lang,
    device: f.device,
    version: f.version,
    period: f.period,
    ...changes,
  }
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== '') params.set(k, String(v))
  return `/console/health?${params}`
}

const option = (value: string, label: string, selected: string | undefined) =>
  h`<option value="${value}"${value === (selected ?? '') ? h` selected` : ''}>${label}</option>`

const W = 720
const H = 220
/** The plot's margins: the right one wider than the latest point's hit circle (r 10), so no point is cut. */
const PAD = { left: 64, right: 24, top: 16, bottom: 32 }
/** The budget label's height (12 px type) and the gap it keeps from its line. */
const LABEL_H = 12
const LABEL_GAP = 5

/**
 * Where the budget label sits: above its line, or below it when a gridline (or the plot's top) would
 * cross the text above; whichever side is clear. Returns the text's baseline.
 */
export function budgetLabelY(lineY: number, gridYs: readonly number[], plotTop: number): number {
  const clear = (baseline: number) =>
    baseline - LABEL_H >= plotTop - 2 && gridYs.every((g) => g < baseline - LABEL_H - 2 || g > baseline + 3)
  const above = lineY - LABEL_GAP
  const below = lineY + LABEL_GAP + LABEL_H
  if (clear(above)) return above
  if (clear(below)) return below
  return above
}

/**
 * A series as a path: one run per stretch of consecutive slots that have a value (a gap is not
 * drawn across), and a marker at each point, so a lone point (one slot with page loads) shows too.
 */
export function seriesPath(points: readonly ({ x: number; y: number } | undefined)[]): string {
  let d = ''
  let inRun = false
  for (const p of points) {
    if (!p) {
      inRun = false
      continue
    }
    d += `${inRun ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`
    inRun = true
  }
  return d
}

/**
 * One measure's chart: p75 and p95 per slot, the budget as a dashed line, each slot's point a link
 * to that moment's slowest page loads. Drawn on the server as SVG, no script (the console has none).
 */
function chart(
  f: HealthFilter,
  health: Health,
  m: MeasureFigures,
  budget: Budget | undefined,
  titleId: string,
): Html {
  const slots = m.slots
  const top = Math.max(1, budget?.value ?? 0, ...slots.map((s) => s.p95 ?? 0)) * 1.15
  const x = (i: number) =>
    PAD.left + (slots.length <= 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (slots.length - 1))
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom)
  // One point per slot with a value; a single point's line has no length, hence the markers.
  const series = (key: 'p75' | 'p95') =>
    slots.map((s, i) => (s[key] === undefined ? undefined : { x: x(i), y: y(s[key]) }))
  const p75 = series('p75')
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * (top / 1.15))
  const every = Math.max(1, Math.ceil(slots.length / 6))
  const points = slots.map((s, i) =>
    s.p95 === undefined
      ? ''
      : h`<a href="${healthHref(f, { measure: m.measure, at: s.slotMs })}#slowest" aria-label="${`Slowest page loads of ${slotLabel(s.slotMs, health.slotMs)}: p95 ${shown(m.measure, s.p95)}`}">
          <circle class="hit" cx="${x(i).toFixed(1)}" cy="${y(s.p95).toFixed(1)}" r="10"/>
          <circle class="p95" cx="${x(i).toFixed(1)}" cy="${y(s.p95).toFixed(1)}" r="3.5"/></a>`,
  )
  return h`<svg viewBox="0 0 ${W} ${H}" role="group" aria-labelledby="${titleId}" class="chart">
    ${ticks.map(
      (
        t,
      ) => h`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"/>
      <text class="tick" x="${PAD.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${shown(m.measure, t)}</text>`,
    )}
    ${slots.map((s, i) =>
      i % every === 0
        ? h`<text class="tick" x="${x(i).toFixed(1)}" y="${H - 10}" text-anchor="middle">${slotLabel(s.slotMs, health.slotMs).slice(health.slotMs >= DAY_MS ? 5 : 11)}</text>`
        : '',
    )}
    ${
      budget
        ? h`<line class="budget" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(budget.value).toFixed(1)}" y2="${y(budget.value).toFixed(1)}"/>
      <text class="budgetLabel" x="${W - PAD.right}" y="${budgetLabelY(
        y(budget.value),
        ticks.map((t) => y(t)),
        PAD.top,
      ).toFixed(1)}" text-anchor="end">budget ${shown(m.measure, budget.value)}</text>`
        : ''
    }
    <path class="p75" d="${seriesPath(p75)}"/>
    ${p75.map((p) => (p ? h`<rect class="p75" x="${(p.x - 3).toFixed(1)}" y="${(p.y - 3).toFixed(1)}" width="6" height="6"/>` : ''))}
    <path class="p95" d="${seriesPath(series('p95'))}"/>
    ${points}
  </svg>`
}

function measureSection(f: HealthFilter, health: Health, m: MeasureFigures): Html {
  const id = `m-${m.measure.replace(/[^a-z0-9]+/gi, '-')}`
  const budget = budgetOf(m.measure)
  const over = budget && m.p95 !== undefined && m.p95 > budget.value
  return h`<section class="measure" aria-labelledby="${id}">
    <h2 id="${id}">${labelOf(m.measure)}</h2>
    <p class="figures"><span>p75 <strong>${shown(m.measure, m.p75)}</strong></span>
      <span>p95 <strong>${shown(m.measure, m.p95)}</strong></span>
      <span>${pageLoads(m.count)}</span>
      ${budget ? h`<span class="${over ? 'over' : 'within'}">${over ? 'p95 over budget' : 'p95 within budget'} (${shown(m.measure, budget.value)})</span>` : h`<span class="muted">no budget</span>`}</p>
    <figure>
      <p class="legend" id="${id}-chart"><span class="key p75"></span> p75 <span class="key p95"></span> p95${budget ? h` <span class="key budget"></span> budget: ${budget.source}` : ''}. Each p95 point links to the slowest page loads of its ${PERIODS[f.period].slotMs >= DAY_MS ? 'day' : PERIODS[f.period].slotMs >= 3_600_000 ? 'hour' : '5 minutes'}.</p>
      <div class="chartWrap" tabindex="0" role="region" aria-label="${`${labelOf(m.measure)}, chart`}">${chart(f, health, m, budget, `${id}-chart`)}</div>
      <details><summary>The chart as a table</summary>
        <div class="tableWrap" tabindex="0" role="region" aria-label="${`${labelOf(m.measure)} per slot, as a table`}"><table>
          <caption>${labelOf(m.measure)}, p75 and p95 per ${PERIODS[f.period].slotMs >= DAY_MS ? 'day' : PERIODS[f.period].slotMs >= 3_600_000 ? 'hour' : '5 minutes'} (UTC)</caption>
          <thead><tr><th scope="col">From (UTC)</th><th scope="col">Page loads</th><th scope="col">p75</th><th scope="col">p95</th><th scope="col">Slowest</th></tr></thead>
          <tbody>${m.slots.map(
            (
              s,
            ) => h`<tr><td class="when">${slotLabel(s.slotMs, health.slotMs)}</td><td>${s.count.toLocaleString('en-US')}</td>
              <td>${shown(m.measure, s.p75)}</td><td>${shown(m.measure, s.p95)}</td>
              <td>${s.count > 0 ? h`<a href="${healthHref(f, { measure: m.measure, at: s.slotMs })}#slowest">Slowest page loads</a>` : '–'}</td></tr>`,
          )}</tbody></table></div>
      </details>
    </figure>
  </section>`
}

function faultSection(health: Health): Html {
  const W2 = 720
  const rowH = 28
  const max = Math.max(0.0001, ...health.faults.map((f) => f.rate))
  const svgH = Math.max(1, health.faults.length) * rowH + 8
  return h`<section aria-labelledby="faults"><h2 id="faults">Fault rate per plugin</h2>
    ${
      health.faults.length === 0
        ? h`<p>No plugin failed on these page loads.</p>`
        : h`<figure><p class="legend" id="faults-chart">Share of page loads on which each plugin failed.</p>
      <div class="chartWrap" tabindex="0" role="region" aria-label="Fault rate per plugin, chart"><svg viewBox="0 0 ${W2} ${svgH}" role="group" aria-labelledby="faults-chart" class="chart">
        ${health.faults.map(
          (f, i) => h`<text class="tick" x="150" y="${i * rowH + 19}" text-anchor="end">${f.plugin}</text>
          <rect class="fault" x="160" y="${i * rowH + 6}" height="18" width="${Math.max(1, (f.rate / max) * 460).toFixed(1)}"/>
          <text class="tick" x="${(170 + (f.rate / max) * 460).toFixed(1)}" y="${i * rowH + 19}">${(f.rate * 100).toFixed(2)} %</text>`,
        )}
      </svg></div>
      <div class="tableWrap" tabindex="0" role="region" aria-label="Fault rate per plugin, as a table"><table>
        <caption>Fault rate per plugin</caption>
        <thead><tr><th scope="col">Plugin</th><th scope="col">Page loads where it failed</th><th scope="col">Rate</th></tr></thead>
        <tbody>${health.faults.map(
          (f) =>
            h`<tr><td>${f.plugin}</td><td>${f.pages.toLocaleString('en-US')}</td><td>${(f.rate * 100).toFixed(2)} %</td></tr>`,
        )}</tbody></table></div></figure>`
    }
  </section>`
}

function partsSection(f: HealthFilter, health: Health): Html {
  const parts = [...health.measures.values()]
    .filter((m) => m.measure.startsWith('part:'))
    .sort((a, b) => (b.p95 ?? 0) - (a.p95 ?? 0))
  if (parts.length === 0) return raw('')
  // The latest slot with page loads: the way to the slowest ones of each part.
  const at = [...health.slots].reverse().find((s) => (health.pagesPerSlot.get(s) ?? 0) > 0)
  return h`<section aria-labelledby="parts"><h2 id="parts">Each part’s time to live, slowest first</h2>
    <div class="tableWrap" tabindex="0" role="region" aria-label="Time to live per part, as a table"><table>
      <thead><tr><th scope="col">Part</th><th scope="col">p75</th><th scope="col">p95</th><th scope="col">Budget</th><th scope="col">Slowest, latest ${PERIODS[f.period].slotMs >= DAY_MS ? 'day' : 'slot'}</th></tr></thead>
      <tbody>${parts.map((m) => {
        const budget = budgetOf(m.measure)
        const over = budget && (m.p95 ?? 0) > budget.value
        return h`<tr><th scope="row">${m.measure.slice(5)}</th><td>${shown(m.measure, m.p75)}</td><td>${shown(m.measure, m.p95)}</td>
          <td class="${over ? 'over' : 'within'}">${budget ? `${shown(m.measure, budget.value)}${over ? ', over' : ''}` : '–'}</td>
          <td>${at !== undefined ? h`<a href="${healthHref(f, { measure: m.measure, at })}#slowest">Slowest page loads</a>` : '–'}</td></tr>`
      })}</tbody></table></div></section>`
}

function slowestSection(f: HealthFilter, health: Health, slowest: SlowestShown): Html {
  return h`<section id="slowest" aria-labelledby="slowest-title" tabindex="-1">
    <h2 id="slowest-title">Slowest page loads by ${labelOf(slowest.measure).toLowerCase()}, ${slotLabel(slowest.at, health.slotMs)} (UTC)</h2>
    ${
      slowest.loads.length === 0
        ? h`<p>No page load measured this in that slot.</p>`
        : h`<div class="tableWrap" tabindex="0" role="region" aria-label="The slowest page loads, as a table"><table>
      <thead><tr><th scope="col">Time (UTC)</th><th scope="col">${labelOf(slowest.measure)}</th><th scope="col">Device</th><th scope="col">Language</th><th scope="col">Switches</th><th scope="col">Waterfall</th></tr></thead>
      <tbody>${slowest.loads.map(
        (l) => h`<tr><td class="when">${new Date(l.atMs).toISOString().replace('T', ' ').slice(0, 19)}</td>
          <td>${shown(slowest.measure, l.value)}</td><td>${l.device}</td><td>${l.lang}</td><td><code>${l.version}</code></td>
          <td><a href="/console/traces/${l.traceId}">Page load ${l.traceId.slice(0, 8)}</a></td></tr>`,
      )}</tbody></table></div>`
    }
    <p><a href="${healthHref(f)}">Close the list</a></p>
  </section>`
}

/** The health view's main content. */
export function renderHealth(f: HealthFilter, health: Health, slowest?: SlowestShown): Html {
  const worst = [...health.measures.values()]
    .filter((m) => m.measure.startsWith('part:') && m.p95 !== undefined)
    .sort((a, b) => (b.p95 ?? 0) - (a.p95 ?? 0))
    .slice(0, 3)
  const measures = MEASURES.map((m) => health.measures.get(m.key)).filter((m): m is MeasureFigures => !!m)
  return h`<h1>Health for shoppers</h1>
    <p class="muted">Real-user measures of the header, from the page loads whose shoppers allow analytics. Percentiles are within 2.5 %.</p>
    <form method="get" action="/console/health" class="search"><div class="row">
      <div class="field"><label for="brand">Store</label><select id="brand" name="brand">
        ${BRANDS.map((b) => option(b, b, f.brand))}</select></div>
      <div class="field"><label for="lang">Language</label><select id="lang" name="lang">
        ${option('', 'Both', f.lang)}${option('en', 'English', f.lang)}${option('fr', 'French', f.lang)}</select></div>
      <div class="field"><label for="device">Device class</label><select id="device" name="device">
        ${option('', 'All', f.device)}${DEVICES.map((d) => option(d, d, f.device))}</select></div>
      <div class="field"><label for="version">Switches served</label><select id="version" name="version">
        ${option('', 'All', f.version)}${[...new Set([...health.versions, ...(f.version ? [f.version] : [])])].map((v) => option(v, v, f.version))}</select></div>
      <div class="field"><label for="period">Over</label><select id="period" name="period">
        ${Object.entries(PERIODS).map(([k, p]) => option(k, p.label, f.period))}</select></div>
      <button type="submit">Show</button>
    </div></form>
    ${slowest ? slowestSection(f, health, slowest) : ''}
    <h2 id="summary">${pageLoads(health.pages)}, ${PERIODS[f.period].label.toLowerCase()}</h2>
    ${
      worst.length
        ? h`<p>Worst parts (p95 time to live): ${worst.map(
            (m, i) =>
              h`${i > 0 ? ', ' : ''}<strong>${m.measure.slice(5)}</strong> ${shown(m.measure, m.p95)}${(m.p95 ?? 0) > (budgetOf(m.measure)?.value ?? Number.POSITIVE_INFINITY) ? ' (over budget)' : ''}`,
          )}.</p>`
        : h`<p>No page load measured for this choice.</p>`
    }
    ${measures.map((m) => measureSection(f, health, m))}
    ${partsSection(f, health)}
    ${faultSection(health)}`
}

export const HEALTH_CSS = `
.figures{display:flex;flex-wrap:wrap;gap:4px 16px}
.over{color:var(--err);font-weight:600}
.within{color:var(--ok)}
figure{margin:8px 0 24px}
/* Below 600 px a chart scrolls in its own region, starting at its right end: now. */
.chartWrap{max-width:100%;overflow-x:auto;direction:rtl}
.chartWrap>svg{direction:ltr}
.chart{width:100%;min-width:600px;height:auto;display:block;font:12px system-ui,sans-serif}
.chart .grid{stroke:#e4dfdb}
.chart .tick{fill:var(--muted)}
.chart .p75{fill:none;stroke:var(--accent);stroke-width:2}
.chart rect.p75{fill:var(--accent);stroke:none}
.chart .p95{fill:none;stroke:var(--focus);stroke-width:2}
.chart circle.p95{fill:var(--focus);stroke:none}
.chart circle.hit{fill:transparent}
.chart a:focus-visible circle.hit,.chart a:hover circle.hit{fill:#1a5fb433}
.chart .budget{stroke:var(--err);stroke-width:1.5;stroke-dasharray:6 4}
.chart .budgetLabel{fill:var(--err);paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}
.chart .fault{fill:var(--err)}
.legend{margin:4px 0}
.key{display:inline-block;width:18px;height:0;border-top:3px solid;vertical-align:middle}
.key.p75{border-color:var(--accent)}.key.p95{border-color:var(--focus)}.key.budget{border-color:var(--err);border-top-style:dashed}
#slowest{border:1px solid #d6d0cb;border-radius:4px;padding:4px 12px;margin:12px 0}
`
