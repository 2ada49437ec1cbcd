import type { Context, Hono } from 'hono'
import { BRANDS, type Brand, isBrand } from '../../site/brand'
import type { CmsReader } from '../cms/cmsReader'
import type { Database } from '../db/database'
import { BRAND_FIXTURES } from '../fixtures/brands'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import {
  type ConfigVersion,
  configHistory,
  configVersion,
  currentVersion,
  PLUGINS_DISABLED_KEY,
  saveConfigVersion,
} from './configVersions'
import { csrfMatches, csrfRefusal, operatorFor } from './consoleAuth'
import type { OperatorSession } from './operatorSessions'
import { can } from './operators'
import { brandListPage, brandPage } from './pages/brandPage'
import { refusal } from './pages/refusalPage'
import { createPluginPreview } from './pluginPreview'
import { checkedValue, splitIds, switchesValue } from './pluginSwitches'

const HISTORY_PAGE_SIZE = 20
const MAX_REASON = 500

/** The brand's store origin on the port this request came to (the host name rule of site/brand.ts). */
function storeOrigin(c: Context, brand: Brand) {
  const url = new URL(c.req.url)
  return `${url.protocol}//${BRAND_FIXTURES[brand].devHost}${url.port ? `:${url.port}` : ''}`
}

const homePath = (lang: string) => (lang === 'fr' ? '/fr/accueil' : '/')

/** The store's address of `brand` in each of its languages. */
function storeUrls(c: Context, brand: Brand) {
  return BRAND_LANGS.filter((b) => b.brand === brand).map(({ lang }) => ({
    lang,
    url: `${storeOrigin(c, brand)}${homePath(lang)}`,
  }))
}

/** A version to show when the key has none yet (a database seeded before the console). */
const NO_VERSION: ConfigVersion = {
  version: 0,
  value: '',
  changedBy: 'nobody',
  changedAt: new Date(0),
  reason: 'never changed',
}

/**
 * `/console/brands`: each brand's plugin switches, stored as versions of `header.plugins.disabled`
 * (configVersions.ts) with who, when and why; the history with put-back. Brand team members see and
 * change their brands only; admins every brand; the monitoring role none.
 */
