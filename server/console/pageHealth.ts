import type { Database } from '../db/database'

/**
 * The health view's numbers: p75 and p95 of each real-user measure, per time slot and over the
 * period, and the fault rate per plugin, for one brand (and optionally a language, device class
 * and switches' version). Percentiles come from log-scale bins (DDSketch's, 2.5 % relative accuracy:
 * bin i holds (1.05^(i-1), 1.05^i], read back as 2·1.05^i/2.05), counted per hour and per day by the
 * database (migration 0024) as a cube ('*' standing for every language, device class or version),
 * so a view reads only its own rows: a day of a store is a few thousand. The last hour is read from the page loads themselves, binned the same way,
 * in 5-minute slots.
 */

export const GAMMA = 1.05
export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

/** The bin of a value, as the database's `health_bin`: -1 for zero (and for plain counts). */
export const binOf = (v: number): number => (v <= 0 ? -1 : Math.ceil(Math.log(v) / Math.log(GAMMA) - 1e-9))
/** The value a bin stands for: within 2.5 % of every value in it. */
export const valueOfBin = (bin: number): number => (bin < 0 ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1))

export type Bins = Map<number, number>

/** The nearest-rank quantile `q` of what `bins` counted, or undefined when they counted nothing. */
export function quantile(bins: Bins, q: number): number | undefined {
  const total = [...bins.values()].reduce((a, b) => a + b, 0)
  if (total === 0) return undefined
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (const bin of [...bins.keys()].sort((a, b) => a - b)) {
    seen += bins.get(bin) ?? 0
    if (seen >= rank) return valueOfBin(bin)
  }
  return undefined
}

const countOf = (bins: Bins | undefined) => [...(bins?.values() ?? [])].reduce((a, b) => a + b, 0)

export const PERIODS = {
  hour: { label: 'Last hour', spanMs: HOUR_MS, slotMs: 5 * 60_000 },
  day: { label: 'Last 24 hours', spanMs: DAY_MS, slotMs: HOUR_MS },
  week: { label: 'Last 7 days', spanMs: 7 * DAY_MS, slotMs: DAY_MS },
} as const
export type Period = keyof typeof PERIODS

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const

export interface HealthFilter {
  brand: string
  lang?: string
  device?: string
  version?: string
  period: Period
}

export interface SlotFigures {
  slotMs: number
  count: number
  p75?: number
  p95?: number
}

export interface MeasureFigures {
  /** live, lcp, inp, cls, blocking, press_wait, or part:<part>. */
  measure: string
  count: number
  p75?: number
  p95?: number
  slots: SlotFigures[]
}

export interface Health {
  /** The first slot's start and each slot's length. */
  fromMs: number
  slotMs: number
  slots: number[]
  pages: number
  /** Page loads per slot. */
  pagesPerSlot: Map<number, number>
  measures: Map<string, MeasureFigures>
  /** Per plugin: the page loads where it failed, and their share of all. */
  faults: { plugin: string; pages: number; rate: number }[]
  /** The switches' versions seen over the last week, for the filter. */
  versions: string[]
}

/** Bins per measure and slot. */
type Counts = Map<string, Map<number, Bins>>

function add(counts: Counts, measure: string, slot: number, bin: number, n: number) {
  const slots = counts.get(measure) ?? new Map<number, Bins>()
  counts.set(measure, slots)
  const bins = slots.get(slot) ?? new Map<number, number>()
  slots.set(slot, bins)
  bins.set(bin, (bins.get(bin) ?? 0) + n)
}

/** The roll-up's row for the filter: each dimension as chosen, or '*' (the cube's "all"). */
function cubeRow(f: HealthFilter, first: number): { sql: string; params: string[] } {
  return {
    sql: `AND lang = $${first} AND device = $${first + 1} AND version = $${first + 2}`,
    params: [f.lang || '*', f.device || '*', f.version || '*'],
  }
}

/** The filter's WHERE clauses after the brand, from parameter `$first` on. */
function narrowing(f: HealthFilter, first: number): { sql: string; params: string[] } {
  const clauses: string[] = []
  const params: string[] = []
  for (const [column, value] of [
    ['lang', f.lang],
    ['device', f.device],
    ['version', f.version],
  ] as const) {
    if (!value) continue
    params.push(value)
    clauses.push(`AND ${column} = $${first + params.length - 1}`)
  }
  return { sql: clauses.join(' '), params }
}

