import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { errorBody } from '../http/apiError'
import { parseBearer } from '../http/bearer'

/**
 * The credential for reading telemetry back (`GET /api/telemetry/sessions/…`): sessions hold what
 * shoppers did, so they are never public. Writing (`/v1/*`) stays open to the page.
 */

/** The environment variable that sets the token (the server) or supplies it (`npm run traces`). */
export const READ_TOKEN_ENV = 'TELEMETRY_READ_TOKEN'

/** File name of the generated token, beside the data folder (`.data/telemetry-read-token` by default). */
export const READ_TOKEN_FILE_NAME = 'telemetry-read-token'

/** A bearer token as RFC 6750 allows it (b64token), at least 16 characters so it cannot be guessed. */
const TOKEN_SHAPE = /^[A-Za-z0-9._~+/-]{16,512}=*$/

const SHAPE_HINT = '16 to 512 letters, digits or . _ ~ + / - (for example `openssl rand -base64 32`)'

/** Where the token made for a data folder is kept: beside it, in its parent folder. */
export const readTokenFile = (dataDir: string) => join(dirname(resolve(dataDir)), READ_TOKEN_FILE_NAME)

export interface TelemetryReadToken {
  token: string
  /** `env` when TELEMETRY_READ_TOKEN set it, else `file`. */
  source: 'env' | 'file'
  /** The token file (when the token came from it or was just written to it). */
  file?: string
  /** True when this call made the token (a new file): say it, so whoever started the server knows it. */
  generated: boolean
}

const fromEnv = (env: Record<string, string | undefined>): string | undefined => {
  const value = env[READ_TOKEN_ENV]?.trim()
  if (!value) return undefined
  if (!TOKEN_SHAPE.test(value)) throw new Error(`${READ_TOKEN_ENV} must be ${SHAPE_HINT}.`)
  return value
}

/** The token in an existing file (tightened to owner-only if it was readable by others); undefined when there is none. */
function fromFile(file: string): string | undefined {
  let text: string
  try {
    // A token file someone else planted (a link, or a file another account owns, in a shared folder
    // such as /tmp) would hand them the token: refused, saying why.
    const found = lstatSync(file)
    if (!found.isFile())
      throw new Error(`${file} is not a plain file (a link?): delete it, or set ${READ_TOKEN_ENV}.`)
    const uid = process.getuid?.()
    if (uid !== undefined && found.uid !== uid)
      throw new Error(
        `${file} belongs to another user (uid ${found.uid}): delete it, or set ${READ_TOKEN_ENV}.`,
      )
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const token = text.trim()
  if (!TOKEN_SHAPE.test(token)) {
    throw new Error(
      `${file} does not hold a telemetry read token (${SHAPE_HINT}). Delete it to have a new one made, or set ${READ_TOKEN_ENV}.`,
    )
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  return token
}

/**
 * The server's read token: TELEMETRY_READ_TOKEN when set, else the one kept beside the data folder,
 * else a new one (32 random bytes, base64url) written there, readable by its owner only (0600).
 * The file appears whole or not at all (written aside, then linked), so two servers starting at
 * once end up with the same token. Throws, saying what to fix, for a malformed token.
 */
export function ensureTelemetryReadToken(
  dataDir: string,
  env: Record<string, string | undefined>,
): TelemetryReadToken {
  const set = fromEnv(env)
  if (set) return { token: set, source: 'env', generated: false }
  const file = readTokenFile(dataDir)
  const kept = fromFile(file)
  if (kept) return { token: kept, source: 'file', file, generated: false }

  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  const token = randomBytes(32).toString('base64url')
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(aside, `${token}\n`, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(aside, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    // Another server made it first: use that one.
    return { token: fromFile(file)!, source: 'file', file, generated: false }
  } finally {
    unlinkSync(aside)
  }
  return { token, source: 'file', file, generated: true }
}

/**
 * The token a client (`npm run traces`) sends: TELEMETRY_READ_TOKEN, else the file kept beside the
 * data folder on this machine; never makes one. `from` says where it came from, for messages.
 */
export function findTelemetryReadToken(
  dataDir: string,
  env: Record<string, string | undefined>,
): { token: string; from: string } | undefined {
  const set = fromEnv(env)
  if (set) return { token: set, from: READ_TOKEN_ENV }
  const file = readTokenFile(dataDir)
  const kept = fromFile(file)
  return kept ? { token: kept, from: file } : undefined
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

const CHALLENGE = 'Bearer realm="one-header telemetry"'

/**
 * Middleware for the read routes: 401 (with `WWW-Authenticate: Bearer`) unless the request carries
 * `Authorization: Bearer <token>`; 403 when the server has no token at all, so nothing can read.
 */
export function requireReadToken(token: string | undefined): MiddlewareHandler {
  // Compared in constant time: both sides are hashed first (equal lengths), so no length leaks either.
  const expected = token ? digest(token) : undefined
  return async (c, next) => {
    c.header('cache-control', 'no-store')
    if (!expected) {
      return c.json(
        errorBody(
          'ForbiddenError',
          `Reading telemetry is off: this server was started without a read token (the app's telemetryReadToken option; server/main.ts sets it from ${READ_TOKEN_ENV} or the file ${READ_TOKEN_FILE_NAME} beside the data folder).`,
        ),
        403,
      )
    }
    const presented = parseBearer(c.req.header('authorization'))
    if (presented && timingSafeEqual(expected, digest(presented))) return next()
    const how = `Send Authorization: Bearer <token>, the telemetry read token that npm start printed when it made it (kept in .data/${READ_TOKEN_FILE_NAME}) or the server's ${READ_TOKEN_ENV}; npm run traces sends it for you.`
    c.header('www-authenticate', presented ? `${CHALLENGE}, error="invalid_token"` : CHALLENGE)
    return c.json(
      errorBody(
        'UnauthorizedError',
        presented
          ? `The telemetry read token is not this server's. ${how}`
          : `Reading telemetry needs a token. ${how}`,
      ),
      401,
    )
  }
}

/** The bearer token of a read request (one parser for the whole server: http/bearer.ts). */
export { parseBearer as bearerToken }
