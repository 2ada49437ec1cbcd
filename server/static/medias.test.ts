import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { seedMedias } from '../db/seedMedias'
import { openTestDatabase } from '../db/testing/testStore'
import { registerMedias } from './medias'

describe('/medias/{file}: the CMS media files, from the database the seed wrote', () => {
  let db: Database
  const app = new Hono()
  beforeAll(async () => {
    db = await openTestDatabase()
    await migrate(db)
    await seedMedias(db)
    registerMedias(app, db)
  })
  afterAll(() => db.close())

  it('serves a seeded picture as SVG, cached for long; an unknown file is a 404', async () => {
    const res = await app.request('/medias/header-promo-mobile-fr.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await res.text()).toContain('Semaine des cafetières')
    expect((await app.request('/medias/unknown.svg')).status).toBe(404)
  })
})
