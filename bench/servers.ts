import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/**
 * The bench's front server, in the role a CDN plays in front of the store: it serves both pages'
 * code (the bare bundle from `dirs[0]`, the header's from `dist/`) as static files from one idle
 * process, and passes everything dynamic on to the reference server (`upstream()`): the host page
 * itself (with its cookies) and its calls (`/rest/…`, `/api/…`, which the page preloads). So the two
 * pages differ only by their code: neither page's scripts wait behind the reference server answering
 * CMS calls (the header's used to, on first-time loads, while the bare page's came from an idle
 * server). It also swallows OTLP posts (`/v1/*`, with CORS), so the header's telemetry during the
 * bench costs the browser what it costs a shopper, but does not load the reference server, which
 * shares the machine's two cores with the browser being measured.
 */
export async function serveFront(
  dirs: readonly string[],
  upstream: () => string | undefined = () => undefined,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    )
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
    const file = path === '/' ? join(dirs[0] ?? '.', 'index.html') : staticFile(dirs, path)
    if (file) {
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        // Hashed file names, cached for good as a CDN and the reference server do; the page is not.
        'cache-control': path === '/' ? 'no-cache' : 'public, max-age=31536000, immutable',
      })
      res.end(readFileSync(file))
      return
    }
    const origin = upstream()
    if (!origin || req.method !== 'GET') {
      res.writeHead(404)
      res.end()
      return
    }
    void fetch(new URL(req.url ?? '/', origin), {
      headers: {
        accept: req.headers.accept ?? '*/*',
        cookie: req.headers.cookie ?? '',
        'user-agent': req.headers['user-agent'] ?? '',
      },
      redirect: 'manual',
    })
      .then(async (answer) => {
        const headers: Record<string, string | string[]> = {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
          'cache-control': answer.headers.get('cache-control') ?? 'no-store',
        }
        const cookies = answer.headers.getSetCookie()
        if (cookies.length) headers['set-cookie'] = cookies
        const location = answer.headers.get('location')
        if (location) headers.location = location
        res.writeHead(answer.status, headers)
        res.end(Buffer.from(await answer.arrayBuffer()))
      })
      .catch(() => {
        res.writeHead(502)
        res.end()
      })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return { url: `http://localhost:${port}/`, close: () => new Promise((r) => server.close(() => r())) }
}

/** The first of `dirs` that has `path` as a file (built code and assets only). */
function staticFile(dirs: readonly string[], path: string): string | undefined {
  if (!path.startsWith('/assets/')) return undefined
  for (const dir of dirs) {
    const file = join(dir, path)
    if (existsSync(file) && statSync(file).isFile()) return file
  }
  return undefined
}

/**
 * Starts the reference server as npm start runs it (the bundle `npm run bench` has just built) on
 * `port` with a throw-away data folder; resolves once it answers.
 */
export async function startReferenceServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, ['dist-server/main.mjs'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'one-header-bench-')),
      LOG_REQUESTS: '0',
      TEST_FAULTS: '1',
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
