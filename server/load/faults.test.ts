// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { sigtermUnderReads } from './faults'
import type { Instance } from './instances'

/**
 * A stand-in for a built instance, in this process: it answers the site configuration and the
 * probes, and on SIGTERM starts draining only after it has answered `lateProbes` more readiness
 * probes as ready, as a real instance does when the machine is busy and its signal handler waits
 * for the CPU. Then it prints main.ts's line, says 503, closes each answer's connection, and after
 * three 503s stops listening and exits 0.
 */
async function standIn(lateProbes: number): Promise<Instance & { server: Server }> {
  let output = ''
  let signalled = false
  let draining = false
  let lateLeft = lateProbes
  let notReadyAnswers = 0
  let exit: (code: number) => void = () => {}
  const exited = new Promise<number | null>((resolve) => {
    exit = resolve
  })
  const server = createServer((req, res) => {
    if (req.url === '/healthz/live') return res.end('live')
    if (req.url === '/healthz/ready') {
      if (signalled && !draining && lateLeft-- <= 0) {
        draining = true
        output += 'SIGTERM: finishing the requests in flight, then closing the database…\n'
      }
      if (!draining) return res.end('ready')
      res.statusCode = 503
      res.end('draining')
      if (++notReadyAnswers === 3) {
        server.close(() => exit(0))
        server.closeIdleConnections()
      }
      return
    }
    if (draining) res.setHeader('connection', 'close')
    res.setHeader('content-type', 'application/json')
    res.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir: undefined,
    exited,
    output: () => output,
    signal: () => {
      signalled = true
    },
  }
}

const servers: Server[] = []
afterEach(() => {
  for (const s of servers.splice(0)) s.close()
})

describe('sigtermUnderReads', () => {
  it('counts as the drain only what was sent once the instance said it was draining', async () => {
    const stopping = await standIn(2)
    const other = await standIn(Number.POSITIVE_INFINITY)
    servers.push(stopping.server, other.server)
    const r = await sigtermUnderReads(stopping, other, { readers: 4, signalAfterMs: 50, limitMs: 10_000 })
    // The two probes answered "ready" after the signal, before the drain began, are not the drain's.
    expect(r.readyDuringDrain).toContain(503)
    expect(r.readyDuringDrain).not.toContain(200)
    expect(r.reset).toBe(0)
    expect(r.exitCode).toBe(0)
  })
})
