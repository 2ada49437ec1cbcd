// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_BRANDS } from '../brands'
import { createServer, type ReferenceServer } from '../createServer'
import { SEED_CUSTOMER } from '../fixtures/accounts'
import { SESSION_ID, traceRequest } from '../telemetry/otlpFixtures'
import { readMigrations } from './migrate'
import { createTestDatabase, TEST_DATABASE_URL } from './testing/testStore'

/**
 * Two replicas, or a rolling start after an upgrade: two servers start at the same moment on one
 * empty PostgreSQL. PGlite keeps its data folder to one process, so this is PostgreSQL's alone.
 */
interface TokenPair {
  access_token: string
  refresh_token: string
}

const READ_TOKEN = 'test-read-token-started-together-0123'
const INGEST_TOKEN = 'test-ingest-token-started-together-0123'
const servers: ReferenceServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

const post = (server: ReferenceServer, path: string, json: unknown, headers: Record<string, string> = {}) =>
  server.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  })

describe.skipIf(!TEST_DATABASE_URL)('two servers started together on one empty PostgreSQL', () => {
  it('both come up, and tokens, refresh rotation and telemetry hold across them', async () => {
    const databaseUrl = await createTestDatabase(TEST_DATABASE_URL!)
    const options = {
      databaseUrl,
      log: false as const,
      telemetryReadToken: READ_TOKEN,
      telemetryIngestToken: INGEST_TOKEN,
    }
    const started = await Promise.allSettled([createServer(options), createServer(options)])
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value)
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up'])
    const [a, b] = servers as [ReferenceServer, ReferenceServer]

    // Each migration once, and both answer from the one seeded database.
    const { rows } = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
    expect(rows[0]!.n).toBe(readMigrations().length)
    for (const server of servers) {
      const res = await server.app.request(
        '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
      )
      expect(res.status).toBe(200)
    }

    // A token one signed, the other believes; both signing in at once on a new database too.
    const signIn = (server: ReferenceServer) =>
      post(server, '/api/auth/login', { ...SEED_CUSTOMER, rememberMe: true })
    const signedIn = await Promise.all([signIn(a), signIn(b)])
    expect(signedIn.map((r) => r.status)).toEqual([200, 200])
    const [tokens, tokensOfB] = (await Promise.all(signedIn.map((r) => r.json()))) as TokenPair[]
    const believes = (server: ReferenceServer, token: string) =>
      server.app.request('/api/auth/nobo', { headers: { authorization: `Bearer ${token}` } })
    expect((await believes(b, tokens!.access_token)).status).toBe(200)
    expect((await believes(a, tokensOfB!.access_token)).status).toBe(200)

    // One refresh token raced four times across both rotates once.
    const refresh = { refreshToken: tokens!.refresh_token, clientId: SERVER_BRANDS.usb2c.auth.clientId }
    const raced = await Promise.all([a, b, a, b].map((s) => post(s, '/api/auth/refreshToken', refresh)))
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])

    // Telemetry sent to one is read through the other.
    expect(
      (await post(a, '/v1/traces', traceRequest(), { authorization: `Bearer ${INGEST_TOKEN}` })).status,
    ).toBe(200)
    const session = await b.app.request(`/api/telemetry/sessions/${SESSION_ID}`, {
      headers: { authorization: `Bearer ${READ_TOKEN}` },
    })
    expect(session.status).toBe(200)
    expect(((await session.json()) as { spans: unknown[] }).spans.length).toBeGreaterThan(0)
  }, 120_000)
})
