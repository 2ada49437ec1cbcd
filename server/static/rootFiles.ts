import { readFile, stat } from 'node:fs/promises'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { safeJoin } from './assets'

/** Extensions that mean "a file", not a store page: such a path is never answered with a host page. */
export const STATIC_FILE =
  /\.(?:js|mjs|css|map|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|json|txt|xml|webmanifest|wasm)$/i

/**
 * Other files at the top of `dist/` (favicon, robots.txt): served when present, 404 when a file is
 * asked for and missing (dot-folders such as dist/.vite are never public), otherwise the request
 * goes on to the host pages.
 */
export function serveRootFiles(distDir: string): MiddlewareHandler {
  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !STATIC_FILE.test(c.req.path)) return next()
    const path = safeJoin(distDir, c.req.path)
    const found = path ? await stat(path).catch(() => undefined) : undefined
    if (!path || !found?.isFile()) return c.text(`Not found: ${c.req.path} is not a file of this site.`, 404)
    c.header('content-type', getMimeType(path) ?? 'application/octet-stream')
    c.header('cache-control', 'public, max-age=300')
    if (c.req.method === 'HEAD') return c.body(null)
    return c.body(new Uint8Array(await readFile(path)))
  }
}