interface RawRow {
  at_ms: string
  live_ms: number | null
  lcp_ms: number | null
  inp_ms: number | null
  cls_milli: number | null
  blocking_ms: number | null
  press_wait_ms: number | null
  parts: Record<string, number>
  fault_plugins: string[]
}

const RAW_COLUMNS: [string, keyof RawRow][] = [
  ['live', 'live_ms'],
  ['lcp', 'lcp_ms'],
  ['inp', 'inp_ms'],
  ['cls', 'cls_milli'],
  ['blocking', 'blocking_ms'],
  ['press_wait', 'press_wait_ms'],
]

/** One measure's count and percentiles, over a slot or the whole period. */
interface Fig {
  count: number
  p75?: number
  p95?: number
}
type Figures = Map<string, { total: Fig; slots: Map<number, Fig> }>

function figure(figures: Figures, measure: string, slot: number | null, fig: Fig) {
  const m = figures.get(measure) ?? { total: { count: 0 }, slots: new Map<number, Fig>() }
  figures.set(measure, m)
  if (slot === null) m.total = fig
  else m.slots.set(slot, fig)
}

const figOf = (bins: Bins): Fig => ({
  count: countOf(bins),
  ...defined('p75', quantile(bins, 0.75)),
  ...defined('p95', quantile(bins, 0.95)),
})

/** The last hour, from the page loads themselves, binned as the roll-up bins them. */
async function rawFigures(db: Database, f: HealthFilter, fromMs: number, slotMs: number): Promise<Figures> {
  const counts: Counts = new Map()
  const more = narrowing(f, 3)
  const { rows } = await db.query<RawRow>(
    `SELECT at_ms, live_ms, lcp_ms, inp_ms, cls_milli, blocking_ms, press_wait_ms, parts, fault_plugins
     FROM page_measures WHERE brand = $1 AND at_ms >= $2 ${more.sql}`,
    [f.brand, String(fromMs), ...more.params],
  )
  for (const r of rows) {
    const at = Number(r.at_ms)
    const slot = at - (at % slotMs)
    add(counts, 'pages', slot, -1, 1)
    for (const [measure, column] of RAW_COLUMNS) {
      const v = r[column]
      if (typeof v === 'number') add(counts, measure, slot, binOf(v), 1)
    }
    for (const [part, v] of Object.entries(r.parts)) add(counts, `part:${part}`, slot, binOf(v), 1)
    for (const plugin of r.fault_plugins) add(counts, `fault:${plugin}`, slot, -1, 1)
  }
  const figures: Figures = new Map()
  for (const [measure, perSlot] of counts) {
    const all: Bins = new Map()
    for (const [slot, bins] of perSlot) {
      figure(figures, measure, slot, figOf(bins))
      for (const [bin, n] of bins) all.set(bin, (all.get(bin) ?? 0) + n)
    }
    figure(figures, measure, null, figOf(all))
  }
  return figures
}

/**
 * A day or a week, from the roll-up: the database sums the bins of the chosen slots and reads each
 * percentile's bin by a running count (nearest rank, as `quantile`), per slot and over the period,
 * so a few hundred rows come back however many page loads there were.
 */
async function rolledUpFigures(
  db: Database,
  f: HealthFilter,
  fromMs: number,
  slotMs: number,
): Promise<Figures> {
  const more = cubeRow(f, 3)
  const { rows } = await db.query<{
    slot_ms: string | null
    measure: string
    n: string
    p75: number
    p95: number
  }>(
    `WITH b AS (
       SELECT slot_ms, measure, bin, sum(count) AS n FROM page_measure_rollup
       WHERE grain_ms = ${slotMs} AND brand = $1 AND slot_ms >= $2 ${more.sql}
       GROUP BY GROUPING SETS ((slot_ms, measure, bin), (measure, bin))
     ), c AS (
       SELECT slot_ms, measure, bin,
         sum(n) OVER (PARTITION BY slot_ms, measure ORDER BY bin) AS seen,
         sum(n) OVER (PARTITION BY slot_ms, measure) AS total
       -- Each part and fault is shown over the period only: no running counts per slot for them.
       FROM b WHERE slot_ms IS NULL OR (measure NOT LIKE 'part:%' AND measure NOT LIKE 'fault:%')
     )
     SELECT slot_ms, measure, total AS n,
       min(bin) FILTER (WHERE seen >= ceil(0.75 * total)) AS p75,
       min(bin) FILTER (WHERE seen >= ceil(0.95 * total)) AS p95
     FROM c GROUP BY slot_ms, measure, total`,
    [f.brand, String(fromMs), ...more.params],
  )
  const figures: Figures = new Map()
  for (const r of rows)
    figure(figures, r.measure, r.slot_ms === null ? null : Number(r.slot_ms), {
      count: Number(r.n),
      p75: valueOfBin(r.p75),
      p95: valueOfBin(r.p95),
    })
  return figures
}

