import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { BRANDS } from '../site/brand'
import { SERVER_BRANDS } from './brands'
import { createServer } from './createServer'
import { createDrain } from './http/drain'
import { testClockFrom } from './http/testClock'
import { DEFAULT_DATA_DIR, DEFAULT_DIST_DIR, DEFAULT_FIRST_VIEW_RENDERER } from './paths'
import { portFrom } from './port'
import { productionByDefault } from './runtimeMode'
import { ensureTelemetryReadToken } from './telemetry/readToken'

/**
 * `node dist-server/main.mjs` (npm start builds it first; `tsx server/main.ts` runs the source). Environment:
 *   PORT (4200), HOST (all interfaces), DATA_DIR (.data/pglite), DATABASE_URL (real PostgreSQL,
 *   wins over DATA_DIR), DIST_DIR (dist), AUTH_DOMAIN (requested host), LOG_REQUESTS=0 (quiet),
 *   TEST_FAULTS=1 (turns on the x-test-* switches; off by default), PUBLIC_HOSTS (comma-separated host names the
 *   server is published under besides localhost and *.localhost; any other Host header is not
 *   believed: redirects and issuers use http://localhost:PORT), TELEMETRY_READ_TOKEN (the bearer
 *   token for reading telemetry back; default: the one in .data/telemetry-read-token, made on first start),
 *   DRAIN_READINESS_MS (5000: how long a stopping instance answers, not ready, before it stops listening),
 *   TEST_CLOCK=1 (the browser tests' movable clock for scheduled switches, http/testClock.ts: only with
 *   TEST_FAULTS=1 and without PUBLIC_HOSTS, else the server refuses to start).
 */
const env = process.env
// Before the first-view renderer loads React (runtimeMode.ts).
productionByDefault(env)
const port = portFrom(env)
if (port === undefined) {
  console.error(`PORT must be a port number (1-65535), not '${env.PORT}'.`)
  process.exit(1)
}

// How long a stopping instance keeps answering, not ready, while the balancer notices (http/drain.ts).
const readinessGraceMs = Number(env.DRAIN_READINESS_MS ?? 5000)
if (!Number.isInteger(readinessGraceMs) || readinessGraceMs < 0) {
  console.error(`DRAIN_READINESS_MS must be a whole number of milliseconds, not '${env.DRAIN_READINESS_MS}'.`)
  process.exit(1)
}

// The port first: a taken port is said at once, before any database is opened (it used to come
// after opening, migrating and seeding, up to 28 s, with the second server in the first one's data
// folder). Until the database is ready the port answers 503 with Retry-After.
let app: Hono | undefined
const starting = () =>
  new Response('The reference server is starting; try again in a second.\n', {
    status: 503,
    headers: { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' },
  })
const http = serve({
  fetch: (request, bindings) =>
    drain.probe(request, app !== undefined) ?? (app ? app.fetch(request, bindings) : starting()),
  port,
  ...(env.HOST ? { hostname: env.HOST } : {}),
})
const drain = createDrain(http as Server, {
  readinessGraceMs: readinessGraceMs,
  inFlightLimitMs: 5000,
  log: (line) => console.log(line),
})
const portHint = (error: NodeJS.ErrnoException) =>
  error.code === 'EADDRINUSE' ? ` Port ${port} is taken: stop the other server or set PORT.` : ''
await new Promise<void>((resolve) => {
  const cannotListen = (error: NodeJS.ErrnoException) => {
    console.error(`The reference server could not listen: ${error.message}.${portHint(error)}`)
    process.exit(1)
  }
  http.once('error', cannotListen)
  http.once('listening', () => {
    // Later errors close the database first (below); this one is only for the port.
    http.off('error', cannotListen)
    resolve()
  })
})

let server: Awaited<ReturnType<typeof createServer>>
let readToken: ReturnType<typeof ensureTelemetryReadToken>
try {
  // Reading telemetry back needs it: TELEMETRY_READ_TOKEN, else the one beside the data folder (made once).
  readToken = ensureTelemetryReadToken(env.DATA_DIR || DEFAULT_DATA_DIR, env)
  // The browser tests' clock for scheduled switches; refused on anything that could be a store.
  const testClock = testClockFrom(env)
  server = await createServer({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || DEFAULT_DATA_DIR,
    distDir: env.DIST_DIR || DEFAULT_DIST_DIR,
    // Built beside this bundle by npm run build; pages go without it until it is there.
    firstViewRenderer: DEFAULT_FIRST_VIEW_RENDERER,
    authDomain: env.AUTH_DOMAIN || undefined,
    // The standard OpenTelemetry variable: the collector the browser exports to (default: this server).
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    log: env.LOG_REQUESTS === '0' ? false : undefined,
    testFaults: env.TEST_FAULTS === '1',
    ...(testClock ? { clock: testClock.now, extend: (app: Hono) => testClock.register(app) } : {}),
    telemetryReadToken: readToken.token,
    // Collectors and SDKs on the server side write with it; browsers are admitted by their Origin.
    ...(env.TELEMETRY_INGEST_TOKEN ? { telemetryIngestToken: env.TELEMETRY_INGEST_TOKEN } : {}),
    trustedHosts: {
      hosts: (env.PUBLIC_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      fallbackOrigin: `http://localhost:${port}`,
    },
  })
} catch (error) {
  console.error(`The reference server could not start: ${error instanceof Error ? error.message : error}`)
  http.close()
  process.exit(1)
}
app = server.app
const lines = BRANDS.map((b) => `  ${b.padEnd(6)} http://${SERVER_BRANDS[b].devHost}:${port}`)
console.log(`One Header reference server (data: ${server.db.description})\n${lines.join('\n')}`)
if (readToken.generated)
  console.log(
    `Telemetry read token (new, kept in ${readToken.file}; npm run traces reads it there): ${readToken.token}`,
  )
http.on('error', async (error: NodeJS.ErrnoException) => {
  console.error(`The reference server failed: ${error.message}.${portHint(error)}`)
  await server.close()
  process.exit(1)
})

// Stopping (a supervisor's SIGTERM, Ctrl+C's SIGINT): the drain's order is in http/drain.ts and
// docs/operations.md; then the database closes. npm start runs this process itself (`exec node …`),
// so a signal sent to npm reaches it too.
async function shutdown(signal: string) {
  if (drain.draining) process.exit(1) // a second Ctrl+C does not wait
  console.log(`${signal}: finishing the requests in flight, then closing the database…`)
  await drain.drain()
  await server.close()
  console.log('Stopped.')
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
