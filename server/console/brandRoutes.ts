import type { Context, Hono } from 'hono'
import { BRAND_LANGUAGES } from '../../contracts/brandPlugins'
import { BRANDS, type Brand, isBrand, type Lang } from '../../site/brand'
import { homePath } from '../../site/homePath'
import { SERVER_BRANDS } from '../brands'
import type { CmsReader } from '../cms/cmsReader'
import type { Database } from '../db/database'
import {
  type ConfigVersion,
  configHistory,
  configVersion,
  currentVersion,
  PLUGINS_DISABLED_KEY,
  saveConfigVersion,
} from './configVersions'
import { csrfMatches, csrfRefusal, operatorFor } from './consoleAuth'
import { recordAudit } from './operatorAdmin'
import type { OperatorSession } from './operatorSessions'
import { can } from './operators'
import { brandListPage, brandPage } from './pages/brandPage'
import { comparePage, reviewPage } from './pages/changePage'
import { refusal } from './pages/refusalPage'
import { createPluginPreview } from './pluginPreview'
import { checkSwitches, type ObligationBroken, proposedSwitches, readSwitches } from './pluginSwitches'
import { currentRollout, endRollout, setRolloutPercent, startRollout } from './rolloutSwitches'
import { cancelSchedule, SCHEDULE_LEAD_MS, scheduleChange, scheduledChange } from './scheduledSwitches'

const HISTORY_PAGE_SIZE = 20
const MAX_REASON = 500

/** The brand's store origin on the port this request came to (the host name rule of site/brand.ts). */
function storeOrigin(c: Context, brand: Brand) {
  const url = new URL(c.req.url)
  return `${url.protocol}//${SERVER_BRANDS[brand].devHost}${url.port ? `:${url.port}` : ''}`
}

const homePathOf = (lang: string) => homePath(lang === 'fr' ? 'fr' : 'en')

