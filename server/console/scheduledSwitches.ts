import type { Brand } from '../../site/brand'
import type { CmsReader } from '../cms/cmsReader'
import type { Database } from '../db/database'
import { PLUGINS_DISABLED_KEY, saveConfigVersion } from './configVersions'

/**
 * A change of plugin switches scheduled for a time: kept in the brand's site configuration beside
 * the live value, under its own key, so every server reads it with the configuration it already
 * caches and, from that time on, serves it by its own clock (pluginPreview.ts pageSwitches): the
 * change applies at the same moment on every instance, without one of them having to write first.
 * The first page after the time also writes it down as the next version (`applyDueSchedule`), once.
 * The header never sees this key.
 */
export const SCHEDULED_KEY = 'header.plugins.scheduled'

/** Scheduling asks for a time at least this far ahead: every server's cache has read it by then. */
export const SCHEDULE_LEAD_MS = 2 * 60_000

export interface ScheduledChange {
  /** The stored switches it makes live (pluginSwitches.ts encodeSwitches). */
  value: string
  atMs: number
  /** The version it was reviewed against: it becomes version basedOn + 1. */
  basedOn: number
  by: string
  reason: string
}

export function readScheduled(value: string | undefined): ScheduledChange | undefined {
  if (!value) return undefined
  try {
    const s = JSON.parse(value) as Partial<ScheduledChange>
    return typeof s.value === 'string' &&
      typeof s.atMs === 'number' &&
      typeof s.basedOn === 'number' &&
      typeof s.by === 'string' &&
      typeof s.reason === 'string'
      ? (s as ScheduledChange)
      : undefined
  } catch {
    return undefined
  }
}

export async function scheduledChange(db: Database, brand: Brand): Promise<ScheduledChange | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM site_config WHERE brand = $1 AND key = $2',
    [brand, SCHEDULED_KEY],
  )
  return readScheduled(rows[0]?.value)
}

/** Schedules a change; false when one is pending already (one at a time: cancel it first). */
export async function scheduleChange(db: Database, brand: Brand, change: ScheduledChange): Promise<boolean> {
  const { rows } = await db.query<{ key: string }>(
    `INSERT INTO site_config (brand, key, value) VALUES ($1, $2, $3) ON CONFLICT (brand, key) DO NOTHING RETURNING key`,
    [brand, SCHEDULED_KEY, JSON.stringify(change)],
  )
  return rows.length > 0
}

export async function cancelSchedule(db: Database, brand: Brand): Promise<ScheduledChange | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'DELETE FROM site_config WHERE brand = $1 AND key = $2 RETURNING value',
    [brand, SCHEDULED_KEY],
  )
  return readScheduled(rows[0]?.value)
}

/**
 * Writes a due scheduled change down as its version and removes it, once whichever servers call it
 * together (the version's number is unique, and only the caller that takes the row out saves).
 * A change whose version was overtaken (someone saved after it was scheduled, which the console
 * refuses) is removed without being saved.
 */
export async function applyDueSchedule(
  db: Database,
  cms: CmsReader,
  brand: Brand,
  now = Date.now(),
): Promise<void> {
  const { rows } = await db.query<{ value: string }>(
    `DELETE FROM site_config WHERE brand = $1 AND key = $2
       AND (value::jsonb ->> 'atMs')::bigint <= $3 RETURNING value`,
    [brand, SCHEDULED_KEY, now],
  )
  const due = readScheduled(rows[0]?.value)
  if (due)
    await saveConfigVersion(db, {
      brand,
      key: PLUGINS_DISABLED_KEY,
      value: due.value,
      basedOn: due.basedOn,
      changedBy: due.by,
      reason: `Scheduled for ${new Date(due.atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC: ${due.reason}`,
    })
  cms.forgetSiteConfig(brand)
}
