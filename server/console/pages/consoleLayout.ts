import { escapeHtml } from '../../pages/escapeHtml'
import type { Operator } from '../operators'
import { can } from '../operators'
import { CONSOLE_CSS } from './consoleCss'

/** Trusted HTML: built only by the console's page functions, which escape every value they insert. */
export interface Html {
  readonly html: string
}
export const raw = (html: string): Html => ({ html })

/** A template tag that escapes every interpolated value unless it is already `Html`. */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!
  })
  return raw(out)
}

function render(v: unknown): string {
  if (v === undefined || v === null || v === false) return ''
  if (Array.isArray(v)) return v.map(render).join('')
  if (typeof v === 'object' && 'html' in v) return (v as Html).html
  return escapeHtml(String(v))
}

export interface PageOptions {
  title: string
  operator?: Operator
  /** The session's CSRF token, for the sign-out form. */
  csrfToken?: string
  /** Which top link is the current page. */
  current?: 'brands' | 'health' | 'traces' | 'operators' | 'audit' | 'password'
  /** More style rules for this page alone, after the console's own. */
  css?: string
}

/**
 * Every console page: a plain server-rendered document in the store's colours, a skip link, the
 * operator's links (only those the role may open) and sign-out, then the page's main content.
 */
export function consolePage(opts: PageOptions, main: Html): string {
  const o = opts.operator
  const link = (href: string, label: string, key: PageOptions['current']) =>
    h`<li><a href="${href}"${raw(opts.current === key ? ' aria-current="page"' : '')}>${label}</a></li>`
  const nav = o
    ? h`<nav aria-label="Console"><ul>
        ${can.readBrands(o) && link('/console/brands', 'Plugins per brand', 'brands')}
        ${can.readTraces(o) && link('/console/health', 'Health', 'health')}
        ${can.readTraces(o) && link('/console/traces', 'Page loads', 'traces')}
        ${can.manageOperators(o) && link('/console/operators', 'Operators', 'operators')}
        ${can.manageOperators(o) && link('/console/audit', 'Audit log', 'audit')}
        ${link('/console/password', 'Password', 'password')}
      </ul></nav>
      <form method="post" action="/console/sign-out" class="signOut">
        <input type="hidden" name="csrf" value="${opts.csrfToken ?? ''}">
        <span>${o.displayName}</span> <button type="submit">Sign out</button>
      </form>`
    : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)} · One Header console</title>
<style>${CONSOLE_CSS}${opts.css ?? ''}</style></head><body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><p class="brand">Brewco · One Header console</p>${render(nav)}</header>
<main id="main" tabindex="-1">${main.html}</main>
</body></html>`
}

/**
 * An e-mail address that may break only after its @ or before a dot, never inside a word: a
 * `<wbr>` at each of those places, in a span that forbids breaking anywhere else.
 */
export function email(address: string): Html {
  const parts = address.split(/(?=\.)|(?<=@)/)
  return raw(`<span class="email">${parts.map(escapeHtml).join('<wbr>')}</span>`)
}
