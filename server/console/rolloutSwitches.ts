import { createHash, randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Brand } from '../../site/brand'
import type { Database } from '../db/database'

/**
 * A gradual roll-out of plugin switches: a reviewed change served to a share of visitors, kept
 * beside the live value in the brand's site configuration (as a scheduled change is), so every
 * server reads it with the configuration it caches. Who gets it is decided from the visitor's own
 * random key (a first-party cookie) and the roll-out's id by a hash, the same on every page and
 * every server: a visitor in the roll-out stays in it, and raising the share only adds visitors.
 * The header never sees this key.
 */
export const ROLLOUT_KEY = 'header.plugins.rollout'
export const VISITOR_COOKIE = 'oh_visitor'
const VISITOR_KEY = /^[\w-]{16,64}$/

export interface Rollout {
  /** Its own id: a new roll-out draws its visitors afresh. */
  id: string
  /** The stored switches the visitors in it get (pluginSwitches.ts encodeSwitches). */
  value: string
  /** The share of visitors who get it, 1 to 99. */
  percent: number
  /** The live version it was reviewed against; completing it makes version basedOn + 1. */
  basedOn: number
  by: string
  reason: string
}

export function readRollout(value: string | undefined): Rollout | undefined {
  if (!value) return undefined
  try {
    const r = JSON.parse(value) as Partial<Rollout>
    return typeof r.id === 'string' &&
      typeof r.value === 'string' &&
      typeof r.percent === 'number' &&
      typeof r.basedOn === 'number' &&
      typeof r.by === 'string' &&
      typeof r.reason === 'string'
      ? (r as Rollout)
      : undefined
  } catch {
    return undefined
  }
}

/** The visitor's place, 0 to 99.99, in the roll-out `id`: the same wherever it is asked. */
export function bucketOf(visitorKey: string, id: string): number {
  return (createHash('sha256').update(`${id}:${visitorKey}`).digest().readUInt32BE(0) % 10_000) / 100
}

export const inRollout = (rollout: Rollout, visitorKey: string | undefined) =>
  visitorKey !== undefined && bucketOf(visitorKey, rollout.id) < rollout.percent

/** The visitor's key, from its cookie; read only, as the header's own calls do. */
export function visitorKeyOf(c: Context): string | undefined {
  const key = getCookie(c, VISITOR_COOKIE)
  return key && VISITOR_KEY.test(key) ? key : undefined
}

/**
 * The visitor's key, made and set (a year, first-party, HttpOnly) when a page is served while a
 * roll-out runs and the visitor has none: the page and the header's calls after it decide alike.
 */
export function ensureVisitorKey(c: Context): string {
  const existing = visitorKeyOf(c)
  if (existing) return existing
  const key = randomBytes(16).toString('base64url')
  setCookie(c, VISITOR_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: 365 * 24 * 3600,
    secure: new URL(c.req.url).protocol === 'https:',
  })
  return key
}

export async function currentRollout(db: Database, brand: Brand): Promise<Rollout | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM site_config WHERE brand = $1 AND key = $2',
    [brand, ROLLOUT_KEY],
  )
  return readRollout(rows[0]?.value)
}

/** Starts a roll-out; false when one runs already (one at a time). */
export async function startRollout(db: Database, brand: Brand, r: Omit<Rollout, 'id'>): Promise<boolean> {
  const rollout: Rollout = { ...r, id: randomBytes(9).toString('base64url') }
  const { rows } = await db.query<{ key: string }>(
    'INSERT INTO site_config (brand, key, value) VALUES ($1, $2, $3) ON CONFLICT (brand, key) DO NOTHING RETURNING key',
    [brand, ROLLOUT_KEY, JSON.stringify(rollout)],
  )
  return rows.length > 0
}

/** A new share for the running roll-out (its id, so its visitors, stay). */
export async function setRolloutPercent(
  db: Database,
  brand: Brand,
  percent: number,
): Promise<Rollout | undefined> {
  const running = await currentRollout(db, brand)
  if (!running) return undefined
  const next = { ...running, percent }
  await db.query('UPDATE site_config SET value = $3 WHERE brand = $1 AND key = $2', [
    brand,
    ROLLOUT_KEY,
    JSON.stringify(next),
  ])
  return next
}

/** Ends the roll-out (rolled back, or completed by the caller saving its value): everyone gets the live value. */
export async function endRollout(db: Database, brand: Brand): Promise<Rollout | undefined> {
  const { rows } = await db.query<{ value: string }>(
    'DELETE FROM site_config WHERE brand = $1 AND key = $2 RETURNING value',
    [brand, ROLLOUT_KEY],
  )
  return readRollout(rows[0]?.value)
}
