// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteConfigResponse } from '../../contracts/cms'
import { SEARCH_LIMITS } from '../../contracts/search'
import { createApp } from '../app'
import { PLUGINS_DISABLED_KEY, saveConfigVersion } from '../console/configVersions'
import { createPluginPreview, PREVIEW_COOKIE } from '../console/pluginPreview'
import { createServer, type ReferenceServer } from '../createServer'
import type { Database } from '../db/database'
import { testStore } from '../db/testing/testStore'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { suggestTerms } from '../search/suggestions'
import { labelEntries, siteConfigEntries } from './cmsQueries'

/**
 * The content cache of the site configuration, the CMS answers and the search suggestions: one read
 * of the database serves many requests, a change made anywhere (this instance, another one on the
 * database, the database itself) is served from the next request after the change check, a preview
 * is never kept, and no two brands, languages or typed texts share an answer.
 */
let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
})
afterAll(() => server.close())

/** The database with every statement sent to it written down. */
function counting(db: Database) {
  const sent: string[] = []
  const store: Database = {
    description: db.description,
    query: (sql, params) => {
      sent.push(sql)
      return db.query(sql, params)
    },
    exec: (sql) => db.exec(sql),
    withStartupLock: (work) => db.withStartupLock(work),
    close: () => db.close(),
  }
  return { store, sent }
}

/** One more instance on the suite's database (as a second server behind the balancer would be). */
const instance = (store: Database, contentCheckMs?: number) =>
  createApp({ store, log: false, testFaults: false, contentCheckMs })

const siteConfigPath = (brand: string, lang: string) =>
  `/rest/v2/${brand}/cms/siteConfig?lang=${lang}&pageLabelOrId=NAVIGATIONHEADER`
const suggestionsPath = (brand: string, lang: string, term: string, max?: number) =>
  `/rest/v2/${brand}/products/searchsuggestions?lang=${lang}&term=${encodeURIComponent(term)}${max ? `&max=${max}` : ''}`

async function getJson<T>(app: ReturnType<typeof instance>, path: string, cookie?: string): Promise<T> {
  const res = await app.request(path, cookie ? { headers: { cookie } } : {})
  expect(res.status, path).toBe(200)
  return (await res.json()) as T
}
const label = (body: SiteConfigResponse, key: string) =>
  body.messageItems.entry.find((e) => e.key === key)?.value
const config = (body: SiteConfigResponse, key: string) =>
  body.siteConfigurations.entry.find((e) => e.key === key)?.value

