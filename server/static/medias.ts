import type { Hono } from 'hono'
import { IMAGE_CACHE_CONTROL } from '../../contracts/imageConfig'
import type { Database } from '../db/database'

/** Files kept once read: a page asks for the same few pictures again and again. */
const KEPT = 256

/**
 * `/medias/{file}`: the CMS's media files, read from the database (the seed writes them; SAP serves
 * CMS media under /medias as well). A database that cannot answer is a 503, never a wrong picture.
 */
export function registerMedias(app: Hono, db: Pick<Database, 'query'>): void {
  const kept = new Map<string, { type: string; body: string } | null>()
  app.get('/medias/:file', async (c) => {
    const file = c.req.param('file')
    let media = kept.get(file)
    if (media === undefined) {
      try {
        const { rows } = await db.query<{ content_type: string; body: string }>(
          'SELECT content_type, body FROM cms_medias WHERE file = $1',
          [file],
        )
        media = rows[0] ? { type: rows[0].content_type, body: rows[0].body } : null
      } catch {
        return c.text('The CMS media store is unavailable.', 503)
      }
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
      kept.set(file, media)
    }
    if (media === null) return c.text('Not found: no such CMS media file.', 404)
    c.header('content-type', media.type)
    c.header('cache-control', IMAGE_CACHE_CONTROL)
    return c.body(media.body)
  })
}
