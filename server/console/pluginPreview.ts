import { randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Brand, Lang } from '../../site/brand'
import { HOME_PATH } from '../../site/homePath'
import type { CmsReader } from '../cms/cmsReader'
import type { Database } from '../db/database'
import { PLUGINS_DISABLED_KEY } from './configVersions'
import { refusal } from './pages/refusalPage'
import { disabledForLang } from './pluginSwitches'
import { inRollout, ROLLOUT_KEY, readRollout } from './rolloutSwitches'
import { applyDueSchedule, readScheduled, SCHEDULED_KEY } from './scheduledSwitches'

/**
 * Plugin-switch previews: the console stores the switches as a ticket (migration 0015) and sends
 * the editor to `/preview/plugins/<ticket>` on the brand's store host, which sets this cookie there
 * and opens the store. While it lasts, that browser's host pages and `cms/siteConfig` answers carry
 * the ticket's `header.plugins.disabled` instead of the live one: the first view, the preloads and
 * the header all see the same switches, on and off alike. Nobody else's pages change.
 */
export const PREVIEW_COOKIE = 'oh_plugin_preview'
export const PREVIEW_MS = 30 * 60_000
const TICKET = /^[\w-]{20,64}$/

export async function createPluginPreview(
  db: Database,
  p: { brand: Brand; value: string; createdBy: string; label: string },
  now = Date.now(),
): Promise<string> {
  const ticket = randomBytes(18).toString('base64url')
  await db.query('DELETE FROM plugin_previews WHERE expires_at_ms < $1', [now])
  await db.query(
    'INSERT INTO plugin_previews (ticket_id, brand, value, created_by, expires_at_ms, label) VALUES ($1, $2, $3, $4, $5, $6)',
    [ticket, p.brand, p.value, p.createdBy, now + PREVIEW_MS, p.label],
  )
  return ticket
}

/** A live preview ticket: the switches it shows, and what it is ("a change to version 4, not saved"). */
export interface ActivePreview {
  value: string
  label: string
  createdBy: string
}

/** The preview this browser follows on `brand`'s store, when its ticket is live and of that brand. */
export async function activePluginPreview(
  c: Context,
  db: Database,
  brand: Brand,
): Promise<ActivePreview | undefined> {
  const ticket = getCookie(c, PREVIEW_COOKIE)
  if (!ticket || !TICKET.test(ticket)) return undefined
  const { rows } = await db.query<{ value: string; label: string; created_by: string }>(
    'SELECT value, label, created_by FROM plugin_previews WHERE ticket_id = $1 AND brand = $2 AND expires_at_ms > $3',
    [ticket, brand, Date.now()],
  )
  const row = rows[0]
  return row && { value: row.value, label: row.label, createdBy: row.created_by }
}

/**
 * The site configuration entries as a page in `lang` reads them: the preview's switches instead of
 * the live ones when there is a preview; else a scheduled change's from its time on (every server
 * by its own clock, scheduledSwitches.ts); else a roll-out's when this visitor is in it
 * (rolloutSwitches.ts); and `header.plugins.disabled` as the plain list of that
 * language (a brand's switches may differ per language; pluginSwitches.ts readSwitches). The
 * schedule's own key never reaches the header. A copy is made: the CMS cache's entries are shared.
 */
export function pageSwitches<E extends { key: string; value: string }>(
  entries: readonly E[],
  lang: Lang,
  preview: ActivePreview | undefined,
  now = Date.now(),
  visitorKey?: string,
): E[] {
  const live = entries.find((e) => e.key === PLUGINS_DISABLED_KEY)
  const due = dueSchedule(entries, now)
  const rollout = rolloutFor(entries, visitorKey)
  const value = preview?.value ?? due?.value ?? rollout?.value ?? live?.value
  const switches =
    value === undefined
      ? undefined
      : ({ key: PLUGINS_DISABLED_KEY, value: disabledForLang(value, lang) } as E)
  // In the place the live switches have among the entries (the answer keeps its order), else last.
  const page = entries.flatMap((e) =>
    e.key === PLUGINS_DISABLED_KEY ? (switches ? [switches] : []) : CONSOLE_KEYS.has(e.key) ? [] : [e],
  )
  return switches && !live ? [...page, switches] : page
}