/** The store's address of `brand` in each of its languages (its brand file's, no other). */
function storeUrls(c: Context, brand: Brand) {
  return BRAND_LANGUAGES[brand].map((lang) => ({
    lang,
    url: `${storeOrigin(c, brand)}${homePathOf(lang)}`,
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
export function registerBrandRoutes(
  app: Hono,
  db: Database,
  cms: CmsReader,
  now: () => number = () => Date.now(),
): void {
  const brandOf = (c: Context): Brand | undefined => {
    const b = c.req.param('brand')
    return isBrand(b) ? b : undefined
  }

  const show = async (
    c: Context,
    session: OperatorSession,
    brand: Brand,
    extra: {
      notice?: string
      problem?: string
      draft?: { on: Partial<Record<Lang, ReadonlySet<string>>>; reason: string }
    } = {},
    status: 200 | 400 | 403 | 409 = 200,
  ) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1)
    const [current, history, scheduled, rollout] = await Promise.all([
      currentVersion(db, brand, PLUGINS_DISABLED_KEY),
      configHistory(db, brand, PLUGINS_DISABLED_KEY, {
        limit: HISTORY_PAGE_SIZE,
        offset: (page - 1) * HISTORY_PAGE_SIZE,
      }),
      scheduledChange(db, brand),
      currentRollout(db, brand),
    ])
    c.header('cache-control', 'no-store')
    return c.html(
      brandPage({
        session,
        brand,
        current: current ?? NO_VERSION,
        history: { ...history, page, pageSize: HISTORY_PAGE_SIZE },
        storeUrls: storeUrls(c, brand),
        scheduled,
        rollout,
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
    const values = (name: string) =>
      new Set([form[name] ?? []].flat().filter((v): v is string => typeof v === 'string'))
    // A form with a switch per language says so (`perLang`): then an empty language is all off.
    // Otherwise `on` is every language's.
    const perLang = text('perLang') === 'yes'
    const on: Partial<Record<Lang, ReadonlySet<string>>> = {}
    for (const lang of BRAND_LANGUAGES[brand]) on[lang] = perLang ? values(`on.${lang}`) : values('on')
    return {
      session: found.session,
      brand,
      basedOn: Number.isFinite(basedOn) ? basedOn : -1,
      reason,
      on,
      perLang,
      text,
      confirmed: text('confirm') === 'yes',
      confirmReason: text('confirmReason').trim().slice(0, MAX_REASON),
    }
  }

  type Editor = Exclude<Awaited<ReturnType<typeof editor>>, { refused: unknown }>

  /**
   * A change that switches off a plugin a law or contract needs on this brand: refused for a brand
   * team (403, the page says which and why, and that an admin decides); an admin is shown the change
   * again with a second confirmation to give, with a reason of its own, which the history keeps.
   * Undefined when the change may go on, with the reason to record.
   */
  const obligationGate = async (
    c: Context,
    e: Editor,
    obligations: ObligationBroken[],
    review: () => Promise<Response>,
  ): Promise<{ stop: Response } | { reason: string }> => {
    if (obligations.length === 0) return { reason: e.reason }
    if (e.session.operator.role !== 'admin')
      return {
        stop: await show(
          c,
          e.session,
          e.brand,
          {
            problem: `Not saved: ${obligationText(obligations)} A brand team cannot switch it off; ask an admin.`,
            draft: { on: e.on, reason: e.reason },
          },
          403,
        ),
      }
    if (!e.confirmed || !e.confirmReason) return { stop: await review() }
    return {
      reason: `${e.reason} (confirmed by an admin although ${[...new Set(obligations.map((o) => o.plugin))].join(', ')} is needed here: ${e.confirmReason})`,
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

  /** While a change is scheduled, no other is saved (it would be based on what the schedule replaces). */
  const pendingRefusal = async (c: Context, brand: Brand) => {
    const running = await currentRollout(db, brand)
    if (running)
      return refusal(
        c,
        409,
        'A roll-out is running',
        `${running.by}'s change reaches ${running.percent} % of visitors ("${running.reason}"). Nothing was saved; complete the roll-out or roll it back first.`,
        { href: `/console/brands/${brand}`, label: 'Open the page again' },
      )
    const pending = await scheduledChange(db, brand)
    return (
      pending &&
      refusal(
        c,
        409,
        'A change is scheduled',
        `${pending.by} scheduled a change for ${new Date(pending.atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC ("${pending.reason}"). Nothing was saved; cancel the scheduled change first, or wait until it has applied.`,
        { href: `/console/brands/${brand}`, label: 'Open the page again' },
      )
    )
  }

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
    const scheduled = c.req.query('scheduled') !== undefined
    const cancelled = c.req.query('cancelled') !== undefined
    return show(
      c,
      found.session,
      brand,
      saved
        ? { notice: `Saved as version ${saved}.` }
        : scheduled
          ? { notice: 'Scheduled: it is shown below until it applies.' }
          : c.req.query('rollout') !== undefined
            ? { notice: 'The roll-out runs at the share shown below.' }
            : c.req.query('rolledBack') !== undefined
              ? { notice: 'Rolled back: every visitor has the live switches again.' }
              : cancelled
                ? { notice: 'The scheduled change was cancelled; nothing of it was applied.' }
                : {},
    )
  })

  /** The review of a change: its diff, what leaves the store, the preview, the save (changePage.ts). */
  const review = async (
    c: Context,
    e: Editor,
    change: {
      value: string
      obligations: ObligationBroken[]
      action: string
      hidden: Record<string, string | string[]>
      title: string
    },
    status: 200 | 400 = 200,
    problem?: string,
  ) => {
    const current = (await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)) ?? NO_VERSION
    c.header('cache-control', 'no-store')
    return c.html(
      reviewPage({
        session: e.session,
        brand: e.brand,
        current,
        value: change.value,
        obligations: change.obligations,
        action: change.action,
        hidden: change.hidden,
        title: change.title,
        reason: e.reason,
        confirmReason: e.confirmReason,
        storeLangs: BRAND_LANGUAGES[e.brand],
        ...(problem ? { problem } : {}),
      }),
      status,
    )
  }

  /** The switches an editor sent, as the fields that send them again (the review's save and preview). */
  const switchFields = (e: Editor): Record<string, string | string[]> => {
    if (!e.perLang) return { on: [...(e.on[BRAND_LANGUAGES[e.brand][0]!] ?? [])] }
    const fields: Record<string, string | string[]> = { perLang: 'yes' }
    for (const lang of BRAND_LANGUAGES[e.brand]) fields[`on.${lang}`] = [...(e.on[lang] ?? [])]
    return fields
  }

  // The editor's change, told before it is saved: nothing is written here.
  app.post('/console/brands/:brand/review', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    if ((current?.version ?? 0) !== e.basedOn) return stale(c, current)
    const next = checkSwitches(e.brand, proposedSwitches(e.brand, e.on, current?.value ?? ''))
    if (!next.ok)
      return show(
        c,
        e.session,
        e.brand,
        { problem: next.problem, draft: { on: e.on, reason: e.reason } },
        400,
      )
    return review(c, e, {
      value: next.value,
      obligations: next.obligations,
      action: `/console/brands/${e.brand}`,
      hidden: switchFields(e),
      title: `Your change to ${e.brand}`,
    })
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
    const pending = await pendingRefusal(c, e.brand)
    if (pending) return pending
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    if ((current?.version ?? 0) !== e.basedOn) return stale(c, current)
    const next = checkSwitches(e.brand, proposedSwitches(e.brand, e.on, current?.value ?? ''))
    if (!next.ok) return show(c, e.session, e.brand, { problem: next.problem, draft }, 400)
    const gate = await obligationGate(c, e, next.obligations, () =>
      review(
        c,
        e,
        {
          value: next.value,
          obligations: next.obligations,
          action: `/console/brands/${e.brand}`,
          hidden: switchFields(e),
          title: `Your change to ${e.brand}`,
        },
        400,
        'Not saved yet: confirm that this plugin may go, and say why.',
      ),
    )
    if ('stop' in gate) return gate.stop
    return save(c, e, next.value, gate.reason)
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
    const pending = await pendingRefusal(c, e.brand)
    if (pending) return pending
    const checked = checkSwitches(e.brand, readSwitches(e.brand, version.value))
    if (!checked.ok) return show(c, e.session, e.brand, { problem: checked.problem }, 400)
    const gate = await obligationGate(c, e, checked.obligations, () =>
      review(
        c,
        e,
        {
          value: checked.value,
          obligations: checked.obligations,
          action: `/console/brands/${e.brand}/restore`,
          hidden: { version: String(version.version) },
          title: `Putting version ${version.version} of ${e.brand} back`,
        },
        400,
        'Not put back yet: confirm that this plugin may go, and say why.',
      ),
    )
    if ('stop' in gate) return gate.stop
    return save(c, e, checked.value, `Put back version ${version.version}: ${gate.reason}`)
  })

  /**
   * A change applied later (scheduled, or rolled out to a share of visitors), checked now as a save
   * is: nothing else pending, based on the current version, switches the brand may have, and the
   * needed-plugin gate (a second confirmation and reason from an admin). Either the refusal to send,
   * or the checked switches, the version they replace and the gate's reason.
   */
  const laterChange = async (
    c: Context,
    e: Editor,
    draft: { on: Editor['on']; reason: string },
    later: { action: string; hidden: Record<string, string | string[]>; notYet: string },
  ) => {
    const pending = await pendingRefusal(c, e.brand)
    if (pending) return { stop: pending }
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    if ((current?.version ?? 0) !== e.basedOn) return { stop: stale(c, current) }
    const next = checkSwitches(e.brand, proposedSwitches(e.brand, e.on, current?.value ?? ''))
    if (!next.ok) return { stop: show(c, e.session, e.brand, { problem: next.problem, draft }, 400) }
    const gate = await obligationGate(c, e, next.obligations, () =>
      review(
        c,
        e,
        {
          value: next.value,
          obligations: next.obligations,
          action: later.action,
          hidden: later.hidden,
          title: `Your change to ${e.brand}`,
        },
        400,
        later.notYet,
      ),
    )
    if ('stop' in gate) return gate
    return { next, current, gate }
  }

  // A reviewed change applied at a time (scheduledSwitches.ts): checked as a save is, now.
  app.post('/console/brands/:brand/schedule', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const draft = { on: e.on, reason: e.reason }
    if (!e.reason)
      return show(
        c,
        e.session,
        e.brand,
        { problem: 'Not scheduled: say why (the reason is required).', draft },
        400,
      )
    const atMs = Date.parse(`${e.text('at')}:00Z`)
    if (!Number.isFinite(atMs) || atMs < now() + SCHEDULE_LEAD_MS)
      return show(
        c,
        e.session,
        e.brand,
        { problem: 'Not scheduled: give a time (UTC) at least two minutes from now.', draft },
        400,
      )
    const checked = await laterChange(c, e, draft, {
      action: `/console/brands/${e.brand}/schedule`,
      hidden: { ...switchFields(e), at: e.text('at') },
      notYet: 'Not scheduled yet: confirm that this plugin may go, and say why.',
    })
    if ('stop' in checked) return checked.stop
    const { next, current, gate } = checked
    const made = await scheduleChange(db, e.brand, {
      value: next.value,
      atMs,
      basedOn: current?.version ?? 0,
      by: e.session.operator.email,
      reason: gate.reason,
    })
    if (!made) return (await pendingRefusal(c, e.brand)) ?? stale(c, current)
    cms.forgetSiteConfig(e.brand)
    await recordAudit(db, c, e.session.operator, 'plugin switches scheduled', {
      brand: e.brand,
      detail: `${gate.reason} — for ${new Date(atMs).toISOString()}, plugins off: ${next.value || 'none'}`,
    })
    return c.redirect(`/console/brands/${e.brand}?scheduled`, 303)
  })

  app.post('/console/brands/:brand/schedule/cancel', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const cancelled = await cancelSchedule(db, e.brand)
    cms.forgetSiteConfig(e.brand)
    if (cancelled)
      await recordAudit(db, c, e.session.operator, 'scheduled change cancelled', {
        brand: e.brand,
        detail: `${cancelled.by}'s, for ${new Date(cancelled.atMs).toISOString()}: ${cancelled.reason}`,
      })
    return c.redirect(`/console/brands/${e.brand}?cancelled`, 303)
  })

  // A reviewed change served to a share of visitors, sticky per visitor (rolloutSwitches.ts).
  app.post('/console/brands/:brand/rollout', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const draft = { on: e.on, reason: e.reason }
    const percent = Number(e.text('percent'))
    if (!e.reason)
      return show(
        c,
        e.session,
        e.brand,
        { problem: 'Not rolled out: say why (the reason is required).', draft },
        400,
      )
    if (!Number.isInteger(percent) || percent < 1 || percent > 99)
      return show(
        c,
        e.session,
        e.brand,
        { problem: 'Not rolled out: give a share from 1 to 99 %.', draft },
        400,
      )
    const checked = await laterChange(c, e, draft, {
      action: `/console/brands/${e.brand}/rollout`,
      hidden: { ...switchFields(e), percent: String(percent) },
      notYet: 'Not rolled out yet: confirm that this plugin may go, and say why.',
    })
    if ('stop' in checked) return checked.stop
    const { next, current, gate } = checked
    const started = await startRollout(db, e.brand, {
      value: next.value,
      percent,
      basedOn: current?.version ?? 0,
      by: e.session.operator.email,
      reason: gate.reason,
    })
    if (!started) return (await pendingRefusal(c, e.brand)) ?? stale(c, current)
    cms.forgetSiteConfig(e.brand)
    await recordAudit(db, c, e.session.operator, `roll-out started at ${percent} %`, {
      brand: e.brand,
      detail: `${gate.reason} — plugins off for those visitors: ${next.value || 'none'}`,
    })
    return c.redirect(`/console/brands/${e.brand}?rollout`, 303)
  })

  // Step by step: a new share keeps the roll-out's visitors and adds (or drops) others.
  app.post('/console/brands/:brand/rollout/percent', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const percent = Number(e.text('percent'))
    if (!Number.isInteger(percent) || percent < 1 || percent > 99)
      return show(c, e.session, e.brand, { problem: 'Not changed: give a share from 1 to 99 %.' }, 400)
    const changed = await setRolloutPercent(db, e.brand, percent)
    if (!changed)
      return refusal(c, 404, 'No roll-out', 'No roll-out runs on this brand.', {
        href: `/console/brands/${e.brand}`,
        label: 'Open the page again',
      })
    cms.forgetSiteConfig(e.brand)
    await recordAudit(db, c, e.session.operator, `roll-out set to ${percent} %`, { brand: e.brand })
    return c.redirect(`/console/brands/${e.brand}?rollout`, 303)
  })

  // Rolled back at once (everyone gets the live value), or completed (its value saved for everyone).
  app.post('/console/brands/:brand/rollout/end', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const complete = e.text('complete') === 'yes'
    const ended = await endRollout(db, e.brand)
    cms.forgetSiteConfig(e.brand)
    if (!ended) return c.redirect(`/console/brands/${e.brand}`, 303)
    await recordAudit(db, c, e.session.operator, complete ? 'roll-out completed' : 'roll-out rolled back', {
      brand: e.brand,
      detail: `at ${ended.percent} %: ${ended.reason}`,
    })
    if (!complete) return c.redirect(`/console/brands/${e.brand}?rolledBack`, 303)
    return save(
      c,
      { ...e, basedOn: ended.basedOn },
      ended.value,
      `Roll-out completed from ${ended.percent} % (${ended.by}): ${ended.reason}`,
    )
  })

  // Any two versions side by side: what turned on and off, per language, and what left the store.
  app.get('/console/brands/:brand/compare', async (c) => {
    const brand = brandOf(c)
    const found = await operatorFor(c, db, (o) => (brand ? can.editBrand(o, brand) : can.readBrands(o)))
    if ('refused' in found) return found.refused
    if (!brand) return unknownBrand(c)
    const number = (name: string) => Number.parseInt(c.req.query(name) ?? '', 10)
    const [from, to, current] = await Promise.all([
      configVersion(db, brand, PLUGINS_DISABLED_KEY, number('from')),
      configVersion(db, brand, PLUGINS_DISABLED_KEY, number('to')),
      currentVersion(db, brand, PLUGINS_DISABLED_KEY),
    ])
    if (!from || !to)
      return refusal(c, 404, 'No such version', 'Both versions must be in the history of this brand.', {
        href: `/console/brands/${brand}#history`,
        label: 'The history',
      })
    c.header('cache-control', 'no-store')
    return c.html(comparePage({ session: found.session, brand, from, to, latest: current?.version ?? 0 }))
  })

  // The preview: the switches as a ticket, opened on the store's host (console/pluginPreview.ts).
  // A preview harms no one, so a plugin a law needs may be left out of one (to see the store without it).
  app.post('/console/brands/:brand/preview', async (c) => {
    const e = await editor(c)
    if ('refused' in e) return e.refused
    const current = await currentVersion(db, e.brand, PLUGINS_DISABLED_KEY)
    const next = checkSwitches(e.brand, proposedSwitches(e.brand, e.on, current?.value ?? ''))
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
      label: `a change to version ${current?.version ?? 0}, not saved`,
    })
    await recordAudit(db, c, e.session.operator, 'plugin switches previewed', {
      brand: e.brand,
      detail: `plugins off: ${next.value || 'none'}`,
    })
    const lang = (BRAND_LANGUAGES[e.brand] as readonly string[]).includes(e.text('lang'))
      ? e.text('lang')
      : 'en'
    const to = homePathOf(lang)
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
    await recordAudit(db, c, e.session.operator, `plugin switches saved as version ${result.version}`, {
      brand: e.brand,
      detail: `${reason} — plugins off: ${value || 'none'}`,
    })
    // This server's next page and header call read the new value at once.
    cms.forgetSiteConfig(e.brand)
    return c.redirect(`/console/brands/${e.brand}?saved=${result.version}`, 303)
  }
}

/** The obligations a change breaks, in words: which plugin, where, and why it is needed. */
const obligationText = (obligations: ObligationBroken[]) =>
  obligations
    .map(
      (o) =>
        `${o.plugin} is needed on this brand (${o.langs.map((l) => l.toUpperCase()).join(', ')}): ${o.why}`,
    )
    .join(' ')

const unknownBrand = (c: Context) =>
  refusal(c, 404, 'No such brand', `The brands are ${BRANDS.join(', ')}.`, {
    href: '/console/brands',
    label: 'Plugins per brand',
  })
