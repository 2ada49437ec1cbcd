import type { Hono } from 'hono'
import { NAV_ARTWORK_BASE, navArtworkSvg } from './artwork/navArtwork'
import { IMMUTABLE_CACHE } from './assets'

/**
 * `/medias/nav/{artwork}-{format}.svg`: the navigation cards' pictures. Cached for a year: the
 * navigation data asks for them with the drawing's content hash in `?v=` (navArtworkUrl).
 */
export function registerNavArtwork(app: Hono): void {
  const files = new Map<string, string>()
  app.get(`${NAV_ARTWORK_BASE}/:file`, (c) => {
    const file = c.req.param('file')
    let svg = files.get(file)
    if (svg === undefined) {
      svg = navArtworkSvg(file)
      if (svg === undefined) return c.text('Not found: no such navigation artwork.', 404)
      // The names are a fixed, small set (artworks x formats): each is drawn once.
      files.set(file, svg)
    }
    c.header('content-type', 'image/svg+xml; charset=utf-8')
    c.header('cache-control', IMMUTABLE_CACHE)
    return c.body(svg)
  })
}
