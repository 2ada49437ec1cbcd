import type { Hono } from 'hono'
import { IMAGE_CACHE_CONTROL } from '../../contracts/imageConfig'
import { MEDIA_FILES } from '../fixtures/medias'

/** `/medias/{file}`: the CMS fixture images (SAP serves CMS media under /medias as well). */
export function registerMedias(app: Hono): void {
  app.get('/medias/:file', (c) => {
    const svg = MEDIA_FILES.get(c.req.param('file'))
    if (svg === undefined) return c.text('Not found: no such CMS media file.', 404)
    c.header('content-type', 'image/svg+xml; charset=utf-8')
    c.header('cache-control', IMAGE_CACHE_CONTROL)
    return c.body(svg)
  })
}
