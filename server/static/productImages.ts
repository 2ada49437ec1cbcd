import { crc32, deflateSync } from 'node:zlib'
import type { Hono } from 'hono'
import { IMAGE_CACHE_CONTROL, imageWidthFor } from '../../contracts/imageConfig'
import { DRAWINGS } from './artwork/drawings'
import { type ArtProduct, productArtFor, sellGroupOf } from './artwork/productArt'
import { rasterize } from './artwork/rasterize'

/**
 * `/is/image/brewco/{name}?wid&hei`: a stand-in for the image service of product tiles (nav spec §3
 * product image address, unchanged). Any sellGroupName gets a picture: a drawing of the product's
 * kind (a box of pods, a bag, a brewer, a mug, …, artwork/productArt.ts), the same drawings as the
 * navigation cards, in a colour derived from the name, on a transparent background.
 */
export const PRODUCT_IMAGE_BASE = '/is/image/brewco'

const NAME = /^[A-Za-z0-9_-]{1,120}$/
const MIN_SIZE = 16
/** Up to this, any size is drawn as asked (tiles and cards ask for their own). */
const FREE_SIZE = 512
const DEFAULT_SIZE = 124
/** Images kept ready; a tile grid asks for the same few names and sizes again and again. */
const CACHE_SIZE = 256

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * `wid`/`hei`: at least 16, as asked up to 512, and beyond that the next configured device size up to
 * 3840 (contracts/imageConfig.ts: a 4K screen's picture, but only eight widths that large are ever
 * drawn, each in about 0.8 s at 3840, and then kept); missing or not a number gives the header's
 * default 124.
 */
export function imageSize(raw: string | undefined): number {
  const n = Number.parseInt(raw ?? '', 10)
  if (!Number.isFinite(n)) return DEFAULT_SIZE
  if (n <= FREE_SIZE) return Math.max(MIN_SIZE, n)
  return imageWidthFor(n)
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG (8-bit RGBA, no interlace) from raw pixels, rows top to bottom. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // bit depth 8, colour type 6 (RGBA), deflate, no filter, no interlace
  const stride = width * 4
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    // Each row starts with its filter type, 0 (none).
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** RGB from hue (degrees), saturation and lightness in 0..1. */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [f(0), f(8), f(4)].map((v) => Math.round(v * 255)) as [number, number, number]
}

/** A colour per product: the store suffix (`_CA`, `_EN_GN`) is left out so both stores match. */
export function colourFor(name: string): [number, number, number] {
  const base = name.replace(/(_CA)?_EN_GN$/, '')
  let h = 2166136261
  for (let i = 0; i < base.length; i++) h = Math.imul(h ^ base.charCodeAt(i), 16777619)
  // FNV-1a then the murmur3 finaliser: similar names ("…_Black", "…_White") still differ in hue.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  const hash = (h ^ (h >>> 16)) >>> 0
  return hsl(hash % 360, 0.45 + ((hash >>> 9) % 20) / 100, 0.38 + ((hash >>> 17) % 12) / 100)
}

const hex = ([r, g, b]: [number, number, number]) =>
  `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`

/** The product's drawing, as large as the picture's shorter side allows, centred. */
export function drawProduct(name: string, width: number, height: number, product?: ArtProduct): Buffer {
  const { kind, accent } = productArtFor(name, hex(colourFor(name)), product)
  const size = Math.min(width, height) * 0.96
  const pixels = rasterize(DRAWINGS[kind].draw(accent), width, height, {
    x: (width - size) / 2,
    y: (height - size) / 2,
    scale: size / 100,
  })
  return encodePng(width, height, pixels)
}

/** The product a sell group names, from the products table; undefined when none has it. */
export type ProductLookup = (sellGroup: string) => Promise<ArtProduct | undefined>

export function registerProductImages(app: Hono, lookup: ProductLookup = async () => undefined): void {
  const cache = new Map<string, Buffer>()
  app.get(`${PRODUCT_IMAGE_BASE}/:name`, async (c) => {
    const name = c.req.param('name')
    if (!NAME.test(name)) return c.text('Not found: an image name is 1 to 120 letters, digits, _ or -.', 404)
    const width = imageSize(c.req.query('wid'))
    const height = imageSize(c.req.query('hei'))
    const key = `${name}:${width}x${height}`
    let png = cache.get(key)
    if (!png) {
      // A database that cannot answer draws the picture the name's pack code gives.
      const product = await lookup(sellGroupOf(name)).catch(() => undefined)
      png = drawProduct(name, width, height, product)
      // Oldest first out: a Map iterates in insertion order.
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
      cache.set(key, png)
    }
    c.header('content-type', 'image/png')
    c.header('cache-control', IMAGE_CACHE_CONTROL)
    return c.body(new Uint8Array(png))
  })
}
