import { readFileSync, statSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { getMimeType } from 'hono/utils/mime'

/** Built files carry a content hash in their name, so browsers may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)/

interface CachedFile {
  mtimeMs: number
  type: string
  raw: Buffer
  br?: Buffer
  gzip?: Buffer
}

/**
 * Resolves `relative` inside `root`, or undefined when it would leave the folder (`..`, absolute
 * paths, backslashes, dot-files such as `.vite/`).
 */
export function safeJoin(root: string, relative: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(relative)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\') || /(^|\/)\./.test(decoded)) return undefined
  const base = resolve(root)
  const full = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`)
  return full.startsWith(base + sep) ? full : undefined
}

function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/**
 * `/assets/*` from `dist/assets`: immutable cache headers, the right content type, and brotli or
 * gzip compressed once per file and kept in memory (the files never change under the same name).
 */
export function serveAssets(distDir: string): MiddlewareHandler {
  const root = join(distDir, 'assets')
  const cache = new Map<string, CachedFile>()

  function load(path: string): CachedFile | undefined {
    let mtimeMs: number
    try {
      const stats = statSync(path)
      if (!stats.isFile()) return undefined
      mtimeMs = stats.mtimeMs
    } catch {
      return undefined
    }
    const hit = cache.get(path)
    if (hit && hit.mtimeMs === mtimeMs) return hit
    const file = { mtimeMs, type: getMimeType(path) ?? 'application/octet-stream', raw: readFileSync(path) }
    cache.set(path, file)
    return file
  }

  return async (c) => {
    const path = safeJoin(root, c.req.path.replace(/^\/assets\/?/, ''))
    const file = path ? load(path) : undefined
    if (!file) {
      c.header('cache-control', 'no-store')
      return c.text('Not found: no such file in dist/assets. Rebuild the header with npm run build.', 404)
    }
    let body = file.raw
    const encoding = COMPRESSIBLE.test(file.type) ? pickEncoding(c.req.header('accept-encoding')) : undefined
    if (encoding === 'br') {
      file.br ??= brotliCompressSync(file.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      body = file.br
    } else if (encoding === 'gzip') {
      file.gzip ??= gzipSync(file.raw, { level: 9 })
      body = file.gzip
    }
    c.header('content-type', file.type)
    c.header('cache-control', IMMUTABLE_CACHE)
    c.header('vary', 'accept-encoding')
    if (encoding) c.header('content-encoding', encoding)
    c.header('content-length', String(body.length))
    if (c.req.method === 'HEAD') return c.body(null)
    return c.body(new Uint8Array(body))
  }
}
