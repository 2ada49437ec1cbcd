import { pathToFileURL } from 'node:url'
import { isUsableCorrelationId } from '../../site/correlationId'
import { formatSession } from './formatSession'
import type { Session } from './sessionTypes'

/**
 * `npm run traces -- [correlationId] [--server URL]`: prints one shopper's session (spans as a tree
 * per trace, then log records) from a running reference server. Without an id it prints the latest
 * session. The server is http://localhost:4200 unless --server or ONE_HEADER_URL says otherwise.
 */
export const USAGE = `Usage: npm run traces -- [correlationId] [--server URL]
  correlationId  the shopper's CORRELATION_ID cookie or x-correlation-id value; default: the latest session
  --server URL   the reference server (default: $ONE_HEADER_URL or http://localhost:4200)`

/** The reference server's default address (main.ts, PORT 4200). */
export const DEFAULT_SERVER = 'http://localhost:4200'

/** The parsed command line. */
export interface TracesArgs {
  correlationId?: string
  server: string
}

/** Reads the command line; a string is a usage error to print. */
export function parseTracesArgs(argv: readonly string[], env: Record<string, string | undefined>) {
  const args: TracesArgs = { server: env.ONE_HEADER_URL || DEFAULT_SERVER }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') return USAGE
    if (arg === '--server' || arg.startsWith('--server=')) {
      const value = arg === '--server' ? argv[++i] : arg.slice('--server='.length)
      if (!value) return `--server needs a URL such as http://localhost:4200.\n${USAGE}`
      args.server = value
    } else if (arg.startsWith('-')) return `Unknown option '${arg}'.\n${USAGE}`
    else if (args.correlationId) return `Give one correlation id, not '${args.correlationId}' and '${arg}'.`
    else if (!isUsableCorrelationId(arg))
      return `'${arg}' is not a correlation id (8 to 100 letters, digits or dashes).`
    else args.correlationId = arg
  }
  // 'localhost:4200' parses as a URL with the scheme 'localhost:', so insist on http(s).
  if (!URL.canParse(args.server) || !/^https?:$/.test(new URL(args.server).protocol)) {
    return `'${args.server}' is not an http(s) URL: pass --server http://host:port or set ONE_HEADER_URL.`
  }
  return args
}

/** The outside world of the CLI, injected so tests need no server or terminal. */
export interface TracesIo {
  fetch: typeof fetch
  out: (text: string) => void
  err: (text: string) => void
}

const errorMessage = (body: unknown) =>
  (body as { errors?: { message?: string }[] } | null)?.errors?.[0]?.message ?? ''

/** Runs the CLI; resolves to the process exit code (1 for any failure, with the reason on stderr). */
export async function printTraces(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: TracesIo,
) {
  const args = parseTracesArgs(argv, env)
  if (typeof args === 'string') {
    ;(args === USAGE ? io.out : io.err)(`${args}\n`)
    return args === USAGE ? 0 : 1
  }
  const url = new URL(`/api/telemetry/sessions/${args.correlationId ?? 'latest'}`, args.server)
  let res: Response
  try {
    res = await io.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
    io.err(
      `Could not reach the reference server at ${args.server} (${reason}). Start it with 'npm start', or point to it with --server URL or ONE_HEADER_URL.\n`,
    )
    return 1
  }
  const body: unknown = await res.json().catch(() => null)
  if (res.status === 404) {
    const what = args.correlationId ? `correlation id '${args.correlationId}'` : 'any session'
    io.err(`No telemetry for ${what} on ${args.server}. ${errorMessage(body)}\n`)
    return 1
  }
  if (!res.ok || !body) {
    io.err(`The server at ${args.server} answered ${res.status} for ${url.pathname}. ${errorMessage(body)}\n`)
    return 1
  }
  io.out(formatSession(body as Session))
  return 0
}

// Run only as a script, so tests can import the functions above.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await printTraces(process.argv.slice(2), process.env, {
    fetch,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  })
}
