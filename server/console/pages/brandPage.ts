import { BRAND_LANGUAGES, BRAND_OBLIGATIONS, BRAND_PLUGINS } from '../../../contracts/brandPlugins'
import type { Brand, Lang } from '../../../site/brand'
import { SERVER_BRANDS } from '../../brands'
import type { ConfigVersion } from '../configVersions'
import type { OperatorSession } from '../operatorSessions'
import { readSwitches } from '../pluginSwitches'
import type { Rollout } from '../rolloutSwitches'
import type { ScheduledChange } from '../scheduledSwitches'
import { when } from './changePage'
import { consolePage, email, type Html, h } from './consoleLayout'

export { when }

/** The store's `/preview/plugins/end`, on the origin of its home address. */
const previewEnd = (home: string) => `${new URL(home).origin}/preview/plugins/end`

/** A stored value in words, per language where they differ. */
function offText(brand: Brand, value: string): string {
  const byLang = readSwitches(brand, value)
  const lists = Object.entries(byLang).map(
    ([lang, ids]) => [lang, ids.length ? ids.join(', ') : 'none'] as const,
  )
  if (lists.every(([, t]) => t === lists[0]![1]))
    return lists[0]![1] === 'none' ? 'none (every plugin on)' : lists[0]![1]
  return lists.map(([lang, t]) => `${lang.toUpperCase()}: ${t}`).join('; ')
}

export interface BrandPageData {
  session: OperatorSession
  brand: Brand
  current: ConfigVersion
  history: { versions: ConfigVersion[]; total: number; page: number; pageSize: number }
  /** The store's address for the brand in each language, for "open the store". */
  storeUrls: { lang: string; url: string }[]
  notice?: string
  problem?: string
  /** The switches and reason the editor sent, kept when a save is refused. */
  draft?: { on: Partial<Record<Lang, ReadonlySet<string>>>; reason: string }
  /** A change scheduled for a time, shown as pending until then. */
  scheduled?: ScheduledChange | undefined
  /** A change served to a share of visitors. */
  rollout?: Rollout | undefined
}

/**
 * One brand's plugin switches (a form: works without script), the preview, and the paged history
 * with a put-back form per earlier version.
 */
