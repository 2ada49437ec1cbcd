import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * A plain static server for the bare React page. It also swallows OTLP posts (`/v1/*`, with CORS), so
 * the header's telemetry during the bench costs the browser what it costs a shopper, but does not
 * load the reference server, which shares the machine's two cores with the browser being measured.
 * The host page's own calls (`/rest/…`, `/api/…`, which it preloads) go on to the reference server
 * (`apiOrigin()`), so the bare page does the same network work as the header's page, not a 404.
 */
export async function serveStatic(
  dir: string,
  apiOrigin: () => string | undefined = () => undefined,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const origin = apiOrigin()
    if (origin && /^\/(rest|api)\//.test(req.url ?? '')) {
      void fetch(new URL(req.url ?? '/', origin), {
        headers: { accept: req.headers.accept ?? '*/*', cookie: req.headers.cookie ?? '' },
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' })
          res.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch(() => {
          res.writeHead(502)
          res.end()
        })
      return
    }
    if (req.url?.startsWith('/v1/')) {
      req.resume()
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'content-type': 'application/json',
      })
      res.end(req.method === 'OPTIONS' ? undefined : '{}')
      return
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
    const file = join(dir, path === '/' ? 'index.html' : path)
    try {
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return { url: `http://localhost:${port}/`, close: () => new Promise((r) => server.close(() => r())) }
}

/** Starts the reference server on `port` with a throw-away data folder; resolves once it answers. */
export async function startReferenceServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'one-header-bench-')),
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM')
  }
  process.once('exit', stop)
  const url = `http://localhost:${port}/`
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  stop()
  throw new Error(`The reference server did not answer on ${url} within 30 s`)
}
