import type { Brand } from '../../site/brand'
import type { Database } from '../db/database'

/** The site configuration key the plugin switches are stored in (contracts/siteConfig.ts). */
export const PLUGINS_DISABLED_KEY = 'header.plugins.disabled'

export interface ConfigVersion {
  version: number
  value: string
  changedBy: string
  changedAt: Date
  reason: string
}

export type SaveResult =
  | { ok: true; version: number }
  /** Someone saved after the version the editor started from: nothing was written. */
  | { ok: false; current: ConfigVersion | undefined }

interface VersionRow {
  version: number
  value: string
  changed_by: string
  changed_at: Date | string
  reason: string
}

const toVersion = (r: VersionRow): ConfigVersion => ({
  version: Number(r.version),
  value: r.value,
  changedBy: r.changed_by,
  changedAt: new Date(r.changed_at),
  reason: r.reason,
})

/** Every version of a brand's key, newest first, `limit` at a time from `offset`. */
export async function configHistory(
  db: Database,
  brand: Brand,
  key: string,
  page: { limit: number; offset: number } = { limit: 20, offset: 0 },
): Promise<{ versions: ConfigVersion[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<VersionRow>(
      `SELECT version, value, changed_by, changed_at, reason FROM site_config_versions
       WHERE brand = $1 AND key = $2 ORDER BY version DESC LIMIT $3 OFFSET $4`,
      [brand, key, page.limit, page.offset],
    ),
    db.query<{ n: string }>('SELECT count(*) AS n FROM site_config_versions WHERE brand = $1 AND key = $2', [
      brand,
      key,
    ]),
  ])
  return { versions: list.rows.map(toVersion), total: Number(count.rows[0]?.n ?? 0) }
}

export async function currentVersion(
  db: Database,
  brand: Brand,
  key: string,
): Promise<ConfigVersion | undefined> {
  return (await configHistory(db, brand, key, { limit: 1, offset: 0 })).versions[0]
}

export async function configVersion(
  db: Database,
  brand: Brand,
  key: string,
  version: number,
): Promise<ConfigVersion | undefined> {
  const { rows } = await db.query<VersionRow>(
    `SELECT version, value, changed_by, changed_at, reason FROM site_config_versions
     WHERE brand = $1 AND key = $2 AND version = $3`,
    [brand, key, version],
  )
  return rows[0] && toVersion(rows[0])
}

/**
 * Saves `value` as the version after `basedOn` and makes it the live site configuration, in one
 * statement (so one transaction, on PGlite and PostgreSQL alike). Versions are numbered without
 * gaps and (brand, key, version) is unique, so a save based on anything but the newest version
 * inserts nothing: two editors who opened the same version cannot overwrite each other, the second
 * is told (optimistic concurrency, as an ETag's If-Match).
 */
export async function saveConfigVersion(
  db: Database,
  change: { brand: Brand; key: string; value: string; basedOn: number; changedBy: string; reason: string },
): Promise<SaveResult> {
  const next = change.basedOn + 1
  const { rows } = await db.query<{ version: number }>(
    `WITH v AS (
       INSERT INTO site_config_versions (brand, key, version, value, changed_by, reason)
       SELECT $1, $2, $3, $4, $5, $6
       WHERE NOT EXISTS (SELECT 1 FROM site_config_versions WHERE brand = $1 AND key = $2 AND version >= $3)
       ON CONFLICT DO NOTHING
       RETURNING version, value
     ), live AS (
       INSERT INTO site_config (brand, key, value) SELECT $1, $2, value FROM v
       ON CONFLICT (brand, key) DO UPDATE SET value = EXCLUDED.value
       RETURNING 1
     )
     SELECT version FROM v`,
    [change.brand, change.key, next, change.value, change.changedBy, change.reason],
  )
  if (rows[0]) return { ok: true, version: Number(rows[0].version) }
  return { ok: false, current: await currentVersion(db, change.brand, change.key) }
}

/**
 * Version 1 of each brand's plugin switches is the value the database already holds (the seed's,
 * or an editor's from before the console), so the first change made here can be put back.
 */
export async function recordFirstVersions(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO site_config_versions (brand, key, version, value, changed_by, reason)
     SELECT brand, key, 1, value, 'seed', 'The value before the console kept versions'
     FROM site_config WHERE key = $1
     ON CONFLICT DO NOTHING`,
    [PLUGINS_DISABLED_KEY],
  )
}
