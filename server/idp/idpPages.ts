import { createHash } from 'node:crypto'
import type { Lang } from '../../site/brand'
import { escapeHtml } from '../pages/escapeHtml'
import { type IdpText, idpText } from './idpText'

const CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f4f2ef}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 1.5rem}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;padding:.6rem;font:inherit;border:1px solid #6b6b6b;border-radius:4px}
input[aria-invalid=true]{border:2px solid #b00020}
.hint{margin:.25rem 0 0;font-size:.875rem;color:#4a4a4a}
button{width:100%;padding:.75rem;font:inherit;font-weight:600;color:#fff;background:#1a1a1a;border:0;border-radius:4px;cursor:pointer}
a{color:#0b57d0}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.alert{margin:0 0 1.5rem;padding:.75rem 1rem;border-left:4px solid #b00020;background:#fdecee}
.alert h2{font-size:1rem;margin:0}
.alert p{margin:.25rem 0 0}`

const CSS_HASH = createHash('sha256').update(CSS).digest('base64')

/** Headers of every page the provider renders: no script may run, no frame may hold it, nothing cached. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${CSS_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  'x-frame-options': 'DENY',
  // Not no-referrer: that would make the browser send `Origin: null` with the form posts.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
}

const e = escapeHtml

function document(t: IdpText, title: string, body: string): string {
  return `<!doctype html>
<html lang="${t.htmlLang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><style>${CSS}</style></head>
<body><main>
${body}
</main></body>
</html>`
}

const alert = (t: IdpText, message: string) =>
  `<div class="alert" role="alert"><h2>${e(t.errorSummary)}</h2><p>${e(message)}</p></div>`

export type LoginField = 'email' | 'password' | 'firstName' | 'lastName'

export interface LoginPageView {
  lang: Lang
  brandName: string
  screen: 'login' | 'signup'
  /** The login transaction id; the form's only link to the /authorize request. */
  tx: string
  /** Typed values to show again after an error (never the password). */
  values?: Partial<Record<'email' | 'firstName' | 'lastName', string>>
  error?: { message: string; field?: LoginField }
  /** Same /authorize request with the other screen. */
  switchHref: string
  storeHref: string
}

interface FieldSpec {
  name: LoginField
  label: string
  type: 'email' | 'password' | 'text'
  autocomplete: string
  required: boolean
  hint?: string
}

function field(view: LoginPageView, f: FieldSpec, autofocus: boolean): string {
  const invalid = view.error?.field === f.name
  const value = f.type === 'password' ? '' : (view.values?.[f.name as 'email'] ?? '')
  const hintId = `${f.name}-hint`
  const describedBy = [f.hint ? hintId : '', invalid ? 'form-error' : ''].filter(Boolean).join(' ')
  const attrs = [
    `id="${f.name}"`,
    `name="${f.name}"`,
    `type="${f.type}"`,
    `autocomplete="${f.autocomplete}"`,
    f.required ? 'required' : '',
    f.type === 'password' && f.autocomplete === 'new-password' ? 'minlength="8"' : '',
    value ? `value="${e(value)}"` : '',
    invalid ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    autofocus ? 'autofocus' : '',
  ].filter(Boolean)
  const label = f.required ? e(f.label) : `${e(f.label)} <span>${e(idpText(view.lang).optional)}</span>`
  const hint = f.hint ? `<p class="hint" id="${hintId}">${e(f.hint)}</p>` : ''
  return `<div class="field"><label for="${f.name}">${label}</label><input ${attrs.join(' ')}>${hint}</div>`
}

/** The login or sign-up page of the local identity provider (what Auth0's Universal Login shows). */
export function renderLoginPage(view: LoginPageView): string {
  const t = idpText(view.lang)
  const signup = view.screen === 'signup'
  const fields: FieldSpec[] = signup
    ? [
        { name: 'firstName', label: t.firstName, type: 'text', autocomplete: 'given-name', required: true },
        { name: 'lastName', label: t.lastName, type: 'text', autocomplete: 'family-name', required: false },
        { name: 'email', label: t.email, type: 'email', autocomplete: 'email', required: true },
        {
          name: 'password',
          label: t.password,
          type: 'password',
          autocomplete: 'new-password',
          required: true,
          hint: t.passwordRule,
        },
      ]
    : [
        { name: 'email', label: t.email, type: 'email', autocomplete: 'username', required: true },
        {
          name: 'password',
          label: t.password,
          type: 'password',
          autocomplete: 'current-password',
          required: true,
        },
      ]
  const focus = view.error?.field ?? fields[0]!.name
  const title = `${view.error ? (view.lang === 'fr' ? 'Erreur : ' : 'Error: ') : ''}${signup ? t.signupTitle : t.loginTitle} | ${view.brandName}`
  const errorBlock = view.error
    ? `<div class="alert" role="alert" id="form-error"><h2>${e(t.errorSummary)}</h2><p>${e(view.error.message)}</p></div>`
    : ''
  const body = `<h1>${e(signup ? t.signupHeading(view.brandName) : t.loginHeading(view.brandName))}</h1>
${errorBlock}
<form method="post" action="/authorize/${signup ? 'signup' : 'login'}">
<input type="hidden" name="tx" value="${e(view.tx)}">
${fields.map((f) => field(view, f, f.name === focus)).join('\n')}
<button type="submit">${e(signup ? t.createAccount : t.logIn)}</button>
</form>
<p><a href="${e(view.switchHref)}">${e(signup ? t.toLogin : t.toSignup)}</a></p>
<p><a href="${e(view.storeHref)}">${e(t.backToStore)}</a></p>`
  return document(t, title, body)
}

/** A refusal page: the request is not trusted enough to send the shopper anywhere but the store. */
export function renderErrorPage(lang: Lang, message: string, storeHref: string, title?: string): string {
  const t = idpText(lang)
  const heading = title ?? t.badRequestTitle
  return document(
    t,
    heading,
    `<h1>${e(heading)}</h1>
${alert(t, message)}
<p><a href="${e(storeHref)}">${e(t.backToStore)}</a></p>`,
  )
}
