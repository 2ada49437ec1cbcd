// @vitest-environment node
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { DRAWING_KINDS, DRAWINGS } from './artwork/drawings'
import {
  isNavArtworkUrl,
  NAV_ARTWORKS,
  NAV_FORMATS,
  type NavArtworkName,
  type NavFormat,
  navArtworkSvg,
  navArtworkUrl,
} from './artwork/navArtwork'
import { IMMUTABLE_CACHE } from './assets'
import { registerNavArtwork } from './navArtworkRoute'

const app = new Hono()
registerNavArtwork(app)

const names = Object.keys(NAV_ARTWORKS) as NavArtworkName[]
const formats = Object.keys(NAV_FORMATS) as NavFormat[]

describe('navigation artwork', () => {
  it('serves every artwork in every card format: SVG, a year of cache, the format’s size', async () => {
    for (const name of names)
      for (const format of formats) {
        const url = navArtworkUrl(name, format)
        const res = await app.request(url)
        expect(res.status, url).toBe(200)
        expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
        expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE)
        const svg = await res.text()
        const { width, height } = NAV_FORMATS[format]
        expect(svg).toMatch(
          new RegExp(
            `^<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>[^<]+</title>`,
          ),
        )
        expect(svg.endsWith('</g></svg>')).toBe(true)
        expect(isNavArtworkUrl(url)).toBe(true)
      }
  })

  it('has the card sizes of nav spec §2 and §9', () => {
    const size = (f: NavFormat) => [NAV_FORMATS[f].width, NAV_FORMATS[f].height]
    expect(size('round')).toEqual([115, 115])
    expect(size('card')).toEqual([131, 131])
    expect(size('thumb')).toEqual([110, 110])
    expect(size('article')[0]).toBe(231)
    expect(size('detail')[1]).toBe(175)
    expect(size('tall')[1]).toBe(479)
    expect(size('inner')).toEqual([164, 187])
  })

  it('versions each address by the drawing’s content, so a year of cache never shows an old picture', () => {
    const url = navArtworkUrl('brewer', 'card')
    expect(url).toMatch(/^\/medias\/nav\/brewer-card\.svg\?v=[0-9a-f]{10}$/)
    expect(navArtworkUrl('brewer', 'card')).toBe(url)
    expect(navArtworkUrl('brewer-red', 'card').split('?v=')[1]).not.toBe(url.split('?v=')[1])
  })

  it('answers 404 text for names it does not draw', async () => {
    for (const file of [
      'brewer.svg',
      'brewer-huge.svg',
      'kettle-card.svg',
      'brewer-card.png',
      '..%2Fbrewer-card.svg',
    ]) {
      const res = await app.request(`/medias/nav/${file}`)
      expect(res.status, file).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(isNavArtworkUrl(`/medias/nav/${file}`)).toBe(false)
    }
    expect(isNavArtworkUrl('/medias/header-promo-desktop-en.svg')).toBe(false)
  })

  it('draws things, not flat discs: each drawing has several shapes in several colours, and no two are alike', () => {
    const seen = new Set<string>()
    for (const kind of DRAWING_KINDS) {
      const shapes = DRAWINGS[kind].draw('#8b4a2b')
      expect(shapes.length, kind).toBeGreaterThanOrEqual(5)
      expect(new Set(shapes.map((s) => s.fill)).size, kind).toBeGreaterThanOrEqual(3)
      const svg = JSON.stringify(shapes)
      expect(seen.has(svg), kind).toBe(false)
      seen.add(svg)
    }
    // Every artwork's file names what it shows, for anyone who opens the picture alone.
    expect(navArtworkSvg('pod-box-card.svg')).toContain('<title>A box of coffee pods</title>')
    expect(navArtworkSvg('commercial-brewer-inner.svg')).toContain(
      '<title>A commercial brewer filling two cups</title>',
    )
  })
})