/** The health of `f.brand` over `f.period`, ending `now`. */
export async function pageHealth(db: Database, f: HealthFilter, now = Date.now()): Promise<Health> {
  const period = PERIODS[f.period]
  const slotOf = (at: number) => at - (at % period.slotMs)
  // The slot the period starts in is shown whole (the hour, or the day, it began in).
  const fromMs = slotOf(now - period.spanMs)
  const [figures, versions] = await Promise.all([
    f.period === 'hour'
      ? rawFigures(db, f, now - period.spanMs, period.slotMs)
      : rolledUpFigures(db, f, fromMs, period.slotMs),
    db
      .query<{ version: string }>(
        `SELECT DISTINCT version FROM page_measure_rollup WHERE grain_ms = ${DAY_MS} AND brand = $1 AND lang = '*' AND device = '*' AND version <> '*' AND slot_ms >= $2 AND measure = 'pages' ORDER BY version`,
        [f.brand, String(now - 8 * DAY_MS)],
      )
      .then(({ rows }) => rows.map((r) => r.version)),
  ])
  const shown: number[] = []
  for (let s = fromMs; s <= now; s += period.slotMs) shown.push(s)
  const pagesFig = figures.get('pages')
  const pagesPerSlot = new Map([...(pagesFig?.slots ?? [])].map(([slot, fig]) => [slot, fig.count]))
  const pages = pagesFig?.total.count ?? 0
  const measures = new Map<string, MeasureFigures>()
  const faults: Health['faults'] = []
  for (const [measure, { total, slots }] of figures) {
    if (measure === 'pages') continue
    if (measure.startsWith('fault:')) {
      faults.push({
        plugin: measure.slice('fault:'.length),
        pages: total.count,
        rate: pages ? total.count / pages : 0,
      })
      continue
    }
    measures.set(measure, {
      measure,
      ...total,
      slots: shown.map((slotMs) => ({ slotMs, ...(slots.get(slotMs) ?? { count: 0 }) })),
    })
  }
  faults.sort((a, b) => b.rate - a.rate || a.plugin.localeCompare(b.plugin))
  return { fromMs, slotMs: period.slotMs, slots: shown, pages, pagesPerSlot, measures, faults, versions }
}

const defined = <K extends string>(key: K, v: number | undefined) =>
  (v === undefined ? {} : { [key]: v }) as Partial<Record<K, number>>

/** The columns a measure sorts the slowest page loads by. */
function measureColumn(measure: string): string | undefined {
  const plain: Record<string, string> = {
    live: 'live_ms',
    lcp: 'lcp_ms',
    inp: 'inp_ms',
    cls: 'cls_milli',
    blocking: 'blocking_ms',
    press_wait: 'press_wait_ms',
  }
  if (plain[measure]) return plain[measure]
  const part = /^part:([a-zA-Z.]{1,40})$/.exec(measure)?.[1]
  return part ? `(parts->>'${part}')::integer` : undefined
}

export interface SlowPageLoad {
  traceId: string
  atMs: number
  value: number
  version: string
  device: string
  lang: string
}

/** The slowest page loads by `measure` in the slot starting `slotMs`: the way into their waterfalls. */
export async function slowestPageLoads(
  db: Database,
  f: HealthFilter,
  measure: string,
  slotMs: number,
  limit = 10,
): Promise<SlowPageLoad[]> {
  const column = measureColumn(measure)
  if (!column) return []
  const more = narrowing(f, 4)
  const { rows } = await db.query<{
    trace_id: string
    at_ms: string
    value: number
    version: string
    device: string
    lang: string
  }>(
    `SELECT trace_id, at_ms, ${column} AS value, version, device, lang FROM page_measures
     WHERE brand = $1 AND at_ms >= $2 AND at_ms < $3 AND ${column} IS NOT NULL ${more.sql}
     ORDER BY ${column} DESC LIMIT ${limit}`,
    [f.brand, String(slotMs), String(slotMs + PERIODS[f.period].slotMs), ...more.params],
  )
  return rows.map((r) => ({
    traceId: r.trace_id,
    atMs: Number(r.at_ms),
    value: r.value,
    version: r.version,
    device: r.device,
    lang: r.lang,
  }))
}
