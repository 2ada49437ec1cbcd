import type { Hono } from 'hono'
import { MEDIA_FILES } from '../fixtures/medias'

/** `/medias/{file}`: the CMS fixture images (SAP serves CMS media under /medias as well). */
export function registerMedias(app: Hono): void {
  app.get('/medias/:file', (c) => {
    const svg = MEDIA_FILES.get(c.req.param('file'))
    if (svg === undefined) return c.text('Not found: no such CMS media file.', 404)
    c.header('content-type', 'image/svg+xml; charset=utf-8')
    c.header('cache-control', 'public, max-age=3600')
    return c.body(svg)
  })
}
