import { type Brand, brandFromHost } from '../site/brand'
import { type Lang, langFromPath } from '../site/language'

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
  for (const input of doc.querySelectorAll<HTMLInputElement>('input[type="hidden"][id]')) {
    hiddenInputs[input.id] = input.value
  }
  const ticket = new URLSearchParams(loc.search).get('cmsTicketId')
  return {
    brand: brandFromHost(loc.host),
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
