import { BRANDS, type Brand } from '../../../site/brand'
import type { AuditEntry } from '../operatorAdmin'
import { PASSWORD_RULE_TEXT, ROLES } from '../operatorAdmin'
import type { OperatorSession } from '../operatorSessions'
import type { Operator } from '../operators'
import { when } from './changePage'
import { consolePage, email, type Html, h } from './consoleLayout'

const ROLE_NAMES = { brand: 'Brand team', monitoring: 'Monitoring', admin: 'Admin' } as const

/** A role select and brand boxes, ids prefixed so several forms share a page. */
function roleFields(prefix: string, o?: Pick<Operator, 'role' | 'brands'>): Html {
  return h`<div class="field"><label for="${prefix}-role">Role</label>
    <select id="${prefix}-role" name="role">${ROLES.map(
      (r) => h`<option value="${r}"${o?.role === r ? h` selected` : ''}>${ROLE_NAMES[r]}</option>`,
    )}</select></div>
    <fieldset><legend>Brands (a brand team's)</legend>${BRANDS.map(
      (b) =>
        h`<label class="inline"><input type="checkbox" name="brands" value="${b}"${
          o?.role === 'brand' && o.brands.includes(b) ? h` checked` : ''
        }> ${b}</label> `,
    )}</fieldset>`
}

/**
 * The admins' operator management: every operator with its role, brands and sessions, and per
 * operator its role, a password reset, sign out everywhere and removal; the form to add one.
 */
export function operatorsPage(d: {
  session: OperatorSession
  operators: (Operator & { sessions: number })[]
  notice?: string
  problem?: string
}): string {
  const { session } = d
  const csrf = h`<input type="hidden" name="csrf" value="${session.csrfToken}">`
  const rows = d.operators.map((o) => {
    const self = o.id === session.operator.id
    const base = `/console/operators/${o.id}`
    const mail = email(o.email)
    return h`<tr><th scope="row">${o.displayName}<br><span class="muted">${mail}</span></th>
      <td data-label="Role">${ROLE_NAMES[o.role]}${o.role === 'brand' ? h`: ${o.brands.join(', ')}` : ''}</td>
      <td data-label="Sessions">${o.sessions}${o.mustChangePassword ? h`<br><span class="muted">must change password</span>` : ''}</td>
      <td data-label="Change">${
        self
          ? h`<span class="muted">You (change your own password from <a href="/console/password">Password</a>)</span>`
          : h`<details><summary>Change ${mail}</summary>
        <form method="post" action="${base}/role">${csrf}${roleFields(`op${o.id}`, o)}
          <button type="submit" class="secondary">Save the role of ${mail}</button></form>
        <form method="post" action="${base}/reset">${csrf}
          <div class="field"><label for="op${o.id}-password">New password for ${mail} (${PASSWORD_RULE_TEXT}; changed at the next sign-in)</label>
          <input id="op${o.id}-password" name="password" type="password" autocomplete="new-password" required></div>
          <button type="submit" class="secondary">Reset the password of ${mail}</button></form>
        <form method="post" action="${base}/sign-out-everywhere">${csrf}
          <button type="submit" class="secondary">Sign ${mail} out everywhere</button></form>
        <form method="post" action="${base}/remove">${csrf}
          <button type="submit" class="secondary">Remove ${mail}</button></form></details>`
      }</td></tr>`
  })
  const main = h`<h1>Operators</h1>
    ${d.notice && h`<p class="notice" role="status">${d.notice}</p>`}
    ${d.problem && h`<p class="problem" role="alert">${d.problem}</p>`}
    <div class="tableWrap" tabindex="0" role="region" aria-labelledby="operators"><table class="stack">
      <caption id="operators">Operator accounts</caption>
      <thead><tr><th scope="col">Operator</th><th scope="col">Role</th><th scope="col">Sessions</th><th scope="col">Change</th></tr></thead>
      <tbody>${rows}</tbody></table></div>
    <h2 id="add">Add an operator</h2>
    <form method="post" action="/console/operators">${csrf}
      <div class="field"><label for="new-email">E-mail</label><input id="new-email" name="email" type="email" required autocomplete="off"></div>
      <div class="field"><label for="new-name">Name</label><input id="new-name" name="displayName" type="text" required maxlength="80"></div>
      ${roleFields('new')}
      <div class="field"><label for="new-password">First password (${PASSWORD_RULE_TEXT}; the operator changes it at the first sign-in)</label>
        <input id="new-password" name="password" type="password" autocomplete="new-password" required></div>
      <button type="submit">Add the operator</button></form>`
  return consolePage(
    { title: 'Operators', operator: session.operator, csrfToken: session.csrfToken, current: 'operators' },
    main,
  )
}

