import { BRAND_PLUGINS } from '../../../contracts/brandPlugins'
import type { Brand } from '../../../site/brand'
import { BRAND_FIXTURES } from '../../fixtures/brands'
import type { ConfigVersion } from '../configVersions'
import type { OperatorSession } from '../operatorSessions'
import { splitIds } from '../pluginSwitches'
import { consolePage, type Html, h } from './consoleLayout'

export const when = (d: Date) =>
  h`<time datetime="${d.toISOString()}">${d.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`

/** The store's `/preview/plugins/end`, on the origin of its home address. */
const previewEnd = (home: string) => `${new URL(home).origin}/preview/plugins/end`

const offText = (value: string) =>
  splitIds(value).length ? splitIds(value).join(', ') : 'none (every plugin on)'

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
  draft?: { on: ReadonlySet<string>; reason: string }
}

/**
 * One brand's plugin switches (a form: works without script), the preview, and the paged history
 * with a put-back form per earlier version.
 */
export function brandPage(d: BrandPageData): string {
  const { brand, current, session } = d
  const off = new Set(splitIds(current.value))
  const isOn = (id: string) => (d.draft ? d.draft.on.has(id) : !off.has(id))
  const csrf = h`<input type="hidden" name="csrf" value="${session.csrfToken}">`
  const basedOn = h`<input type="hidden" name="basedOn" value="${current.version}">`
  const switches = BRAND_PLUGINS[brand].map(
    (p) =>
      h`<li><label><input type="checkbox" name="on" value="${p.id}"${isOn(p.id) ? h` checked` : ''}> ${p.id}</label>${
        p.requires.length ? h` <span class="muted">(needs ${p.requires.join(', ')})</span>` : ''
      }</li>`,
  )
  const pages = Math.max(1, Math.ceil(d.history.total / d.history.pageSize))
  const rows = d.history.versions.map(
    (v) => h`<tr><th scope="row">${v.version}</th><td>${when(v.changedAt)}</td><td>${v.changedBy}</td>
      <td>${v.reason}</td><td>${offText(v.value)}</td><td>${
        v.version === current.version
          ? h`<span class="muted">live</span>`
          : h`<form method="post" action="/console/brands/${brand}/restore">${csrf}${basedOn}
          <input type="hidden" name="version" value="${v.version}">
          <label for="restore-reason-${v.version}">Reason to put version ${v.version} back</label>
          <input id="restore-reason-${v.version}" name="reason" type="text" required maxlength="500">
          <button type="submit" class="secondary">Put version ${v.version} back</button></form>`
      }</td></tr>`,
  )
  const pager = pages > 1 ? historyPager(brand, d.history.page, pages) : ''
  const main: Html = h`<h1>Plugins on ${brand} (${BRAND_FIXTURES[brand].displayName})</h1>
    ${d.notice && h`<p class="notice" role="status">${d.notice}</p>`}
    ${d.problem && h`<p class="problem" role="alert">${d.problem}</p>`}
    <p>Stored as the site configuration <code>header.plugins.disabled</code> of ${brand}, which both of its
    languages read: ${d.storeUrls.map((s, i) => h`${i ? ', ' : ''}<a href="${s.url}">${s.lang.toUpperCase()} store</a>`)}.
    A change takes effect on the next page, and open pages follow it when they are next shown or within a minute.</p>
    <form method="post" action="/console/brands/${brand}">${csrf}${basedOn}
      <fieldset><legend>Plugins running on ${brand}: version ${current.version}, by ${current.changedBy}, ${when(current.changedAt)}</legend>
        <ul class="switches">${switches}</ul></fieldset>
      <div class="field"><label for="reason">Reason for the change (required, shown in the history)</label>
        <input id="reason" name="reason" type="text" required maxlength="500" value="${d.draft?.reason ?? ''}"></div>
      <div class="row"><button type="submit">Save as version ${current.version + 1}</button>
        <div class="field"><label for="previewLang">Preview in</label>
          <select id="previewLang" name="lang">${d.storeUrls.map((s) => h`<option value="${s.lang}">${s.lang.toUpperCase()}</option>`)}</select></div>
        <button type="submit" class="secondary" formaction="/console/brands/${brand}/preview" formtarget="_blank" formnovalidate>Preview the store with these switches</button></div>
      <p class="muted">The preview opens the store in a new tab with these switches, for your browser only, for 30 minutes
        (<a href="${previewEnd(d.storeUrls[0]!.url)}">end it sooner</a>); nothing is saved.</p>
    </form>
    <h2 id="history">History</h2>
    <div class="tableWrap" tabindex="0" role="region" aria-labelledby="history"><table aria-labelledby="history"><thead><tr><th scope="col">Version</th><th scope="col">When</th><th scope="col">Who</th>
      <th scope="col">Reason</th><th scope="col">Plugins off</th><th scope="col">Action</th></tr></thead>
      <tbody>${rows}</tbody></table></div>${pager}`
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

function historyPager(brand: Brand, page: number, pages: number): Html {
  return h`<nav class="pager" aria-label="History pages">
    ${page > 1 && h`<a href="/console/brands/${brand}?page=${page - 1}#history">Newer changes</a>`}
    <span>Page ${page} of ${pages}</span>
    ${page < pages && h`<a href="/console/brands/${brand}?page=${page + 1}#history">Older changes</a>`}</nav>`
}

export function brandListPage(session: OperatorSession): string {
  const items = session.operator.brands.map(
    (b) => h`<li><a href="/console/brands/${b}">${b} — ${BRAND_FIXTURES[b].displayName}</a></li>`,
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
