import { BRAND_LANGUAGES, BRAND_PLUGINS } from '../../../contracts/brandPlugins'
import type { Brand, Lang } from '../../../site/brand'
import type { ConfigVersion } from '../configVersions'
import type { OperatorSession } from '../operatorSessions'
import { type LangChange, type ObligationBroken, readSwitches, switchesDiff } from '../pluginSwitches'
import { consolePage, type Html, h } from './consoleLayout'

/** A moment, to the minute, in UTC: one line in any table (`white-space: nowrap`). */
export const when = (d: Date) =>
  h`<time class="when" datetime="${d.toISOString()}">${d.toISOString().slice(0, 16).replace('T', ' ')} UTC</time>`

/** A plugin's name with its id, as every table of the console names it. */
const pluginName = (p: { id: string; name: string }) => h`${p.name} <code>${p.id}</code>`

/**
 * The switches of two values side by side, one column per language and version, changed rows
 * first said in words ("turns off"), then what leaves the store with the plugins turned off.
 */
export function diffSection(
  brand: Brand,
  fromValue: string,
  toValue: string,
  labels: [string, string],
): Html {
  const changes = switchesDiff(brand, fromValue, toValue)
  const from = readSwitches(brand, fromValue)
  const to = readSwitches(brand, toValue)
  const langs = BRAND_LANGUAGES[brand]
  const state = (off: string[] | undefined, id: string) => (off?.includes(id) ? 'off' : 'on')
  const rows = BRAND_PLUGINS[brand].map((p) => {
    const cells = langs.map((lang) => {
      const a = state(from[lang], p.id)
      const b = state(to[lang], p.id)
      return a === b
        ? h`<td>${b}</td>`
        : h`<td><strong>${a} → ${b}</strong> <span class="muted">(turns ${b})</span></td>`
    })
    return h`<tr><th scope="row">${pluginName(p)}</th>${cells}</tr>`
  })
  const nothing = changes.every((c) => c.turnsOff.length === 0 && c.turnsOn.length === 0)
  return h`<div><h2 id="diff">What changes</h2>
    ${nothing ? h`<p class="notice" role="status">Nothing changes: both have the same switches.</p>` : ''}
    <div class="tableWrap" tabindex="0" role="region" aria-labelledby="diff"><table class="diff">
      <caption>${labels[0]} → ${labels[1]}, per language</caption>
      <thead><tr><th scope="col">Plugin</th>${langs.map((l) => h`<th scope="col">${l.toUpperCase()} store</th>`)}</tr></thead>
      <tbody>${rows}</tbody></table></div>
    ${changes.map(goneFromStore)}</div>`
}

/** What leaves one language's store with the plugins a change turns off (from their manifests). */
function goneFromStore(change: LangChange): Html {
  const { lang, turnsOff, turnsOn, removes } = change
  if (turnsOff.length === 0 && turnsOn.length === 0) return h``
  return h`<div class="change"><h3>${lang.toUpperCase()} store</h3>
    ${
      turnsOff.length > 0 &&
      h`<p><strong>Turns off:</strong> ${turnsOff.map((p, i) => h`${i ? ', ' : ''}${pluginName(p)}`)}.</p>
      ${removes.cookieBanner && h`<p class="problem">The cookie banner disappears: visitors are no longer asked for their consent, and trackers that wait for it do not run.</p>`}
      <ul>${turnsOff.map(
        (p) => h`<li>${p.name}: ${p.shows}.
          ${p.slots.length > 0 ? h`Empty slots: ${p.slots.map((s, i) => h`${i ? ', ' : ''}<code>${s}</code>`)}.` : 'No slot of the header.'}
          ${p.calls.length > 0 ? h`Calls no longer made: ${p.calls.map((s, i) => h`${i ? ', ' : ''}<code>${s}</code>`)}.` : ''}</li>`,
      )}</ul>`
    }
    ${turnsOn.length > 0 && h`<p><strong>Turns on:</strong> ${turnsOn.map((p, i) => h`${i ? ', ' : ''}${pluginName(p)}`)} (from the next page; pages already open keep going without).</p>`}
  </div>`
}

export interface ReviewPageData {
  session: OperatorSession
  brand: Brand
  current: ConfigVersion
  /** The stored value the change would save. */
  value: string
  obligations: ObligationBroken[]
  /** Where the save posts, and the fields that carry the change there. */
  action: string
  hidden: Record<string, string | string[]>
  title: string
  reason: string
  confirmReason: string
  storeLangs: readonly Lang[]
  problem?: string
}

/**
 * A change before it is saved: the diff against the live version, what leaves the store, a preview
 * and the save. A plugin a law or contract needs here is named with why; a brand team cannot go
 * on, an admin confirms it a second time with a reason of its own.
 */