/** Every brand's changes (or one brand's), newest first: who, when, from where, what. */
export function auditPage(d: {
  session: OperatorSession
  entries: AuditEntry[]
  brand: Brand | undefined
  page: number
  more: boolean
}): string {
  const { session } = d
  const q = (page: number) => `/console/audit?${d.brand ? `brand=${d.brand}&amp;` : ''}page=${page}`
  const rows = d.entries.map(
    (
      e,
    ) => h`<tr><td data-label="When">${when(e.at)}</td><td data-label="Who">${email(e.operatorEmail)}</td><td data-label="From"><code>${e.address}</code></td>
      <td data-label="What">${e.action}</td><td data-label="Brand">${e.brand ?? h`<span class="muted">—</span>`}</td><td data-label="Detail" class="reason">${e.detail}</td></tr>`,
  )
  const main = h`<h1>Audit log</h1>
    <form method="get" action="/console/audit" class="row"><div class="field"><label for="brand">Brand</label>
      <select id="brand" name="brand"><option value="">Every brand, and operators</option>${BRANDS.map(
        (b) => h`<option value="${b}"${d.brand === b ? h` selected` : ''}>${b}</option>`,
      )}</select></div><button type="submit" class="secondary">Show</button></form>
    <div class="tableWrap" tabindex="0" role="region" aria-labelledby="audit"><table class="stack">
      <caption id="audit">Who did what, when and from where${d.brand ? ` on ${d.brand}` : ''}</caption>
      <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">From</th><th scope="col">What</th><th scope="col">Brand</th><th scope="col">Detail</th></tr></thead>
      <tbody>${rows.length ? rows : h`<tr><td colspan="6">Nothing yet.</td></tr>`}</tbody></table></div>
    <nav class="pager" aria-label="Audit log pages">${d.page > 1 && h`<a href="${q(d.page - 1)}">Newer</a>`}
      <span>Page ${d.page}</span>${d.more && h`<a href="${q(d.page + 1)}">Older</a>`}</nav>`
  return consolePage(
    { title: 'Audit log', operator: session.operator, csrfToken: session.csrfToken, current: 'audit' },
    main,
  )
}

/** The operator's own password: forced after an admin set it, else when they wish. */
export function passwordPage(d: { session: OperatorSession; problem?: string; notice?: string }): string {
  const { session } = d
  const main = h`<h1>Your password</h1>
    ${session.operator.mustChangePassword && h`<p class="notice" role="status">An admin set your password: choose your own before you go on.</p>`}
    ${d.notice && h`<p class="notice" role="status">${d.notice}</p>`}
    ${d.problem && h`<p class="problem" role="alert">${d.problem}</p>`}
    <form method="post" action="/console/password"><input type="hidden" name="csrf" value="${session.csrfToken}">
      <div class="field"><label for="current">Current password</label><input id="current" name="current" type="password" autocomplete="current-password" required></div>
      <div class="field"><label for="next">New password (${PASSWORD_RULE_TEXT})</label><input id="next" name="next" type="password" autocomplete="new-password" required></div>
      <div class="field"><label for="again">New password again</label><input id="again" name="again" type="password" autocomplete="new-password" required></div>
      <button type="submit">Change the password</button></form>
    <p class="muted">Your other sessions end when it changes.</p>`
  return consolePage(
    { title: 'Your password', operator: session.operator, csrfToken: session.csrfToken, current: 'password' },
    main,
  )
}
