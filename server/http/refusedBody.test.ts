// @vitest-environment node
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

let server: ReferenceServer
let http: ReturnType<typeof serve>
let port: number
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
  // As server/main.ts serves it.
  http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => http.once('listening', resolve))
  port = (http.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()))
  await server.close()
})

const TEN_MB = 10 * 1024 * 1024

/**
 * Sends 10 MB in 1 MB pieces, as a fresh connection with `Connection: close` (Node's client without
 * an agent), with or without a content-length; answers the status it read, or the socket's error.
 */
function sendTenMegabytes(path: string, pauseMs: number, chunked: boolean): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': TEN_MB }) },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    const piece = Buffer.alloc(1024 * 1024, 0x20)
    let sent = 0
    const next = () => {
      if (req.destroyed) return
      if (sent === TEN_MB) return void req.end()
      sent += piece.length
      req.write(piece, () => setTimeout(next, pauseMs))
    }
    next()
  })
}

describe('a body over the limit', () => {
  it.each([
    '/api/auth/login',
    '/api/auth/signup',
    '/rest/v2/usb2c/users/anonymous/carts/any/entries',
    '/rest/v2/usb2c/kpcEmailSignup?lang=en',
    '/rest/v2/usb2c/alert/alertMe?lang=en',
    '/rest/v2/usb2c/users/current/loyaltyProgramSignup',
    '/authorize/login',
    '/oauth/token',
    '/console/sign-in',
    '/v1/traces',
  ])(
    'POST %s: the client reads the 413 every time, never a reset while it is still sending',
    async (path) => {
      const answers: (number | string)[] = []
      for (let i = 0; i < 8; i++) answers.push(await sendTenMegabytes(path, i % 2 ? 0 : 20, i % 4 === 3))
      expect(answers).toEqual(Array(8).fill(413))
    },
    60_000,
  )
})
