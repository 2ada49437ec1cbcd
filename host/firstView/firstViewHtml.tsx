import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import * as v from 'valibot'
import {
  HeaderPageResponseSchema,
  isVisible,
  type NavComponent,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
} from '../../contracts/cms'
import type { FirstViewRequest, RenderFirstView } from '../../contracts/firstView'
import type { Labels } from '../../contracts/labels'
import {
  SERVED_CMS_HTML,
  type ServedShellRows,
  type ServedState,
  servedStateScript,
} from '../../contracts/servedState'
import { bindSanitizerWindow } from '../../kernel/html/sanitize'
import type { FirstViewNeed } from '../../kernel/plugin/firstView'
import { createKernelHandle } from '../../kernel/react/kernelHandle'
import { servedPartIdPrefix } from '../../kernel/react/ServedPart'
import { supportLink } from '../../site/supportLink'
import { BRAND_CONFIGS } from '../brands'
import { PLUGIN_CATALOGUE } from '../catalogue'
import { ServedCmsComponents } from '../shell/cms/CmsComponents'
import { frameFor } from '../shell/frameFor'
import { ShellFrame } from '../shell/ShellFrame'
import { shellFirstView } from '../shell/shellFirstView'
import { decodedPluginOptions } from './decodedOptions'
import { type FirstViews, firstViewDataFrom, firstViewDrawable, runningPluginIds } from './firstViewParts'
import { loadFirstViews } from './loadFirstViews'
import { servedData, servedPartContext, servedParts } from './servedParts'

/**
 * The page server's renderer of the whole header's first view (contracts/firstView.ts), for a set of
 * first views and the plugin ids each brand runs: the same views the entry draws in the browser, as
 * HTML for `#oneHeaderContainer`, so the header is whole and working with the page's first paint,
 * before any script. '' when the configuration answer is missing or of the wrong shape (or a view's
 * data is), or when the page draws no parts (the brewer-registration page's reduced header): the
 * entry then paints the frame as usual. The app webview never gets one (the page server does not ask).
 */
export function createFirstViewRenderer(
  views: FirstViews,
  pluginsOf: (brand: string) => readonly string[],
  optionsOf: (brand: string, id: string) => unknown = () => undefined,
): RenderFirstView {
  return (request) => {
    const data = firstViewDataFrom(request.bodies)
    if (!data) return ''
    const ids = ['shell', ...runningPluginIds(pluginsOf(request.brand), data.siteConfig, '')]
    const page = {
      brand: request.brand,
      lang: request.lang,
      pathname: request.pathname,
      search: request.search,
    }
    if (!firstViewDrawable(views, ids, data)) return ''
    const frame = frameFor({ ...request, webview: false })
    const rows = shellRowsFrom(request.bodies.page, data)
    // The parts drawn by their plugins' live components: each rendered as a root of its own, as the
    // browser hydrates it, from the state written into the page beside them.
    const optionsOfPlugin = (id: string) => optionsOf(request.brand, id)
    const consent = request.consent ?? { bannerDue: false }
    // What the page's hidden inputs tell the browser's render (the language links' article address).
    const hiddenInputs: Record<string, string> = request.oppositeLanguage
      ? {
          oppositeLanguageCategory: request.oppositeLanguage.category,
          oppositeLanguageTitle: request.oppositeLanguage.title,
        }
      : {}
    const context = servedPartContext(page, data, '', { hiddenInputs, reservedRows: rowNames(request.rows) })
    const served = Object.entries(
      servedParts(views, ids, context, optionsOfPlugin, createKernelHandle(), {
        ...servedData({ ...data, shopper: request.shopper, consent, shellRows: rows?.served }),
        [SERVED_CMS_HTML]: rows?.html,
      }),
    )
      // Without the header's content the shell's rows are the frame's (empty, at their heights) until
      // the live header has it.
      .filter(([slot]) => rows !== undefined || !slot.startsWith('shell.'))
      .map(
        ([slot, part]) =>
          [
            slot,
            {
              pluginId: part.pluginId,
              html: renderToString(part.node, { identifierPrefix: servedPartIdPrefix(slot) }),
            },
          ] as const,
      )
    const html = renderToString(<ShellFrame {...frame} served={Object.fromEntries(served)} />)
    if (!html.includes('data-first-view')) return ''
    if (served.length === 0) return html
    const pluginIds = [...new Set(served.map(([, part]) => part.pluginId))]
    const needed = (need: FirstViewNeed) => pluginIds.some((id) => views.get(id)?.needs.includes(need))
    const state: ServedState = {
      siteConfig: data.siteConfig,
      labels: data.labels,
      options: Object.fromEntries(pluginIds.map((id) => [id, optionsOfPlugin(id)])),
      // The navigation and the shopper travel only when a served part is drawn from them.
      ...servedData({
        ...(needed('navigation') ? { navigation: data.navigation } : {}),
        ...(needed('shopper') ? { shopper: request.shopper } : {}),
        ...(needed('consent') ? { consent } : {}),
        ...(rows && pluginIds.includes('shell') ? { shellRows: rows.served } : {}),
      }),
    }
    return html + servedStateScript(state)
  }
}