export function brandPage(d: BrandPageData): string {
  const { brand, current, session } = d
  const langs = BRAND_LANGUAGES[brand]
  const perLang = langs.length > 1
  const off = readSwitches(brand, current.value)
  const isOn = (lang: Lang, id: string) => (d.draft ? !!d.draft.on[lang]?.has(id) : !off[lang]?.includes(id))
  const csrf = h`<input type="hidden" name="csrf" value="${session.csrfToken}">`
  const basedOn = h`<input type="hidden" name="basedOn" value="${current.version}">`
  const needed = (id: string) => BRAND_OBLIGATIONS[brand].filter((o) => o.plugin === id)
  // One switch per language where the brand has two (cab2c's EN and FR), one where it has one.
  const switchCell = (p: { id: string; name: string }, lang: Lang) => {
    const name = perLang ? `on.${lang}` : 'on'
    const label = perLang ? `${p.name} on the ${lang.toUpperCase()} store` : `${p.name} on`
    return h`<td class="switch" data-label="${perLang ? `${lang.toUpperCase()} on` : 'On'}"><input type="checkbox" id="on-${lang}-${p.id}" name="${name}" value="${p.id}" aria-label="${label}"${isOn(lang, p.id) ? h` checked` : ''}></td>`
  }
  const switches = BRAND_PLUGINS[brand].map(
    (
      p,
    ) => h`<tr><th scope="row">${p.name} <code>${p.id}</code></th>${langs.map((lang) => switchCell(p, lang))}
      <td data-label="What it shows">${p.shows}</td><td data-label="Owner">${p.owner}</td>
      <td data-label="Requires">${p.requires.length ? h`Needs ${p.requires.join(', ')}` : h`<span class="muted">nothing</span>`}</td>
      <td data-label="Law or contract">${
        // One box around the reasons: a stacked row's cell is a grid of its label and one value.
        needed(p.id).length
          ? h`<div>${needed(p.id).map((o) => h`<p class="needed"><strong>Required here:</strong> ${o.why}</p>`)}</div>`
          : ''
      }</td></tr>`,
  )
  const pages = Math.max(1, Math.ceil(d.history.total / d.history.pageSize))
  const rows = d.history.versions.map(
    (
      v,
    ) => h`<tr><th scope="row" data-label="Version">${v.version}</th><td data-label="When">${when(v.changedAt)}</td><td data-label="Who">${v.changedBy.includes('@') ? email(v.changedBy) : v.changedBy}</td>
      <td data-label="Reason" class="reason">${v.reason}</td><td data-label="Plugins off">${offText(brand, v.value)}</td><td data-label="Action"><div>${
        v.version > 1 &&
        h`<p><a href="/console/brands/${brand}/compare?from=${v.version - 1}&amp;to=${v.version}">What version ${v.version} changed</a></p>`
      }${
        v.version === current.version
          ? h`<span class="muted">live</span>`
          : h`<form method="post" action="/console/brands/${brand}/restore">${csrf}${basedOn}
          <input type="hidden" name="version" value="${v.version}">
          <label for="restore-reason-${v.version}">Reason to put version ${v.version} back</label>
          <input id="restore-reason-${v.version}" name="reason" type="text" required maxlength="500">
          <button type="submit" class="secondary">Put version ${v.version} back</button></form>`
      }</div></td></tr>`,
  )
  const pager = pages > 1 ? historyPager(brand, d.history.page, pages) : ''
  const main: Html = h`<h1>Plugins on ${brand} (${SERVER_BRANDS[brand].displayName})</h1>
    ${d.notice && h`<p class="notice" role="status">${d.notice}</p>`}
    ${d.problem && h`<p class="problem" role="alert">${d.problem}</p>`}
    ${d.scheduled && pendingSection(brand, d.scheduled, csrf)}
    ${d.rollout && rolloutSection(brand, d.rollout, csrf)}
    <p>Stored as the site configuration <code>header.plugins.disabled</code> of ${brand}, ${
      perLang ? 'with a switch per language: ' : 'whose one language is its '
    }${d.storeUrls.map((s, i) => h`${i ? ', ' : ''}<a href="${s.url}">${s.lang.toUpperCase()} store</a>`)}.
    A change is shown to you before it is saved (what turns on and off, and what leaves the store), takes effect on
    the next page, and open pages follow it when they are next shown or within a minute.</p>
    <form method="post" action="/console/brands/${brand}/review">${csrf}${basedOn}${perLang && h`<input type="hidden" name="perLang" value="yes">`}
      <h2 id="switches">Plugins running on ${brand}: version ${current.version}, by ${current.changedBy}, ${when(current.changedAt)}</h2>
      <div class="tableWrap" tabindex="0" role="region" aria-labelledby="switches"><table class="plugins stack">
        <thead><tr><th scope="col">Plugin</th>${langs.map((l) => h`<th scope="col">${perLang ? `${l.toUpperCase()} on` : 'On'}</th>`)}
        <th scope="col">What it shows</th><th scope="col">Owner</th><th scope="col">Requires</th><th scope="col">Law or contract</th></tr></thead>
        <tbody>${switches}</tbody></table></div>
      <div class="field"><label for="reason">Reason for the change (required to save, shown in the history)</label>
        <input id="reason" name="reason" type="text" maxlength="500" value="${d.draft?.reason ?? ''}"></div>
      <div class="row"><button type="submit">Review the change</button>
        <div class="field"><label for="previewLang">Preview in</label>
          <select id="previewLang" name="lang">${d.storeUrls.map((s) => h`<option value="${s.lang}">${s.lang.toUpperCase()}</option>`)}</select></div>
        <button type="submit" class="secondary" formaction="/console/brands/${brand}/preview" formtarget="_blank" formnovalidate>Preview the store with these switches</button></div>
      <p class="muted">The preview opens the store in a new tab with these switches, for your browser only, for 30 minutes
        (<a href="${previewEnd(d.storeUrls[0]!.url)}">end it sooner</a>); nothing is saved.</p>
    </form>
    <h2 id="history">History</h2>
    <div class="tableWrap" tabindex="0" role="region" aria-labelledby="history"><table class="stack" aria-labelledby="history"><thead><tr><th scope="col">Version</th><th scope="col">When</th><th scope="col">Who</th>
      <th scope="col">Reason</th><th scope="col">Plugins off</th><th scope="col">Action</th></tr></thead>
      <tbody>${rows}</tbody></table></div>${pager}
    ${
      current.version > 1 &&
      h`<form method="get" action="/console/brands/${brand}/compare" class="row">
      <div class="field"><label for="from">Compare version</label><input id="from" name="from" type="number" min="1" max="${current.version}" value="1"></div>
      <div class="field"><label for="to">with version</label><input id="to" name="to" type="number" min="1" max="${current.version}" value="${current.version}"></div>
      <button type="submit" class="secondary">Compare</button></form>`
    }`
  return consolePage(
    {
      title: `Plugins on ${brand}`,
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'brands',
    },
    main,
  )
}

