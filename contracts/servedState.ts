import type { NavComponent } from './cms'
import type { FirstViewConsent, FirstViewShopper } from './firstView'
import type { Labels } from './labels'
import type { SiteConfig } from './siteConfig'

/**
 * The state the page server drew the header's served parts from, written once into the page (a JSON
 * script inside `#oneHeaderContainer`): the browser hydrates each part from it, with no call and no
 * schema parse on the way (the page server decoded it). A script of type application/json is data,
 * never run, so the page's content security policy needs nothing for it.
 */
export interface ServedState {
  siteConfig: SiteConfig
  labels: Labels
  /** The options of each plugin that draws a served part, decoded by its manifest's schema. */
  options: Record<string, unknown>
  /** The navigation bar's components in slot order, when a served part shows them. */
  navigation?: NavComponent[]
  /** Who the session cookies said the shopper is, when a served part greets them. */
  shopper?: FirstViewShopper
  /** Whether the page server found consent due (the cookie banner's first paint), when a part shows it. */
  consent?: FirstViewConsent
  /** What the shell's own rows were drawn from, when they are served parts. */
  shellRows?: ServedShellRows
}

/**
 * What the page server read for the shell's rows: the support link (from the navigation, which the
 * page may not otherwise carry) and which CMS rows it drew with content. The content itself is not
 * repeated: its sanitised HTML is in the page already, and the row keeps it as it is until the live
 * header content is in (plugins/shell/cms/useCmsRow.tsx).
 */
export interface ServedShellRows {
  support: { caption: string; url: string }
  /** The content slots' positions drawn with content (the global notification, the promotion). */
  cms: string[]
}

/** The name a shell row reads what it was served with by (kernel/react `useServed`). */
export const SERVED_SHELL_ROWS = 'shellRows'

/**
 * The name the page server's render gives the CMS rows' sanitised HTML by position: only the server
 * has it (the sanitiser stays off the browser's way to a live row); it is never written into the state.
 */
export const SERVED_CMS_HTML = 'cmsHtml'

/** The name a served part reads the shopper by (kernel/react `useServed`). */
export const SERVED_SHOPPER = 'shopper'

/** The name a served part reads whether consent is due by (kernel/react `useServed`). */
export const SERVED_CONSENT = 'consent'

/** The name a served part reads the navigation by (kernel/react `useServed`). */
export const SERVED_NAVIGATION = 'navigation'

/** The attribute of the script element that carries the served state. */
export const SERVED_STATE_ATTRIBUTE = 'data-one-header-state'

/** The attribute of a served part's box that names the plugin whose live component drew it. */
export const HYDRATE_ATTRIBUTE = 'data-hydrate'

/**
 * The served state as a script element. The JSON is escaped so that nothing in it (a CMS label
 * holding `</script>` or `<!--`) can end the element or open markup: `<`, `>` and `&` as Unicode
 * escapes, which JSON.parse reads back unchanged, and the two line separators JavaScript once refused.
 */
export function servedStateScript(state: ServedState): string {
  return servedStateElement(servedStateJson(state))
}

/** A value as the served state's script holds it: JSON with the escapes above. */
export function servedStateJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The script element around the served state's JSON, escaped by `servedStateJson`. */
export function servedStateElement(json: string): string {
  return `<script type="application/json" ${SERVED_STATE_ATTRIBUTE}>${json}</script>`
}
