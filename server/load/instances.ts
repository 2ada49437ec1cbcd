import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The addresses the load check may send to: this machine only, never a host on the network. */
export const LOOPBACK = '127.0.0.1'

export const BUILT_SERVER = 'dist-server/main.mjs'

/** The first free port from `from` up to `to` on the loopback address. */
export async function freePortIn(from: number, to: number, taken: ReadonlySet<number> = new Set()) {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, LOOPBACK, () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`No free port between ${from} and ${to}.`)
}

export interface InstanceOptions {
  port: number
  /** A PostgreSQL URL shared by the instances; without it each has an embedded database of its own. */
  databaseUrl?: string
  /** The embedded database's folder (kept across a restart of the same instance). */
  dataDir?: string
  /** How long it answers, not ready, after SIGTERM (DRAIN_READINESS_MS). */
  readinessGraceMs?: number
  /** Extra node flags (e.g. --cpu-prof). */
  nodeFlags?: string[]
  env?: Record<string, string>
  /**
   * Another free port, for when `port` was free when probed and taken before the instance listened
   * (two load checks or test runs side by side probe the same range). Without it that is an error.
   */
  nextPort?: () => Promise<number>
}

/** What the built server prints once its database is ready and it serves requests (main.ts). */
const SERVING = 'One Header reference server ('
/** What it prints when its port is taken (main.ts). */
const PORT_TAKEN = 'EADDRINUSE'

export interface Instance {
  readonly port: number
  readonly origin: string
  readonly dataDir: string | undefined
  readonly exited: Promise<number | null>
  output(): string
  signal(signal: NodeJS.Signals): void
}

/** A temporary folder for one embedded database. */
export const newDataDir = () => join(mkdtempSync(join(tmpdir(), 'one-header-load-')), 'pglite')

/**
 * Starts the built server (`npm run build` first) on the loopback address and waits until it says
 * it serves and its readiness probe says ready. A port taken meanwhile by someone else is retried on
 * `nextPort()`, a few times.
 */
export async function startInstance(opts: InstanceOptions): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts)
    } catch (error) {
      if (!(error instanceof PortTaken) || !opts.nextPort || attempt >= 5) throw error
      opts = { ...opts, port: await opts.nextPort() }
    }
  }
}

class PortTaken extends Error {}

async function startOnce(opts: InstanceOptions): Promise<Instance> {
  if (!existsSync(BUILT_SERVER)) throw new Error(`Run \`npm run build\` first: ${BUILT_SERVER} is missing.`)
  const dataDir = opts.databaseUrl ? undefined : (opts.dataDir ?? newDataDir())
  const child: ChildProcess = spawn(
    process.execPath,
    [...(opts.nodeFlags ?? []), '--enable-source-maps', BUILT_SERVER],
    {
      env: {
        ...process.env,
        PORT: String(opts.port),
        HOST: LOOPBACK,
        DATABASE_URL: opts.databaseUrl ?? '',
        DATA_DIR: dataDir ?? '',
        LOG_REQUESTS: '0',
        DRAIN_READINESS_MS: String(opts.readinessGraceMs ?? 1000),
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  // 'close', after 'exit': its output is all read by then (a taken port is told there).
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const origin = `http://${LOOPBACK}:${opts.port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (gone) {
      const message = `The instance on port ${opts.port} exited while starting:\n${output}`
      throw output.includes(PORT_TAKEN) ? new PortTaken(message) : new Error(message)
    }
    // Only once this instance says it serves: until then a "ready" on its port may be another
    // process's server, which took the port first.
    const ready =
      output.includes(SERVING) &&
      (await fetch(`${origin}/healthz/ready`).then(
        (res) => res.status === 200,
        () => false,
      ))
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The instance on port ${opts.port} was not ready within 90 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    port: opts.port,
    origin,
    dataDir,
    exited,
    output: () => output,
    signal: (signal) => {
      if (!gone) child.kill(signal)
    },
  }
}
