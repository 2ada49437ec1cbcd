// @vitest-environment node
import { createServer as createTcpServer, type Server, Socket } from 'node:net'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createServer } from '../createServer'
import { DatabaseUnavailableError } from './databaseUnavailable'
import { openPostgresDatabase, POOL_SIZE } from './postgresDatabase'
import { createTestDatabase, TEST_DATABASE_URL } from './testing/testStore'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (closers.length) await closers.pop()!().catch(() => {})
})

/** A TCP server; `forward` to a PostgreSQL address makes it a proxy that the test can cut. */
async function tcpServer(forward?: { hostname: string; port: string }) {
  const sockets = new Set<Socket>()
  const server: Server = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (!forward) return // accepts the connection and never says a word
    const upstream = new Socket()
    upstream.on('error', () => socket.destroy())
    socket.on('close', () => upstream.destroy())
    upstream.connect(Number(forward.port), forward.hostname, () => {
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
    upstream.on('close', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const cut = async () => {
    for (const s of sockets) s.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  closers.push(cut)
  return { port, cut, listenAgain: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)) }
}

describe('PostgreSQL connection limits (DATABASE_URL)', () => {
  it('names the connection timeout when a server accepts connections but never answers', async () => {
    const silent = await tcpServer()
    const started = Date.now()
    await expect(
      openPostgresDatabase(`postgres://u:secret@127.0.0.1:${silent.port}/shop`, { connectTimeoutMs: 300 }),
    ).rejects.toThrow(
      /connection timeout ran out: PostgreSQL at 127\.0\.0\.1:\d+\/shop did not complete a connection within 300 ms/,
    )
    // It gave up at the timeout, not never (start-up used to hang silently); no password in the text.
    expect(Date.now() - started).toBeLessThan(3000)
    await expect(
      openPostgresDatabase(`postgres://u:secret@127.0.0.1:${silent.port}/shop`, { connectTimeoutMs: 300 }),
    ).rejects.not.toThrow(/secret/)
  })

  it('says so when nothing listens on the port', async () => {
    const gone = await tcpServer()
    await gone.cut()
    await expect(openPostgresDatabase(`postgres://127.0.0.1:${gone.port}/shop`)).rejects.toThrow(
      /Could not use the PostgreSQL server in DATABASE_URL: PostgreSQL at 127\.0\.0\.1:\d+\/shop is unreachable/,
    )
  })
})

describe.skipIf(!TEST_DATABASE_URL)('a real PostgreSQL going away and coming back', () => {
  it('names the query timeout and frees the connection', async () => {
    const db = await openPostgresDatabase(await createTestDatabase(TEST_DATABASE_URL!), {
      queryTimeoutMs: 200,
    })
    closers.push(() => db.close())
    const error = await db.query('SELECT pg_sleep(5)').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect((error as Error).message).toMatch(
      /query timeout ran out: .* did not answer 'SELECT pg_sleep\(5\) …' within 200 ms/,
    )
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('survives its idle connections being cut (a database restart) and reconnects', async () => {
    const url = await createTestDatabase(TEST_DATABASE_URL!)
    const idle: string[] = []
    const db = await openPostgresDatabase(url, { onIdleError: (m) => idle.push(m) })
    closers.push(() => db.close())
    // What a restart does to the pool's idle clients: the server ends their sessions. Without
    // pool.on('error') this is an unhandled 'error' event and the process dies.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await admin.connect()
    let ended = 0
    try {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid()) AS t`,
        [new URL(url).pathname.slice(1)],
      )
      ended = rows[0]!.n
    } finally {
      await admin.end()
    }
    // The whole pool was open and idle: each client's error says it is gone (until all have, a query
    // could still be handed one whose error had not arrived yet).
    expect(ended).toBe(POOL_SIZE)
    await expect.poll(() => idle.length).toBe(ended)
    expect(idle[0]).toMatch(
      /An idle connection to PostgreSQL at 127\.0\.0\.1:\d+\/one_header_\w+ broke \(.+\); the pool replaces it\./,
    )
    expect((await db.query<{ n: number }>('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }])
  })

  it('answers 503 with Retry-After while the database is unreachable, and serves again after', async () => {
    // The server reaches its database through a proxy the test can cut, as a network outage would.
    const database = new URL(await createTestDatabase(TEST_DATABASE_URL!))
    const proxy = await tcpServer({ hostname: database.hostname, port: database.port })
    database.host = `127.0.0.1:${proxy.port}`
    const url = database.toString()
    const logged: string[] = []
    const server = await createServer({ databaseUrl: url, log: false, logError: (line) => logged.push(line) })
    closers.push(() => server.close())
    const suggestions = '/rest/v2/usb2c/products/searchText?lang=en&text=brew&pageSize=1'
    expect((await server.app.request(suggestions)).status).toBe(200)

    await proxy.cut()
    const down = await server.app.request(suggestions, { headers: { 'x-correlation-id': 'outage-0001' } })
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    expect(await down.json()).toEqual({
      errors: [
        {
          type: 'ServiceUnavailableError',
          message: 'The database is unavailable; try again in 5 seconds (correlation id outage-0001).',
        },
      ],
    })
    expect(logged.some((l) => l.includes('unavailable cid=outage-0001'))).toBe(true)

    await proxy.listenAgain()
    await expect
      .poll(async () => (await server.app.request(suggestions)).status, { timeout: 10_000 })
      .toBe(200)
  })
})
