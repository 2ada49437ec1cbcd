// @vitest-environment node
/**
 * Suggestions are identical on PGlite and on a real PostgreSQL whose default collation is not C, as
 * on Debian (en_US.UTF-8 puts "ka" before "k-elite", C after it). Runs in the PostgreSQL pass of
 * `npm test` (TEST_DATABASE_URL, scripts/with-postgres.sh), skipped otherwise. Its database is
 * created with an ICU collation that, like glibc's, ignores punctuation and spaces; where ICU is
 * missing it falls back to the server's default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { createTestDatabase, TEST_DATABASE_URL } from '../db/testing/testStore'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { suggestTerms } from './suggestions'

const adminUrl = TEST_DATABASE_URL

describe.skipIf(!adminUrl)('suggestions on PostgreSQL and PGlite', () => {
  let postgres: ReferenceServer
  let pglite: ReferenceServer
  beforeAll(async () => {
    const url = await createTestDatabase(
      adminUrl!,
      "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US-u-ka-shifted' LOCALE 'C.UTF-8'",
    )
    postgres = await createServer({ databaseUrl: url, log: false })
    pglite = await createServer({ memory: true, log: false })
  })
  afterAll(async () => {
    await postgres?.close()
    await pglite?.close()
  })

  it('builds the same table', async () => {
    const sql = `SELECT brand, lang, term, search_term, word_starts, product_count, popularity
      FROM search_suggestions ORDER BY brand, lang, search_term COLLATE "C"`
    const { rows } = await postgres.db.query(sql)
    const { rows: collation } = await postgres.db.query<{ c: string }>(
      // PostgreSQL 15-16 name the ICU locale daticulocale, 17 and later datlocale, 14 has neither.
      `SELECT coalesce(to_jsonb(d)->>'datlocale', to_jsonb(d)->>'daticulocale', d.datcollate) AS c
         FROM pg_database d WHERE d.datname = current_database()`,
    )
    console.info(`PostgreSQL default collation ${collation[0]!.c}, ${rows.length} suggestions`)
    expect(rows.length).toBeGreaterThan(1000)
    expect(rows).toEqual((await pglite.db.query(sql)).rows)
  })

  it('answers the same terms in the same order for every 1–2 character word start', async () => {
    for (const { brand, lang } of BRAND_LANGS) {
      const { rows } = await pglite.db.query<{ start: string }>(
        `SELECT DISTINCT left(w, n) AS start FROM search_suggestions, unnest(word_starts) AS w,
           generate_series(1, 2) AS n WHERE brand = $1 AND lang = $2`,
        [brand, lang],
      )
      const typed = [
        ...rows.map((r) => r.start),
        ...['', 'café', 'CAFE', 'brewer', 'brewers', 'k-3', '10 %', "d'eau", 'roasts', '%', 'caf_'],
      ]
      for (const text of typed) {
        const expected = await suggestTerms(pglite.db, brand, lang, text, 20)
        expect(await suggestTerms(postgres.db, brand, lang, text, 20), `${brand}/${lang} "${text}"`).toEqual(
          expected,
        )
      }
    }
  }, 120_000)
})