/** The change waiting for its time: what it does, when, who and why, and the way to cancel it. */
function pendingSection(brand: Brand, s: ScheduledChange, csrf: Html): Html {
  return h`<section class="pending" aria-labelledby="pending"><h2 id="pending">Pending: a change scheduled for ${when(new Date(s.atMs))}</h2>
    <p>By ${s.by}, on version ${s.basedOn}: <span class="reason">${s.reason}</span>. Plugins off from then on: ${offText(brand, s.value)}.
    Until it has applied, no other change is saved.</p>
    <form method="post" action="/console/brands/${brand}/schedule/cancel">${csrf}
      <button type="submit" class="secondary">Cancel the scheduled change</button></form></section>`
}

/** The roll-out running: its share, raised or lowered step by step, rolled back or completed. */
function rolloutSection(brand: Brand, r: Rollout, csrf: Html): Html {
  return h`<section class="pending" aria-labelledby="rollout"><h2 id="rollout">Roll-out: ${r.percent} % of visitors</h2>
    <p>By ${r.by}, on version ${r.basedOn}: <span class="reason">${r.reason}</span>. Those visitors have plugins off:
    ${offText(brand, r.value)}; the others the live switches. A visitor keeps the same header on every page and server.
    Until it ends, no other change is saved.</p>
    <form method="post" action="/console/brands/${brand}/rollout/percent" class="row">${csrf}
      <div class="field"><label for="percent">Share of visitors (%)</label>
        <input id="percent" name="percent" type="number" min="1" max="99" value="${r.percent}" required></div>
      <button type="submit" class="secondary">Set the share</button></form>
    <div class="row"><form method="post" action="/console/brands/${brand}/rollout/end">${csrf}
      <button type="submit" class="secondary">Roll back at once</button></form>
    <form method="post" action="/console/brands/${brand}/rollout/end">${csrf}<input type="hidden" name="complete" value="yes">
      <button type="submit">Complete: every visitor gets it (version ${r.basedOn + 1})</button></form></div></section>`
}

function historyPager(brand: Brand, page: number, pages: number): Html {
  return h`<nav class="pager" aria-label="History pages">
    ${page > 1 && h`<a href="/console/brands/${brand}?page=${page - 1}#history">Newer changes</a>`}
    <span>Page ${page} of ${pages}</span>
    ${page < pages && h`<a href="/console/brands/${brand}?page=${page + 1}#history">Older changes</a>`}</nav>`
}

export function brandListPage(session: OperatorSession): string {
  const items = session.operator.brands.map(
    (b) => h`<li><a href="/console/brands/${b}">${b} — ${SERVER_BRANDS[b].displayName}</a></li>`,
  )
  return consolePage(
    {
      title: 'Plugins per brand',
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'brands',
    },
    h`<h1>Plugins per brand</h1><p>The brands you may switch plugins for:</p><ul>${items}</ul>`,
  )
}
