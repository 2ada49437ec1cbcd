import { MEDIA_FILES } from '../fixtures/medias'
import type { Database } from './database'
import { insertRows } from './insertRows'

/** The seed's CMS media files (SVG pictures), for /medias/{file}. */
export async function seedMedias(db: Database): Promise<void> {
  const rows = [...MEDIA_FILES].map(([file, body]) => ({
    file,
    content_type: 'image/svg+xml; charset=utf-8',
    body,
  }))
  await insertRows(db, 'cms_medias', { file: 'text', content_type: 'text', body: 'text' }, rows)
}
