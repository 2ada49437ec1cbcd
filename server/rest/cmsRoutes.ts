import type { Context, Hono } from 'hono'
import { type Entry, isForAudience } from '../../contracts/cms'
import type { Lang } from '../../site/brand'
import { SEGMENT_CODES_HEADER } from '../../site/visitorSegments'
import { draftComponents, siteConfigResponse, withDrafts } from '../cms/cmsQueries'
import type { CmsReader } from '../cms/cmsReader'
import { targetedComponents, targetedItems, targetedSlots, visitorSegmentsOf } from '../cms/targeting'
import {
  activePluginPreview,
  dueSchedule,
  hasRollout,
  pageSwitches,
  recordDueSchedule,
} from '../console/pluginPreview'
import { visitorKeyOf } from '../console/rolloutSwitches'
import type { Database } from '../db/database'
import { validationError } from '../http/apiError'
import { brandParam, langQuery, notFound, optionalCount, requiredQuery } from './params'

export const REST_BASE = '/rest/v2/:brand'

/** The page id whose site configuration the header asks for (header spec §7). */
const SITE_CONFIG_PAGE = 'NAVIGATIONHEADER'
/** A CMS preview ticket's form. */
const PREVIEW_TICKET_PATTERN = /^[\w-]{1,64}$/
/** Most components one cms/components call returns. */
const MAX_PAGE_SIZE = 100

/** A targeted answer differs by the segments header and the stored visitor data (a cookie). */
const varyBySegments = (c: Context) => c.header('vary', `${SEGMENT_CODES_HEADER}, Cookie`)

/**
 * The serialised site configuration answer per pair of the CMS cache's arrays (configuration,
 * labels) and language (the switches are the language's, pluginPreview.ts pageSwitches): every
 * visitor of a brand and language gets the same text until the cache drops either array, which also
 * drops this (weak keys). A preview, a roll-out or a schedule whose time has come is answered apart,
 * never kept here.
 */
function serialisedSiteConfig() {
  const byConfig = new WeakMap<readonly Entry[], WeakMap<readonly Entry[], Map<Lang, string>>>()
  return (config: readonly Entry[], labels: readonly Entry[], lang: Lang): string => {
    let byLabels = byConfig.get(config)
    if (!byLabels) {
      byLabels = new WeakMap()
      byConfig.set(config, byLabels)
    }
    let byLang = byLabels.get(labels)
    if (!byLang) {
      byLang = new Map()
      byLabels.set(labels, byLang)
    }
    let text = byLang.get(lang)
    if (text === undefined) {
      text = JSON.stringify(siteConfigResponse(pageSwitches(config, lang, undefined), labels))
      byLang.set(lang, text)
    }
    return text
  }
}

/** The CMS endpoints the header calls (header spec §7), answered from the database. */
export function registerCmsRoutes(
  app: Hono,
  db: Database,
  cms: CmsReader,
  /** The clock scheduled switches are served by (app.ts `clock`). */
  now: () => number = () => Date.now(),
): void {
  const siteConfigText = serialisedSiteConfig()
  app.use(`${REST_BASE}/*`, async (c, next) => {
    brandParam(c)
    c.header('cache-control', 'no-cache')
    await next()
  })

  app.get(`${REST_BASE}/cms/siteConfig`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const page = requiredQuery(c, 'pageLabelOrId', `use pageLabelOrId=${SITE_CONFIG_PAGE}`)
    if (page !== SITE_CONFIG_PAGE) {
      throw validationError(
        `Query parameter 'pageLabelOrId' must be ${SITE_CONFIG_PAGE} for site configuration, not '${page}'.`,
        'invalid',
      )
    }
    // A brand team member previewing plugin switches (console/pluginPreview.ts) sees them here too.
    const [entries, labels, preview] = await Promise.all([
      cms.siteConfig(brand),
      cms.labels(brand, lang),
      activePluginPreview(c, db, brand),
    ])
    const at = now()
    await recordDueSchedule(db, cms, brand, entries, at)
    // A preview's answer is its browser's alone, as its pages are; a roll-out's is its visitor's.
    if (preview) c.header('cache-control', 'private, no-store')
    else if (hasRollout(entries)) c.header('cache-control', 'private, no-cache')
    if (preview || hasRollout(entries) || dueSchedule(entries, at))
      return c.json(siteConfigResponse(pageSwitches(entries, lang, preview, at, visitorKeyOf(c)), labels))
    // Everyone else of this brand and language gets the same text, made once per cached answer.
    return c.body(siteConfigText(entries, labels, lang), 200, { 'content-type': 'application/json' })
  })

  // cmsTicketId (CMS preview): the drafts under the ticket replace their published components. Drafts
  // are read on every call (an editor checks each change at once); an unknown ticket has none.
  app.get(`${REST_BASE}/cms/pages`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const uid = requiredQuery(c, 'pageLabelOrId', 'use pageLabelOrId=oneHeader for the header content')
    const ticket = c.req.query('cmsTicketId')
    if (ticket !== undefined && !PREVIEW_TICKET_PATTERN.test(ticket))
      throw validationError(
        "Query parameter 'cmsTicketId' is a CMS preview ticket: 1 to 64 letters, digits, '_' or '-'.",
        'invalid',
      )
    const slots = await cms.page(brand, lang, uid)
    if (!slots) throw notFound(`CMS page '${uid}'`, brand, lang)
    const published = ticket ? withDrafts(slots, await draftComponents(db, ticket, brand, lang)) : slots
    // Targeted content (header spec §6): each slot's variation for the visitor's segments.
    varyBySegments(c)
    const shown = targetedSlots(published, visitorSegmentsOf(c))
    return c.json({ uid, contentSlots: { contentSlot: shown } })
  })

  app.get(`${REST_BASE}/cms/content-slots/:slot`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const slot = c.req.param('slot')
    const uids = await cms.slotUids(brand, lang, slot)
    if (!uids) throw notFound(`content slot '${slot}'`, brand, lang)
    return c.json({ componentUids: { componentUidList: uids } })
  })

  app.get(`${REST_BASE}/cms/components`, async (c) => {
    const brand = brandParam(c)
    const lang = langQuery(c)
    const ids = requiredQuery(c, 'componentIds', 'a comma-separated list of component uids')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (ids.length === 0)
      throw validationError("Query parameter 'componentIds' lists no component uid.", 'invalid')
    const pageSize = optionalCount(c, 'pageSize', MAX_PAGE_SIZE) ?? Math.min(ids.length, MAX_PAGE_SIZE)
    const components = await cms.components(brand, lang, ids)
    // Header spec §7 content-slot component fetch: `isLoggedIn` picks each component's audience.
    const loggedIn = c.req.query('isLoggedIn')
    if (loggedIn !== undefined && loggedIn !== 'true' && loggedIn !== 'false')
      throw validationError("Query parameter 'isLoggedIn' is true or false.", 'invalid')
    const chosen =
      loggedIn === undefined
        ? components
        : components.filter((body) => isForAudience(body, loggedIn === 'true'))
    // The content-slot component fetch (with isLoggedIn) asks for one slot's components: targeted
    // like a slot. Any other list (the navigation's items) keeps each item for its segments.
    varyBySegments(c)
    const segments = visitorSegmentsOf(c)
    const targeted =
      loggedIn === undefined ? targetedItems(chosen, segments) : targetedComponents(chosen, segments)
    return c.json({ component: targeted.slice(0, pageSize) })
  })
}