// The page server has no DOM: the CMS rows go through the header's one sanitiser in a jsdom window,
// as DOMPurify documents for Node (kernel/html/sanitize.ts).
if (typeof window === 'undefined') {
  const { JSDOM } = await import('jsdom')
  bindSanitizerWindow(new JSDOM('').window as unknown as Window & typeof globalThis)
}

/** Every brand's plugins' options, decoded once when the file loads (the served parts read them). */
const DECODED_OPTIONS = new Map(
  await Promise.all(
    Object.keys(BRAND_CONFIGS).map(
      async (brand) =>
        [
          brand,
          await decodedPluginOptions(brand, ['shell', ...Object.keys(PLUGIN_CATALOGUE)], PLUGIN_CATALOGUE),
        ] as const,
    ),
  ),
)

/**
 * The renderer the build puts beside the server bundle (`dist-server/firstView.mjs`), loaded by the
 * page server at run time: every catalogue plugin's first view, read once when the file loads.
 */
export const renderFirstView: RenderFirstView = createFirstViewRenderer(
  new Map([
    ['shell', shellFirstView],
    ...(await loadFirstViews(PLUGIN_CATALOGUE, Object.keys(PLUGIN_CATALOGUE))),
  ]),
  (brand) => BRAND_CONFIGS[brand as keyof typeof BRAND_CONFIGS]?.plugins.map((p) => p.id) ?? [],
  (brand, id) => DECODED_OPTIONS.get(brand)?.get(id),
)

/**
 * What the shell's rows are drawn from on the page server: the support link from the navigation, and
 * the CMS rows' visible components through the header's one sanitiser, as HTML the browser keeps as
 * it is until the live content is in (host/shell/cms/useCmsRow.tsx). Nothing without a header page
 * answer of the right shape: the rows are not served then.
 */
function shellRowsFrom(
  body: unknown,
  data: { navigation?: NavComponent[] | undefined; labels: Labels },
): { served: ServedShellRows; html: Record<string, string> } | undefined {
  const headerPage = v.safeParse(HeaderPageResponseSchema, body)
  if (!headerPage.success) return undefined
  const slots = headerPage.output.contentSlots.contentSlot
  const html: Record<string, string> = {}
  for (const position of [SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO]) {
    const components =
      slots.find((s) => s.position === position)?.components.component.filter(isVisible) ?? []
    if (components.length > 0)
      html[position] = renderToStaticMarkup(<ServedCmsComponents components={components} />)
  }
  return { served: { support: supportLink(data.navigation, data.labels), cms: Object.keys(html) }, html }
}

/** The reserved rows as the container's `data-rows` names them (host/pageContext.ts reads them so). */
function rowNames(rows: FirstViewRequest['rows']): string[] {
  return [
    ...(rows.eyebrow ? ['eyebrow'] : []),
    ...(rows.notification ? ['notification'] : []),
    ...(rows.siteNotice ? ['sitenotice'] : []),
    ...(rows.promo ? ['promo'] : []),
  ]
}
