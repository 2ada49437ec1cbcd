// @vitest-environment node
import { inflateSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { colourFor, imageSize, registerProductImages } from './productImages'

const app = new Hono()
registerProductImages(app)

/** Width, height, colour type and the pixel at (x, y) of a PNG written by encodePng. */
function readPng(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.toString('ascii', 12, 16)).toBe('IHDR')
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  const idat = png.indexOf('IDAT')
  const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)))
  const pixel = (x: number, y: number) => [...raw.subarray(y * (width * 4 + 1) + 1 + x * 4).subarray(0, 4)]
  return { width, height, colourType: png[25], pixel }
}

async function image(path: string) {
  const res = await app.request(path)
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/png')
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
  return readPng(Buffer.from(await res.arrayBuffer()))
}

describe('product images', () => {
  it('draws the size the header asks for, RGBA with a transparent corner and an opaque centre', async () => {
    const png = await image('/is/image/brewco/DarkRoast_KCup24_EN_GN?wid=124&hei=124&fmt=png-alpha&qlt=75')
    expect(png).toMatchObject({ width: 124, height: 124, colourType: 6 })
    expect(png.pixel(0, 0)[3]).toBe(0)
    expect(png.pixel(62, 62)[3]).toBe(255)
    const other = await image('/is/image/brewco/KEliteSingleServeCoffeeMaker_Black_CA_EN_GN?wid=40&hei=64')
    expect([other.width, other.height]).toEqual([40, 64])
  })

  it('clamps sizes to 16..512 and defaults to 124', async () => {
    expect((await image('/is/image/brewco/Anything?wid=9999&hei=2')).width).toBe(512)
    expect((await image('/is/image/brewco/Anything?wid=9999&hei=2')).height).toBe(16)
    expect((await image('/is/image/brewco/Anything')).width).toBe(124)
    expect([imageSize('abc'), imageSize('-5'), imageSize('200')]).toEqual([124, 16, 200])
  })

  it('colours a product the same in both stores and differently from others', () => {
    expect(colourFor('DarkRoast_KCup24_CA_EN_GN')).toEqual(colourFor('DarkRoast_KCup24_EN_GN'))
    expect(colourFor('DarkRoast_KCup24_EN_GN')).not.toEqual(colourFor('Hazelnut_KCup24_EN_GN'))
  })

  it('answers 404 text for names outside [A-Za-z0-9_-]{1,120}', async () => {
    for (const name of ['a.png', '%3Cscript%3E', 'x'.repeat(121), 'a%20b']) {
      const res = await app.request(`/is/image/brewco/${name}`)
      expect(res.status, name).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/text\/plain/)
    }
  })
})
