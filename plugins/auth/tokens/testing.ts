/**
 * Test doubles for the account layer (used by the tests beside the code): a cookie jar behind the
 * kernel's CookieWriter contract, Web Locks and a BroadcastChannel shared by "tabs" of one test.
 */
import type { CookieWriteOptions, CookieWriter } from '../../../kernel/config/cookieWriter'
import type { AuthBroadcast, BroadcastChannelLike, LockManagerLike } from './tabSync'

export interface CookieWrite {
  op: 'set' | 'remove' | 'refused'
  name: string
  value?: string
  options?: CookieWriteOptions
}

/** A cookie jar with an allow-list, recording every write; tabs of one test share one jar. */
export function memoryCookies(allowed: readonly string[] | 'all' = 'all') {
  const jar = new Map<string, string>()
  const writes: CookieWrite[] = []
  const isAllowed = (name: string) => allowed === 'all' || allowed.includes(name)
  const writer: CookieWriter = {
    isAllowed,
    set(name, value, options = {}) {
      if (!isAllowed(name)) {
        writes.push({ op: 'refused', name, value })
        return false
      }
      jar.set(name, value)
      writes.push({ op: 'set', name, value, options })
      return true
    },
    get: (name) => jar.get(name),
    remove(name) {
      writes.push({ op: 'remove', name })
      jar.delete(name)
    },
  }
  return {
    writer,
    jar,
    writes,
    removals: (name: string) => writes.filter((w) => w.op === 'remove' && w.name === name).length,
  }
}

/** Web Locks for several tabs of one test: one holder at a time, in request order. */
export function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve()
  const requested: string[] = []
  const locks: LockManagerLike = {
    request(name, callback) {
      requested.push(name)
      const run = tail.then(() => callback())
      tail = run.catch(() => undefined)
      return run
    },
  }
  return { locks, requested }
}

/** A BroadcastChannel hub: a message reaches every other channel of the same name, never the sender. */
export function fakeChannelHub() {
  const channels = new Set<{ name: string; listeners: ((e: { data: unknown }) => void)[] }>()
  const posted: AuthBroadcast[] = []
  const open = (name: string): BroadcastChannelLike => {
    const self = { name, listeners: [] as ((e: { data: unknown }) => void)[] }
    channels.add(self)
    return {
      postMessage(message) {
        posted.push(message as AuthBroadcast)
        // Structured clone, as the real channel does: no shared objects between tabs.
        const data = JSON.parse(JSON.stringify(message))
        for (const other of channels)
          if (other !== self && other.name === name) for (const l of other.listeners) l({ data })
      },
      addEventListener: (_type, listener) => void self.listeners.push(listener),
      close: () => void channels.delete(self),
    }
  }
  return { open, posted }
}

export interface FakeRequest {
  url: URL
  method: string
  headers: Headers
  body: unknown
}
export type FakeAnswer = { status: number; body?: unknown }

/** A `fetch` for the real kernel HTTP client: answers by handler, records every request. */
export function fakeFetch(handler: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = []
  const fetch = async (input: unknown, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof init.body === 'string' ? init.body : undefined
    let body: unknown = raw
    try {
      body = raw === undefined ? undefined : JSON.parse(raw)
    } catch {
      body = raw
    }
    const req: FakeRequest = {
      url: new URL(String(input), 'http://shop.test'),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
    }
    requests.push(req)
    const answer = await handler(req)
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { fetch, requests, to: (path: string) => requests.filter((r) => r.url.pathname === path) }
}

/** Site configuration's expiry settings as the reference server seeds them. */
export const EXPIRY_CONFIG = { refreshTokenExpirySeconds: 1800, noboRefreshTokenExpirySeconds: 900 }
