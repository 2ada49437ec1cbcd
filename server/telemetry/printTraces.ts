import { pathToFileURL } from 'node:url'
import { isUsableCorrelationId } from '../../site/correlationId'
import { DEFAULT_DATA_DIR } from '../paths'
import { DEFAULT_PORT } from '../port'
import { formatSession } from './formatSession'
import { findTelemetryReadToken, READ_TOKEN_ENV, READ_TOKEN_FILE_NAME } from './readToken'
import type { Session } from './sessionTypes'

/**
 * `npm run traces -- [correlationId] [--server URL]`: prints one shopper's session (spans as a tree
 * per trace, then log records) from a running reference server. Without an id it prints the latest
 * session. The server is http://localhost:4200 unless --server or ONE_HEADER_URL says otherwise.
 * Reading needs the server's telemetry read token: $TELEMETRY_READ_TOKEN, else the file npm start
 * keeps beside its data folder (.data/telemetry-read-token; DATA_DIR moves it as it moves the server's).
 */
export const USAGE = `Usage: npm run traces -- [correlationId] [--server URL]
  correlationId  the shopper's CORRELATION_ID cookie or x-correlation-id value; default: the latest session
  --server URL   the reference server (default: $ONE_HEADER_URL or http://localhost:4200)
Reading telemetry needs the server's read token: $${READ_TOKEN_ENV}, else .data/${READ_TOKEN_FILE_NAME}
(written by npm start on this machine).`

/** The reference server's default address (port.ts: PORT 4200). */
export const DEFAULT_SERVER = `http://localhost:${DEFAULT_PORT}`

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

/** A read token to send, and where it came from (for messages). */
export interface FoundReadToken {
  token: string
  from: string
}

/** The outside world of the CLI, injected so tests need no server or terminal. */
export interface TracesIo {
  fetch: typeof fetch
  out: (text: string) => void
  err: (text: string) => void
  /** The read token to send; default: $TELEMETRY_READ_TOKEN only (the script also reads the file). */
  readToken?: (env: Record<string, string | undefined>) => FoundReadToken | undefined
}

const envToken = (env: Record<string, string | undefined>): FoundReadToken | undefined => {
  const token = env[READ_TOKEN_ENV]?.trim()
  return token ? { token, from: READ_TOKEN_ENV } : undefined
}

/** What to say for a 401: how to give the token, or that the one sent is not the server's. */
function unauthorized(server: string, sent: FoundReadToken | undefined) {
  const how = `Give it as ${READ_TOKEN_ENV}=<token> npm run traces -- … (npm start prints the token when it makes it and keeps it in .data/${READ_TOKEN_FILE_NAME} on the server's machine).`
  return sent
    ? `The server at ${server} refused the telemetry read token from ${sent.from} (401): it is not that server's token. ${how}\n`
    : `The server at ${server} needs its telemetry read token to show sessions (401), and none was found: ${READ_TOKEN_ENV} is unset and there is no token file on this machine. ${how}\n`
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
  let found: FoundReadToken | undefined
  try {
    found = (io.readToken ?? envToken)(env)
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  let res: Response
  try {
    res = await io.fetch(url, {
      headers: {
        accept: 'application/json',
        ...(found ? { authorization: `Bearer ${found.token}` } : {}),
      },
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
  if (res.status === 401) {
    io.err(unauthorized(args.server, found))
    return 1
  }
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
    // The same file the server keeps (server/main.ts: DATA_DIR, default .data/pglite).
    readToken: (env) => findTelemetryReadToken(env.DATA_DIR || DEFAULT_DATA_DIR, env),
  })
}
