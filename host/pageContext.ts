import type { Brand } from '../site/brand'
import { pageBrand } from '../site/headerApi'
import { type Lang, langFromPath } from '../site/language'

/** The value of the page's first hidden input with this id (nav spec §3 "header hidden inputs"). */
export const hiddenInput = (doc: Document, id: string): string | undefined =>
  doc.querySelector<HTMLInputElement>(`input[type="hidden"][id="${id}"]`)?.value

/** What the host page tells the header: brand, language, location, hidden inputs, switched-off plugins. */
export interface PageContext {
  brand: Brand
  lang: Lang
  location: { pathname: string; search: string; hash: string; host: string; protocol: string }
  hiddenInputs: Record<string, string>
  /** From the container's `data-disabled-plugins="nav,search"` (switch-off without a rebuild). */
  disabledPlugins: string[]
  /** The host detected the app webview (`data-webview="true"`). */
  webview: boolean
  /** The optional rows the host page reserved (`data-rows="eyebrow notification sitenotice promo"`). */
  rows: string[]
  /** CMS preview ticket from the `cmsTicketId` query parameter, passed to cms/pages. */
  cmsTicketId?: string
}

export const splitList = (value: string | undefined | null): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Reads the page; never throws on odd markup (missing ids, odd values are skipped). */
export function readPageContext(container: HTMLElement, doc: Document = document): PageContext {
  const loc = doc.defaultView?.location ?? window.location
  const hiddenInputs: Record<string, string> = {}
  // The first of each id, as getElementById: the host page writes its inputs before the header, so
  // markup further down (CMS content) cannot override the brand or the API origin.
  for (const input of doc.querySelectorAll<HTMLInputElement>('input[type="hidden"][id]')) {
    if (!Object.hasOwn(hiddenInputs, input.id)) hiddenInputs[input.id] = input.value
  }
  const ticket = new URLSearchParams(loc.search).get('cmsTicketId')
  return {
    // The page's `brand` input (nav spec §3), else the host name's (site/headerApi.ts).
    brand: pageBrand(loc, hiddenInputs.brand),
    lang: langFromPath(loc.pathname),
    location: {
      pathname: loc.pathname,
      search: loc.search,
      hash: loc.hash,
      host: loc.host,
      protocol: loc.protocol,
    },
    hiddenInputs,
    disabledPlugins: splitList(container.dataset.disabledPlugins),
    webview: container.dataset.webview === 'true',
    rows: (container.dataset.rows ?? '').split(/\s+/).filter(Boolean),
    ...(ticket && /^[\w-]{1,100}$/.test(ticket) ? { cmsTicketId: ticket } : {}),
  }
}
