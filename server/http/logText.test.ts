// @vitest-environment node
import fc from 'fast-check'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { installErrorHandling } from './errorHandling'
import { escapeForLog } from './logText'

/** Reads the escapes back: the log keeps what was asked, only spelled safely. */
const readEscapes = (text: string) =>
  text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

it('leaves no character that ends or rewrites a log line, and loses nothing', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      const escaped = escapeForLog(text)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be left
      expect(escaped).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
      expect(readEscapes(escaped)).toBe(text)
    }),
  )
  expect(escapeForLog('/c/coffee?x=1')).toBe('/c/coffee?x=1')
  expect(escapeForLog('/a\r\nGET /admin 200')).toBe('/a\\u000d\\u000aGET /admin 200')
  expect(escapeForLog('a\\u000ab')).toBe('a\\u005cu000ab')
})

let server: ReferenceServer
const lines: string[] = []
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: (line) => lines.push(line) })
})
afterAll(() => server.close())

it('writes one request as one line, whatever CR and LF its path carries', async () => {
  for (const path of ['/rest/v2/usb2c/x%0AGET%20/forged%20200', '/c/coffee%0D%0AGET%20/admin%20200%201ms']) {
    lines.length = 0
    await server.app.request(path)
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/[\r\n]/)
    expect(lines[0]).toMatch(/\\u000a/)
  }
  lines.length = 0
  await server.app.request('/c/coffee', { headers: { cookie: 'CORRELATION_ID=abc%0Adef' } })
  expect(lines).toHaveLength(1)
  expect(lines[0]).not.toMatch(/[\r\n]/)
})

it('logs a failing request on one line too', async () => {
  const logged: string[] = []
  const app = new Hono()
  installErrorHandling(app, (line) => logged.push(line))
  app.get('*', () => {
    throw new Error('boom')
  })
  const res = await app.request('/rest/v2/usb2c/x%0D%0A[server]%20GET%20/admin%20failed')
  expect(res.status).toBe(500)
  expect(logged).toHaveLength(1)
  expect(logged[0]).not.toMatch(/[\r\n]/)
  expect(logged[0]).toContain('\\u000d\\u000a')
})
