import type { CmsComponent, ContentSlot, Entry, SiteConfigResponse } from '../../contracts/cms'
import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'

/** Site configuration entries of a brand (the same for both languages). */
export async function siteConfigEntries(db: Database, brand: Brand): Promise<Entry[]> {
  const { rows } = await db.query<Entry>('SELECT key, value FROM site_config WHERE brand = $1 ORDER BY key', [
    brand,
  ])
  return rows
}

/** The message map of a brand and language. */
export async function labelEntries(db: Database, brand: Brand, lang: Lang): Promise<Entry[]> {
  const { rows } = await db.query<Entry>(
    'SELECT key, value FROM message_labels WHERE brand = $1 AND lang = $2 ORDER BY key',
    [brand, lang],
  )
  return rows
}

interface SlotRow {
  slot_id: string
  slot_uuid: string
  position: string
  uid: string | null
  body: Record<string, unknown> | null
}

/** The content slots of a page with their components in order, or undefined for an unknown page. */
export async function pageSlots(db: Database, brand: Brand, lang: Lang, pageUid: string) {
  const { rows } = await db.query<SlotRow>(
    `SELECT s.slot_id, s.slot_uuid, s.position, c.uid, c.body
       FROM cms_slots s
       LEFT JOIN cms_slot_components sc ON sc.brand = s.brand AND sc.lang = s.lang AND sc.slot_id = s.slot_id
       LEFT JOIN cms_components c ON c.brand = sc.brand AND c.lang = sc.lang AND c.uid = sc.component_uid
      WHERE s.brand = $1 AND s.lang = $2 AND s.page_uid = $3
      ORDER BY s.sort, sc.sort`,
    [brand, lang, pageUid],
  )
  if (rows.length === 0) return undefined
  const slots = new Map<string, ContentSlot>()
  for (const row of rows) {
    let slot = slots.get(row.slot_id)
    if (!slot) {
      slot = {
        position: row.position,
        slotId: row.slot_id,
        slotUuid: row.slot_uuid,
        componentUids: { componentUidList: [] },
        components: { component: [] },
      }
      slots.set(row.slot_id, slot)
    }
    if (row.uid && row.body) {
      slot.componentUids?.componentUidList.push(row.uid)
      slot.components.component.push(row.body as ContentSlot['components']['component'][number])
    }
  }
  return [...slots.values()]
}

/** Component uids of the slot with this id or position, in order; undefined for an unknown slot. */
export async function slotComponentUids(db: Database, brand: Brand, lang: Lang, slotIdOrPosition: string) {
  const { rows } = await db.query<{ slot_id: string; component_uid: string | null }>(
    `SELECT s.slot_id, sc.component_uid
       FROM cms_slots s
       LEFT JOIN cms_slot_components sc ON sc.brand = s.brand AND sc.lang = s.lang AND sc.slot_id = s.slot_id
      WHERE s.brand = $1 AND s.lang = $2 AND (s.slot_id = $3 OR s.position = $3)
      ORDER BY s.sort, sc.sort`,
    [brand, lang, slotIdOrPosition],
  )
  if (rows.length === 0) return undefined
  const first = rows[0]!.slot_id
  return rows.filter((r) => r.slot_id === first && r.component_uid !== null).map((r) => r.component_uid!)
}

/** A stored component as the API sends it, with the fields the server itself chooses by. */
export type ComponentBody = Record<string, unknown> & Pick<CmsComponent, 'uid' | 'audience' | 'segments'>

/** Components by uid, in the order asked for; unknown uids are left out. */
export async function componentsByUid(
  db: Database,
  brand: Brand,
  lang: Lang,
  uids: readonly string[],
): Promise<ComponentBody[]> {
  if (uids.length === 0) return []
  const { rows } = await db.query<{ uid: string; body: ComponentBody }>(
    'SELECT uid, body FROM cms_components WHERE brand = $1 AND lang = $2 AND uid = ANY($3::text[])',
    [brand, lang, [...uids]],
  )
  const byUid = new Map(rows.map((r) => [r.uid, r.body]))
  return uids.flatMap((uid) => byUid.get(uid) ?? [])
}

/** The drafted components under a CMS preview ticket, by uid (none for an unknown ticket). */
export async function draftComponents(db: Database, ticketId: string, brand: Brand, lang: Lang) {
  const { rows } = await db.query<{ uid: string; body: ContentSlot['components']['component'][number] }>(
    'SELECT uid, body FROM cms_draft_components WHERE ticket_id = $1 AND brand = $2 AND lang = $3',
    [ticketId, brand, lang],
  )
  return new Map(rows.map((r) => [r.uid, r.body]))
}

/** The page's slots as the preview shows them: each drafted component in its published one's place. */
export function withDrafts(
  slots: readonly ContentSlot[],
  drafts: ReadonlyMap<string, ContentSlot['components']['component'][number]>,
): ContentSlot[] {
  if (drafts.size === 0) return [...slots]
  return slots.map((slot) => ({
    ...slot,
    components: { component: slot.components.component.map((c) => (c.uid && drafts.get(c.uid)) || c) },
  }))
}

/**
 * The cms/siteConfig answer (header spec §7): the brand's configuration and the language's labels.
 * The arrays may be the CMS cache's own: the answer is serialised or read, never changed.
 */
export function siteConfigResponse(config: readonly Entry[], labels: readonly Entry[]): SiteConfigResponse {
  return { siteConfigurations: { entry: config as Entry[] }, messageItems: { entry: labels as Entry[] } }
}