/** The console's own keys beside the switches: never handed to the header. */
const CONSOLE_KEYS = new Set([PLUGINS_DISABLED_KEY, SCHEDULED_KEY, ROLLOUT_KEY])

/** Whether `entries` carry a running roll-out (the page then gives its visitor a key). */
export const hasRollout = (entries: readonly { key: string; value: string }[]) =>
  readRollout(entries.find((e) => e.key === ROLLOUT_KEY)?.value) !== undefined

/** The running roll-out among `entries` when this visitor is in it. */
export function rolloutFor(
  entries: readonly { key: string; value: string }[],
  visitorKey: string | undefined,
) {
  const rollout = readRollout(entries.find((e) => e.key === ROLLOUT_KEY)?.value)
  return rollout && inRollout(rollout, visitorKey) ? rollout : undefined
}

/**
 * Which plugin switches a page served, as the real-user measures carry it so that a roll-out can be
 * judged on the health view: `rollout:<id>` for a visitor in a running roll-out, `v<n>` when the
 * live version's number is known from a roll-out or a due schedule beside it, `preview:<label>` for
 * a preview, else `live`.
 */
export function servedSwitchesVersion(
  entries: readonly { key: string; value: string }[],
  preview: ActivePreview | undefined,
  now = Date.now(),
  visitorKey?: string,
): string {
  if (preview) return `preview:${preview.label}`
  const due = dueSchedule(entries, now)
  if (due) return `v${due.basedOn + 1}`
  const running = readRollout(entries.find((e) => e.key === ROLLOUT_KEY)?.value)
  if (!running) return 'live'
  return inRollout(running, visitorKey) ? `rollout:${running.id}` : `v${running.basedOn}`
}

/** The scheduled change among `entries` whose time has come, if any. */
export function dueSchedule(entries: readonly { key: string; value: string }[], now = Date.now()) {
  const scheduled = readScheduled(entries.find((e) => e.key === SCHEDULED_KEY)?.value)
  return scheduled && scheduled.atMs <= now ? scheduled : undefined
}

/** Writes a due scheduled change down as its version (the first page after its time, on any server). */
export async function recordDueSchedule(
  db: Database,
  cms: CmsReader,
  brand: Brand,
  entries: readonly { key: string; value: string }[],
  now = Date.now(),
): Promise<void> {
  if (dueSchedule(entries, now)) await applyDueSchedule(db, cms, brand, now)
}

/** The ribbon's way out of a preview, back to the page it is on. */
export const previewEndHref = (pathAndQuery: string) =>
  `/preview/plugins/end?to=${encodeURIComponent(pathAndQuery)}`

/** A path of this store to go back to: never another origin (`//host`, `/\\host`) nor a scheme. */
const ownPath = (to: string | undefined) => (to && /^\/(?![/\\])/.test(to) ? to : '/')

/** `/preview/plugins/:ticket` on the store's host: takes the ticket, then opens the page asked for. */
export function registerPreviewRoutes(app: Hono): void {
  app.get('/preview/plugins/end', (c) => {
    setCookie(c, PREVIEW_COOKIE, '', { path: '/', maxAge: 0 })
    c.header('cache-control', 'no-store')
    return c.redirect(ownPath(c.req.query('to')), 303)
  })
  app.get('/preview/plugins/:ticket', (c) => {
    const ticket = c.req.param('ticket')
    if (!TICKET.test(ticket)) return refusal(c, 404, 'No such preview', 'This preview link is not valid.')
    setCookie(c, PREVIEW_COOKIE, ticket, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: PREVIEW_MS / 1000,
      secure: new URL(c.req.url).protocol === 'https:',
    })
    const to = c.req.query('to')
    return c.redirect(to === HOME_PATH.fr ? to : HOME_PATH.en, 303)
  })
}