describe('the content cache', () => {
  it('answers repeated site configuration and suggestion calls from one database read each', async () => {
    const { store, sent } = counting(server.db)
    // A check interval longer than the test: only the first call of each reads content.
    const app = instance(store, 60_000)
    for (let i = 0; i < 5; i++) {
      await getJson(app, siteConfigPath('usb2c', 'en'))
      await getJson(app, suggestionsPath('usb2c', 'en', 'col'))
    }
    const reads = sent.filter((sql) => !sql.includes('content_changes'))
    expect(reads.filter((sql) => sql.includes('FROM site_config'))).toHaveLength(1)
    expect(reads.filter((sql) => sql.includes('FROM message_labels'))).toHaveLength(1)
    expect(reads.filter((sql) => sql.includes('search_suggestions'))).toHaveLength(1)
    expect(sent.filter((sql) => sql.includes('content_changes'))).toHaveLength(1)
  })

  it('never gives one brand, language, typed text or count another’s answer', async () => {
    const app = instance(server.db)
    for (const { brand, lang } of BRAND_LANGS) {
      const site = await getJson<SiteConfigResponse>(app, siteConfigPath(brand, lang))
      expect(site.siteConfigurations.entry, `${brand}/${lang}`).toEqual(
        await siteConfigEntries(server.db, brand),
      )
      expect(site.messageItems.entry, `${brand}/${lang}`).toEqual(await labelEntries(server.db, brand, lang))
      for (const [term, max] of [
        ['col', undefined],
        ['cold', undefined],
        ['Col', undefined],
        ['col', 2],
        ['', undefined],
      ] as const) {
        const body = await getJson<{ suggestions: { value: string }[] }>(
          app,
          suggestionsPath(brand, lang, term, max),
        )
        expect(
          body.suggestions.map((s) => s.value),
          `${brand}/${lang} '${term}' max ${max}`,
        ).toEqual(await suggestTerms(server.db, brand, lang, term, max ?? SEARCH_LIMITS.defaultSuggestions))
      }
    }
    // The answers above are not all the same: the cache kept them apart.
    const en = await getJson<SiteConfigResponse>(app, siteConfigPath('cab2c', 'en'))
    const fr = await getJson<SiteConfigResponse>(app, siteConfigPath('cab2c', 'fr'))
    expect(label(en, 'header.greeting')).not.toBe(label(fr, 'header.greeting'))
  })

  it('serves a CMS change made in the database from the next request after the change check', async () => {
    const a = instance(server.db, 0)
    const key = 'header.greeting'
    const before = label(await getJson(a, siteConfigPath('usafh', 'en')), key)
    expect(before).toBeTruthy()
    try {
      await server.db.query(
        `UPDATE message_labels SET value = 'Howdy' WHERE brand = 'usafh' AND lang = 'en' AND key = $1`,
        [key],
      )
      expect(label(await getJson(a, siteConfigPath('usafh', 'en')), key)).toBe('Howdy')
      // The other language of the brand, and other brands, are untouched.
      expect(label(await getJson(a, siteConfigPath('cab2c', 'en')), key)).not.toBe('Howdy')
    } finally {
      await server.db.query(
        `UPDATE message_labels SET value = $2 WHERE brand = 'usafh' AND lang = 'en' AND key = $1`,
        [key, before],
      )
    }
    expect(label(await getJson(a, siteConfigPath('usafh', 'en')), key)).toBe(before)
  })

  it('serves a plugin switch saved on another instance from the next request after the change check', async () => {
    const mine = instance(server.db, 0)
    const other = instance(server.db, 0)
    const live = config(await getJson(mine, siteConfigPath('cab2c', 'fr')), PLUGINS_DISABLED_KEY) ?? ''
    const { rows } = await server.db.query<{ version: number }>(
      'SELECT max(version) AS version FROM site_config_versions WHERE brand = $1 AND key = $2',
      ['cab2c', PLUGINS_DISABLED_KEY],
    )
    const basedOn = Number(rows[0]?.version ?? 0)
    const switched = [live, 'cache-probe'].filter(Boolean).join(',')
    const saved = await saveConfigVersion(server.db, {
      brand: 'cab2c',
      key: PLUGINS_DISABLED_KEY,
      value: switched,
      basedOn,
      changedBy: 'cache-test@example.com',
      reason: 'the content cache test',
    })
    expect(saved.ok).toBe(true)
    try {
      expect(config(await getJson(mine, siteConfigPath('cab2c', 'fr')), PLUGINS_DISABLED_KEY)).toBe(switched)
      expect(config(await getJson(other, siteConfigPath('cab2c', 'en')), PLUGINS_DISABLED_KEY)).toBe(switched)
    } finally {
      await saveConfigVersion(server.db, {
        brand: 'cab2c',
        key: PLUGINS_DISABLED_KEY,
        value: live,
        basedOn: basedOn + 1,
        changedBy: 'cache-test@example.com',
        reason: 'the content cache test, put back',
      })
    }
  })

  it('serves rebuilt search suggestions from the next request after the change check', async () => {
    const app = instance(server.db, 0)
    const path = suggestionsPath('usafh', 'en', 'zzq')
    expect(await getJson(app, path)).toEqual({ suggestions: [] })
    await server.db.query(
      `INSERT INTO search_suggestions (brand, lang, term, search_term, word_starts, product_count, popularity)
       VALUES ('usafh', 'en', 'zzq probe', 'zzq probe', ARRAY['zzq probe', 'probe'], 1, 0)`,
    )
    try {
      expect(await getJson(app, path)).toEqual({ suggestions: [{ value: '<strong>zzq</strong> probe' }] })
    } finally {
      await server.db.query(
        `DELETE FROM search_suggestions WHERE brand = 'usafh' AND search_term = 'zzq probe'`,
      )
    }
    expect(await getJson(app, path)).toEqual({ suggestions: [] })
  })

  it('never keeps a plugin-switch preview: the previewing browser sees its switches, the next visitor the live ones', async () => {
    const app = instance(server.db, 60_000)
    const live = config(await getJson(app, siteConfigPath('usb2c', 'en')), PLUGINS_DISABLED_KEY)
    const ticket = await createPluginPreview(server.db, {
      brand: 'usb2c',
      value: 'preview-probe',
      createdBy: 'cache-test@example.com',
      label: 'a change to test the cache, not saved',
    })
    const previewed = await getJson<SiteConfigResponse>(
      app,
      siteConfigPath('usb2c', 'en'),
      `${PREVIEW_COOKIE}=${ticket}`,
    )
    expect(config(previewed, PLUGINS_DISABLED_KEY)).toBe('preview-probe')
    expect(config(await getJson(app, siteConfigPath('usb2c', 'en')), PLUGINS_DISABLED_KEY)).toBe(live)
  })
})
