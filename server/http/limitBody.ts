import type { Context, MiddlewareHandler } from 'hono'

/**
 * How much of a refused body is read and thrown away so the client can read the 413: well above any
 * body a client sends by mistake (a 10 MB upload), bounded so nobody can keep a connection busy.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024
/** A client slower than this past the limit gets the 413 at once, and may see the connection reset. */
export const DRAIN_MAX_MS = 5000

export interface LimitBodyOptions {
  maxSize: number
  /** The 413 answer. */
  onError: (c: Context) => Response | Promise<Response>
}

/**
 * Hono's bodyLimit, but the answer to a body over the limit waits until the rest of it has been
 * read (and thrown away), up to DRAIN_MAX_BYTES or DRAIN_MAX_MS.
 *
 * Answered at once, the 413 left the client still sending: on a `Connection: close` request Node
 * closes the socket after the answer, and the bytes still arriving make the kernel reset it, so the
 * client saw EPIPE or ECONNRESET instead of the 413 (2 of 8 tries of a 10 MB login). A body within
 * the limit is kept for the route, as bodyLimit does.
 */
export function limitBody({ maxSize, onError }: LimitBodyOptions): MiddlewareHandler {
  return async function limitBody(c, next) {
    // A GET or HEAD has no body; asking for it would build the whole web Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const body = c.req.raw.body
    if (!body) return next()
    const declared = c.req.raw.headers.has('transfer-encoding')
      ? undefined
      : c.req.raw.headers.get('content-length')
    if (declared != null && Number.parseInt(declared, 10) <= maxSize) return next()
    const reader = body.getReader()
    const kept: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > maxSize) {
        await drain(reader, size)
        return onError(c)
      }
      kept.push(value)
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(kept, size) })
    return next()
  }
}

/** Reads the rest of a refused body into nothing, within the bounds above; then lets go of it. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  const deadline = Date.now() + DRAIN_MAX_MS
  let size = alreadyRead
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MAX_MS)
  })
  try {
    while (size <= DRAIN_MAX_BYTES && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), timedOut])
      if (chunk === 'late' || chunk.done) return
      size += chunk.value.length
    }
  } catch {
    // The client went away: nobody is left to read the answer.
  } finally {
    clearTimeout(timer)
    // Not cancelled: that would destroy the request, and the socket with it, before the answer.
    // Past the bounds, @hono/node-server's own clean-up reads on briefly, then closes.
    try {
      reader.releaseLock()
    } catch {
      // A read still pending (the time ran out) keeps the lock on older Node versions.
    }
  }
}
