// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/**
 * Every route that reads a body refuses one over its limit with 413, whether the client says its
 * length (Content-Length) or sends it in chunks without one: the rule is checked over the app's
 * route table, so a route added later is held to it too. (The real socket, and the drain that lets a
 * client still sending read the 413, are in refusedBody.test.ts.)
 */

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

/** Above every limit of the server (OTLP's 1 MB the largest). */
const TEN_MB = 10 * 1024 * 1024
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** 10 MB in 1 MB pieces, as a stream: sent without a length unless one is given. */
function tenMegabytes(): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(1024 * 1024).fill(0x61)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= TEN_MB) return controller.close()
      sent += piece.length
      controller.enqueue(piece)
    },
  })
}

/** An address the route answers: its parameters filled in; the catch-all POST is the brewer offer's page. */
function addressOf(path: string): string {
  if (path === '*' || path === '/*') return '/brewco-starter-kit'
  return path.replace(':brand', 'usb2c').replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'x')
}

/** Each route that may carry a body, once (a method and path registered twice is one route here). */
const bodyRoutes = () => {
  const names = new Set(
    server.app.routes.filter((r) => BODY_METHODS.has(r.method)).map((r) => `${r.method} ${r.path}`),
  )
  return [...names].map((name) => {
    const [method = '', path = ''] = name.split(' ')
    return { method, path }
  })
}

describe('the route table', () => {
  it('has the body-reading routes this test is about', () => {
    const names = bodyRoutes().map((r) => `${r.method} ${r.path}`)
    for (const route of [
      'POST /api/auth/login',
      'POST /api/auth/signup',
      'POST /console/sign-in',
      'POST /rest/v2/:brand/users/current/loyaltyProgramSignup',
      'POST /v1/traces',
    ])
      expect(names).toContain(route)
  })

  for (const chunked of [true, false]) {
    it(`every body-reading route answers 413 to 10 MB ${chunked ? 'in chunks, without Content-Length' : 'with its Content-Length'}`, async () => {
      const answers: string[] = []
      for (const { method, path } of bodyRoutes()) {
        const res = await server.app.request(addressOf(path), {
          method,
          headers: {
            host: 'localhost:4200',
            brand: 'usb2c',
            'content-type': 'application/x-www-form-urlencoded',
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(TEN_MB) }),
          },
          body: tenMegabytes(),
          duplex: 'half',
        } as RequestInit)
        answers.push(`${method} ${path} ${res.status}`)
      }
      expect(answers.filter((a) => !a.endsWith(' 413'))).toEqual([])
    }, 120_000)
  }
})