export function reviewPage(d: ReviewPageData): string {
  const { brand, current, session } = d
  const admin = session.operator.role === 'admin'
  const fields = (extra: Record<string, string | string[]> = {}) =>
    Object.entries({
      csrf: session.csrfToken,
      basedOn: String(current.version),
      ...d.hidden,
      ...extra,
    })
      // The schedule's time and the roll-out's share are fields of their own below, not hidden ones.
      .filter(([name]) => name !== 'at' && name !== 'percent')
      .flatMap(([name, value]) =>
        [value].flat().map((v) => h`<input type="hidden" name="${name}" value="${v}">`),
      )
  const blocked = d.obligations.length > 0 && !admin
  const obligations =
    d.obligations.length > 0 &&
    h`<div class="problem" role="alert"><p><strong>This switches off what ${brand} must run:</strong></p>
      <ul>${d.obligations.map((o) => h`<li><code>${o.plugin}</code> (${o.langs.map((l) => l.toUpperCase()).join(', ')}): ${o.why}</li>`)}</ul>
      <p>${admin ? 'As an admin you may go on: confirm it below, with the reason it may go.' : 'A brand team cannot save this; an admin decides.'}</p></div>`
  const save = blocked
    ? h``
    : h`<form method="post" action="${d.action}">${fields()}
      <div class="field"><label for="reason">Reason for the change (required, shown in the history)</label>
        <input id="reason" name="reason" type="text" required maxlength="500" value="${d.reason}"></div>
      ${
        d.obligations.length > 0 &&
        h`<fieldset><legend>Second confirmation (admin)</legend>
        <label><input type="checkbox" name="confirm" value="yes" required> I confirm that ${[...new Set(d.obligations.map((o) => o.plugin))].join(', ')} may be switched off on ${brand}</label>
        <div class="field"><label for="confirmReason">Why it may go (required, kept in the history)</label>
          <input id="confirmReason" name="confirmReason" type="text" required maxlength="500" value="${d.confirmReason}"></div></fieldset>`
      }
      <div class="row"><button type="submit">Save as version ${current.version + 1}</button>
        <a href="/console/brands/${brand}">Back to the switches, nothing saved</a></div>
      ${
        !d.hidden.version &&
        h`<div class="row"><div class="field"><label for="at">Or apply it at (UTC, two minutes from now or later)</label>
          <input id="at" name="at" type="datetime-local" value="${d.hidden.at ?? ''}"></div>
          <button type="submit" class="secondary" formaction="/console/brands/${brand}/schedule">Schedule it</button></div>
        <div class="row"><div class="field"><label for="percent">Or roll it out to a share of visitors (%)</label>
          <input id="percent" name="percent" type="number" min="1" max="99" value="${d.hidden.percent ?? '10'}"></div>
          <button type="submit" class="secondary" formaction="/console/brands/${brand}/rollout">Roll it out</button></div>`
      }</form>`
  const preview = d.hidden.version
    ? h``
    : h`<form method="post" action="/console/brands/${brand}/preview" target="_blank" class="row">${fields()}
      <div class="field"><label for="previewLang">Preview in</label>
        <select id="previewLang" name="lang">${d.storeLangs.map((l) => h`<option value="${l}">${l.toUpperCase()}</option>`)}</select></div>
      <button type="submit" class="secondary">Preview the store with this change</button></form>`
  const main = h`<h1>${d.title}</h1>
    ${d.problem && h`<p class="problem" role="alert">${d.problem}</p>`}
    <p>Nothing is saved yet. Against the live version ${current.version} (by ${current.changedBy}, ${when(current.changedAt)}):</p>
    ${diffSection(brand, current.value, d.value, [`Version ${current.version} (live)`, 'this change'])}
    ${obligations}
    <h2>Preview</h2>${preview}
    <h2>Save</h2>${save}${blocked && h`<p><a href="/console/brands/${brand}">Back to the switches, nothing saved</a></p>`}`
  return consolePage(
    { title: d.title, operator: session.operator, csrfToken: session.csrfToken, current: 'brands' },
    main,
  )
}

/** Two versions of the history compared, either order, with who saved each and why. */
export function comparePage(d: {
  session: OperatorSession
  brand: Brand
  from: ConfigVersion
  to: ConfigVersion
  latest: number
}): string {
  const { brand, from, to, session } = d
  const version = (v: ConfigVersion) =>
    h`<li>Version ${v.version}${v.version === d.latest ? ' (live)' : ''}: ${when(v.changedAt)}, by ${v.changedBy}: <span class="reason">${v.reason}</span></li>`
  const select = (name: string, label: string, value: number) =>
    h`<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="number" min="1" max="${d.latest}" value="${value}"></div>`
  const main = h`<h1>Versions ${from.version} and ${to.version} of ${brand}</h1>
    <ul>${version(from)}${version(to)}</ul>
    ${diffSection(brand, from.value, to.value, [`Version ${from.version}`, `version ${to.version}`])}
    <form method="get" action="/console/brands/${brand}/compare" class="row">
      ${select('from', 'Compare version', from.version)}${select('to', 'with version', to.version)}
      <button type="submit" class="secondary">Compare</button></form>
    <p><a href="/console/brands/${brand}#history">Back to the history</a></p>`
  return consolePage(
    {
      title: `Versions of ${brand}`,
      operator: session.operator,
      csrfToken: session.csrfToken,
      current: 'brands',
    },
    main,
  )
}