export function registerBrandRoutes(app: Hono, db: Database, cms: CmsReader): void {
  const brandOf = (c: Context): Brand | undefined => {
    const b = c.req.param('brand')
    return isBrand(b) ? b : undefined
  }

  const show = async (
    c: Context,
    session: OperatorSession,
    brand: Brand,
    extra: { notice?: string; problem?: string; draft?: { on: ReadonlySet<string>; reason: string } } = {},
    status: 200 | 400 | 409 = 200,
  ) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1)
    const [current, history] = await Promise.all([
      currentVersion(db, brand, PLUGINS_DISABLED_KEY),
      configHistory(db, brand, PLUGINS_DISABLED_KEY, {
        limit: HISTORY_PAGE_SIZE,
        offset: (page - 1) * HISTORY_PAGE_SIZE,
      }),
    ])
    c.header('cache-control', 'no-store')
    return c.html(
      brandPage({
        session,
        brand,
        current: current ?? NO_VERSION,
        history: { ...history, page, pageSize: HISTORY_PAGE_SIZE },
        storeUrls: storeUrls(c, brand),
        ...extra,
      }),
      status,
    )
  }

  /** The operator who may edit this brand, and the form; or the refusal page. */
  const editor = async (c: Context) => {
    const brand = brandOf(c)
    const found = await operatorFor(c, db, (o) => (brand ? can.editBrand(o, brand) : can.readBrands(o)))
    if ('refused' in found) return { refused: found.refused }
    if (!brand) return { refused: unknownBrand(c) }
    const form = await c.req.parseBody({ all: true })
    if (!csrfMatches(form.csrf, found.session.csrfToken)) return { refused: csrfRefusal(c) }
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const basedOn = Number.parseInt(text('basedOn'), 10)
    const reason = text('reason').trim().slice(0, MAX_REASON)
    const on = new Set([form.on ?? []].flat().filter((v): v is string => typeof v === 'string'))
    return {
      session: found.session,
      brand,
      basedOn: Number.isFinite(basedOn) ? basedOn : -1,
      reason,
      on,
      text,
    }
  }

  const stale = (c: Context, current: ConfigVersion | undefined) =>
    refusal(
      c,
      409,
      'Someone saved first',
      current
        ? `Version ${current.version} was saved by ${current.changedBy} at ${current.changedAt.toISOString()} ("${current.reason}") after you opened the page. Nothing of yours was saved; open the page again to see their change, then repeat yours.`
        : 'The version you started from is not the newest. Nothing was saved; open the page again.',
      { href: `/console/brands/${c.req.param('brand')}`, label: 'Open the page again' },
    )

  app.get('/console/brands', async (c) => {
    const found = await operatorFor(c, db, can.readBrands)
    if ('refused' in found) return found.refused
    c.header('cache-control', 'no-store')
    return c.html(brandListPage(found.session))
  })

  app.get('/console/brands/:brand', async (c) => {
    const brand = brandOf(c)
    const found = await operatorFor(c, db, (o) => (brand ? can.editBrand(o, brand) : can.readBrands(o)))
    if ('refused' in found) return found.refused
    if (!brand) return unknownBrand(c)
    const saved = c.req.query('saved')
    return show(c, found.session, brand, saved ? { notice: `Saved as version ${saved}.` } : {})
  })

  app.post('/console/brands/:brand', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const draft = { on: e.on, reason: e.reason }
    if (!e.reason)
      return show(
        c,
        e.session,
        e.brand,
        { problem: 'Not saved: say why (the reason is required).', draft },
        400,
      )
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    if ((current?.version ?? 0) !== e.basedOn) return stale(c, current)
    const next = switchesValue(e.brand, e.on, current?.value ?? '')
    if (!next.ok) return show(c, e.session, e.brand, { problem: next.problem, draft }, 400)
    return save(c, e, next.value, e.reason)
  })

  app.post('/console/brands/:brand/restore', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const version = await configVersion(
      db,
      e.brand,
      PLUGINS_DISABLED_KEY,
      Number.parseInt(e.text('version'), 10),
    )
    if (!version)
      return refusal(c, 404, 'No such version', 'That version is not in the history of this brand.')
    if (!e.reason)
      return show(c, e.session, e.brand, { problem: `Not put back: say why (the reason is required).` }, 400)
    const checked = checkedValue(e.brand, splitIds(version.value))
    if (!checked.ok) return show(c, e.session, e.brand, { problem: checked.problem }, 400)
    return save(c, e, checked.value, `Put back version ${version.version}: ${e.reason}`)
  })

  // The preview: the switches as a ticket, opened on the store's host (console/pluginPreview.ts).
  app.post('/console/brands/:brand/preview', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    const next = switchesValue(e.brand, e.on, current?.value ?? '')
    if (!next.ok)
      return show(
        c,
        e.session,
        e.brand,
        { problem: next.problem, draft: { on: e.on, reason: e.reason } },
        400,
      )
    const ticket = await createPluginPreview(db, {
      brand: e.brand,
      value: next.value,
      createdBy: e.session.operator.email,
    })
    const to = homePath(e.text('lang'))
    return c.redirect(
      `${storeOrigin(c, e.brand)}/preview/plugins/${ticket}?to=${encodeURIComponent(to)}`,
      303,
    )
  })

  async function save(
    c: Context,
    e: { session: OperatorSession; brand: Brand; basedOn: number },
    value: string,
    reason: string,
  ) {
    const result = await saveConfigVersion(db, {
      brand: e.brand,
      key: PLUGINS_DISABLED_KEY,
      value,
      basedOn: e.basedOn,
      changedBy: e.session.operator.email,
      reason,
    })
    if (!result.ok) return stale(c, result.current)
    // This server's next page and header call read the new value at once.
    cms.forgetSiteConfig(e.brand)
    return c.redirect(`/console/brands/${e.brand}?saved=${result.version}`, 303)
  }
}

const unknownBrand = (c: Context) =>
  refusal(c, 404, 'No such brand', `The brands are ${BRANDS.join(', ')}.`, {
    href: '/console/brands',
    label: 'Plugins per brand',
  })
