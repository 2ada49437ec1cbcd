// @vitest-environment node
import { inflateSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { BRANDS } from '../../site/brand'
import { catalogueFor } from '../fixtures/catalogue'
import { DRAWINGS } from './artwork/drawings'
import { productArtFor } from './artwork/productArt'
import { rasterize } from './artwork/rasterize'
import { colourFor, drawProduct, encodePng, imageSize, registerProductImages } from './productImages'
import { catalogueLookup, catalogueProductOf } from './testing/catalogueProducts'

const app = new Hono()
registerProductImages(app, catalogueLookup)

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
  // Nav spec §9: image cache TTL 60 s.
  expect(res.headers.get('cache-control')).toBe('public, max-age=60')
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

  it('draws 16..512 as asked, larger sizes at the next device size up to 3840, and defaults to 124', async () => {
    expect((await image('/is/image/brewco/Anything?wid=700&hei=2')).width).toBe(750)
    expect((await image('/is/image/brewco/Anything?wid=700&hei=2')).height).toBe(16)
    expect((await image('/is/image/brewco/Anything')).width).toBe(124)
    expect([imageSize('abc'), imageSize('-5'), imageSize('200'), imageSize('512')]).toEqual([
      124, 16, 200, 512,
    ])
    // Nav spec §9: device sizes up to 3840; nothing wider is ever drawn.
    expect([imageSize('513'), imageSize('2000'), imageSize('3840'), imageSize('99999')]).toEqual([
      640, 2048, 3840, 3840,
    ])
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

  it('draws each product as what it is: pods in a box, bags, canisters, brewers, mugs, cups, bundles', () => {
    const kindOf = (name: string) => productArtFor(name, '#123456', catalogueProductOf(name)).kind
    expect(kindOf('DarkRoast_KCup24_EN_GN')).toBe('podBox')
    expect(kindOf('DarkRoast_KCup24_CA_EN_GN')).toBe('podBox')
    expect(kindOf('Hazelnut_Ground12_EN_GN')).toBe('coffeeBag')
    expect(kindOf('Colombian_Bean32_EN_GN')).toBe('coffeeBag')
    expect(kindOf('Mocha_Can30_EN_GN')).toBe('canister')
    expect(kindOf('KEliteSingleServeCoffeeMaker_Black_EN_GN')).toBe('brewer')
    expect(kindOf('KSupremePlusSmartCoffeeMaker_White_EN_GN')).toBe('smartBrewer')
    expect(kindOf('K3500CommercialBrewer_Black_EN_GN')).toBe('commercialBrewer')
    expect(kindOf('StainlessSteelTravelMug_Black_EN_GN')).toBe('mug')
    expect(kindOf('PaperHotCups12Oz_Case250_EN_GN')).toBe('paperCup')
    expect(kindOf('DescalingSolution_Silver_EN_GN')).toBe('descaler')
    expect(kindOf('WaterFilterCartridges6Pack_Black_EN_GN')).toBe('waterFilter')
    expect(kindOf('PodStorageDrawer_Black_EN_GN')).toBe('podDrawer')
    expect(kindOf('Napkins_Case500_EN_GN')).toBe('caseBox')
    expect(kindOf('KElite_StarterBundle_EN_GN')).toBe('starterKit')
    // A brewer's finish is its colour; names the catalogue lacks are read by their pack code.
    expect(
      productArtFor(
        'KEliteSingleServeCoffeeMaker_White_EN_GN',
        '#123456',
        catalogueProductOf('KEliteSingleServeCoffeeMaker_White_EN_GN'),
      ).accent,
    ).toBe('#d9d5cd')
    expect(
      productArtFor('CeramicMugSet_Black_EN_GN', '#123456', catalogueProductOf('CeramicMugSet_Black_EN_GN'))
        .accent,
    ).toBe('#2f2f33')
    expect(
      productArtFor('Napkins_Case500_EN_GN', '#123456', catalogueProductOf('Napkins_Case500_EN_GN')).accent,
    ).toBe('#123456')
    expect(kindOf('Anything')).toBe('podBox')
    expect(kindOf('NewBlend_Bulk5lb_EN_GN')).toBe('coffeeBag')
    for (const brand of BRANDS)
      for (const product of catalogueFor(brand))
        expect(DRAWINGS[kindOf(`${product.sellGroupName}_EN_GN`)], product.sellGroupName).toBeDefined()
  })

  it('serves exactly the drawing of the product’s kind, as the navigation cards draw it', async () => {
    const name = 'KEliteSingleServeCoffeeMaker_Black_EN_GN'
    const res = await app.request(`/is/image/brewco/${name}?wid=124&hei=124&fmt=png-alpha&qlt=75`)
    const { kind, accent } = productArtFor(name, '#000000', catalogueProductOf(name))
    const size = 124 * 0.96
    const expected = encodePng(
      124,
      124,
      rasterize(DRAWINGS[kind].draw(accent), 124, 124, { x: 2.48, y: 2.48, scale: size / 100 }),
    )
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true)
    // Not a flat disc: a brewer and a box of pods differ, and each has many colours.
    const colours = (png: Buffer) => {
      const { width, pixel } = readPng(png)
      const seen = new Set<string>()
      for (let y = 0; y < width; y += 2) for (let x = 0; x < width; x += 2) seen.add(pixel(x, y).join())
      return seen.size
    }
    const brewer = drawProduct(name, 124, 124, catalogueProductOf(name))
    const pods = drawProduct('DarkRoast_KCup24_EN_GN', 124, 124)
    expect(brewer.equals(pods)).toBe(false)
    expect(colours(brewer)).toBeGreaterThan(8)
    expect(colours(pods)).toBeGreaterThan(8)
  })
})
