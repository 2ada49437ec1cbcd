import { killUnderWrites, sigtermUnderReads } from './faults'
import { freePortIn, type Instance, newDataDir, startInstance } from './instances'
import { type LoadResult, runLoad } from './loadLoop'

/**
 * `npm run load`: the reference server under load and faults, on this machine only (loopback).
 * Environment: DATABASE_URL (a PostgreSQL both instances share; default an embedded database each),
 * LOAD_SECONDS (10 per call, at most 60), LOAD_CONNECTIONS (32), LOAD_PORTS (4400-4499),
 * LOAD_CPU_PROF (a folder: the loaded instance writes a CPU profile there, for --cpu-prof's view),
 * LOAD_CALLS (some of home,siteConfig,suggestions: only those calls, and no fault runs; default all).
 * Prints a table and exits 1 when a budget is missed. Figures depend on what else the machine runs.
 */
const env = process.env
const seconds = Math.min(60, Math.max(1, Number(env.LOAD_SECONDS ?? 10)))
const connections = Math.min(256, Math.max(1, Number(env.LOAD_CONNECTIONS ?? 32)))
const [portFrom, portTo] = (env.LOAD_PORTS ?? '4400-4499').split('-').map(Number) as [number, number]
const databaseUrl = env.DATABASE_URL || undefined
const only = env.LOAD_CALLS?.split(',')
  .map((s) => s.trim())
  .filter(Boolean)

export const BUDGETS = {
  home: { reqPerSec: 500, p99: 100 },
  siteConfig: { reqPerSec: 1000, p99: 50 },
  suggestions: { reqPerSec: 1000, p99: 50 },
} as const

const CALLS = {
  home: '/',
  siteConfig: '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
  suggestions: '/rest/v2/usb2c/products/searchsuggestions?lang=en&term=col',
} as const

// A profile or a before/after of one call needs only that call: the others and the fault runs are
// minutes of a shared machine.
const calls = (Object.entries(CALLS) as [keyof typeof CALLS, string][]).filter(
  ([name]) => !only || only.includes(name),
)
if (only?.some((name) => !(name in CALLS)))
  throw new Error(`LOAD_CALLS names ${only.join(', ')}; the calls are ${Object.keys(CALLS).join(', ')}.`)

const taken = new Set<number>()
const port = async () => {
  const p = await freePortIn(portFrom, portTo, taken)
  taken.add(p)
  return p
}

const started: Instance[] = []
const start = async (opts: Parameters<typeof startInstance>[0]) => {
  const instance = await startInstance({ nextPort: port, ...opts })
  started.push(instance)
  return instance
}

const rows: string[][] = []
let failed = false
const verdict = (ok: boolean) => {
  if (!ok) failed = true
  return ok ? 'pass' : '**FAIL**'
}

try {
  console.log(
    `Load check: ${connections} connections, ${seconds} s per call, ${databaseUrl ? 'PostgreSQL' : 'embedded database'}`,
  )
  // LOAD_CPU_PROF=<folder>: the instance under load writes a V8 CPU profile there when it stops.
  const profile = env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${env.LOAD_CPU_PROF}`] : []
  const one = await start({ port: await port(), databaseUrl, nodeFlags: profile, readinessGraceMs: 0 })
  // A warm-up, so a cache's first fill and the JIT are not the figures.
  for (const [, path] of calls)
    await runLoad({ origin: one.origin, path, connections: 4, durationMs: 1000, maxRequests: 500 })
  for (const [name, path] of calls) {
    const r: LoadResult = await runLoad({
      origin: one.origin,
      path,
      connections,
      durationMs: seconds * 1000,
      maxRequests: 200_000,
    })
    const budget = BUDGETS[name]
    const ok = r.errors === 0 && r.reqPerSec >= budget.reqPerSec && r.p99 <= budget.p99
    rows.push([
      `${name} (${path})`,
      `${Math.round(r.reqPerSec)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`,
      `≥ ${budget.reqPerSec} req/s, p99 ≤ ${budget.p99} ms`,
      verdict(ok),
    ])
    if (r.failures.length) console.log(`  ${name} failures: ${r.failures.join('; ')}`)
  }

  one.signal('SIGTERM')
  await one.exited
  if (!only) {
    // kill -9 under writes: the other instance on the same PostgreSQL, or the same one restarted on its
    // embedded database.
    const victimDir = databaseUrl ? undefined : newDataDir()
    const victim = await start({ port: await port(), databaseUrl, dataDir: victimDir })
    const spare = databaseUrl ? await start({ port: await port(), databaseUrl }) : undefined
    const killed = await killUnderWrites(
      victim,
      async () => {
        if (spare) return spare
        await victim.exited
        return start({ port: await port(), dataDir: victimDir })
      },
      { visitors: 16, killAfterMs: 2000, limitMs: 6000 },
    )
    rows.push([
      'kill -9 while 16 visitors store consent choices',
      `${killed.acknowledged} acknowledged, ${killed.lost} lost, ${killed.storedTwice} stored twice, ${killed.fiveHundreds} 5xx (${killed.resentAfterSocketError} re-sent)`,
      'nothing lost or doubled, no 5xx',
      verdict(
        killed.lost === 0 && killed.storedTwice === 0 && killed.fiveHundreds === 0 && killed.acknowledged > 0,
      ),
    ])

    // SIGTERM under keep-alive reads: reads need no shared database.
    const stopping = await start({ port: await port(), databaseUrl, readinessGraceMs: 2000 })
    const other = await start({ port: await port(), databaseUrl })
    const drained = await sigtermUnderReads(stopping, other, {
      readers: 16,
      signalAfterMs: 1500,
      limitMs: 15_000,
    })
    rows.push([
      'SIGTERM while 16 keep-alive readers read the site configuration',
      `${drained.requests} requests, ${drained.reset} reset${drained.resetCodes.length ? ` (${drained.resetCodes.join(', ')})` : ''}, ${drained.refusedToOther} refused to the other, ${drained.closedWhileDraining}/${drained.answeredWhileDraining} answers while draining said Connection: close, ready ${[...new Set(drained.readyDuringDrain)].join('/')} live ${[...new Set(drained.liveDuringDrain)].join('/')}, exit ${drained.exitCode}`,
      '0 reset, exit 0',
      verdict(drained.reset === 0 && drained.exitCode === 0 && drained.fiveHundreds === 0),
    ])
  }
} finally {
  for (const instance of started) instance.signal('SIGKILL')
}

const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...[['what', 'measured', 'wanted', ''], ...rows].map((r) => r[i]!.length)),
)
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`
console.log(line(['what', 'measured', 'wanted', '']))
console.log(line(widths.map((w) => '-'.repeat(w))))
for (const row of rows) console.log(line(row))
process.exit(failed ? 1 : 0)
