// @vitest-environment node
import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compressAnswers } from './compressAnswers'

/** An app whose page is big enough to compress, and which notes the answer its route made. */
function app() {
  const made: Response[] = []
  const kept: Response[] = []
  const a = new Hono()
  a.use(async (c, next) => {
    await next()
    kept.push(c.res)
  })
  a.use(compressAnswers())
  a.get('/page', (c) => {
    const res = c.html(`<p>${'coffee '.repeat(400)}</p>`)
    made.push(res)
    return res
  })
  a.get('/tiny.png', (c) => c.body(new Uint8Array(2000), 200, { 'content-type': 'image/png' }))
  return { a, made, kept }
}

describe('compressed answers', () => {
  it('gives a browser that takes gzip the page compressed, and says the answer varies on it', async () => {
    const { a } = app()
    const res = await a.request('/page', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('coffee coffee')
  })

  it('gives a caller that takes no encoding the very answer the route made, with the same Vary', async () => {
    const { a, made, kept } = app()
    const res = await a.request('/page')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    // Not rebuilt from its body: the string body keeps @hono/node-server's fast path.
    expect(kept[0]).toBe(made[0])
    expect(await res.text()).toContain('coffee coffee')
  })

  it('adds no Vary to what is never compressed', async () => {
    const { a } = app()
    expect((await a.request('/tiny.png')).headers.get('vary')).toBeNull()
  })
})
