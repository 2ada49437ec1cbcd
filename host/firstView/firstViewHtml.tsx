import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import type {
  FirstViewPage,
  FirstViewPersonal,
  FirstViewRequest,
  PreparedFirstView,
  PrepareFirstView,
  RenderFirstView,
  SharedFirstViewRequest,
} from '../../contracts/firstView'
import {
  SERVED_CMS_HTML,
  type ServedState,
  servedStateElement,
  servedStateJson,
} from '../../contracts/servedState'
import { bindSanitizerWindow } from '../../kernel/html/sanitize'
import type { FirstViewDeclaration, FirstViewNeed } from '../../kernel/plugin/firstView'
import type { SlotName } from '../../kernel/plugin/slots'
import { createKernelHandle } from '../../kernel/react/kernelHandle'
import { servedPartIdPrefix } from '../../kernel/react/ServedPart'
import { shellFirstView } from '../../plugins/shell/firstView'
import { servedShellRows } from '../../plugins/shell/served'
import { BRAND_CONFIGS } from '../brands'
import { PLUGIN_CATALOGUE } from '../catalogue'
import { frameFor } from '../frame/frameFor'
import { ShellFrame } from '../frame/ShellFrame'
import { decodedPluginOptions } from './decodedOptions'
import { type FirstViews, firstViewDataFrom, firstViewDrawable, runningPluginIds } from './firstViewParts'
import { loadFirstViews } from './loadFirstViews'
import { type ServedPartNode, servedData, servedPartContext, servedParts } from './servedParts'

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
  return ({ shopper, consent, ...shared }) => {
    const data = firstViewDataFrom(shared.bodies)
    if (!data) return ''
    const ids = ['shell', ...runningPluginIds(pluginsOf(shared.brand), data.siteConfig, '')]
    return drawnWholeEachTime(views, ids, data, shared, optionsOf).finish({
      shopper,
      ...(consent ? { consent } : {}),
    })
  }
}

/**
 * The same renderer in two steps (contracts/firstView.ts `PrepareFirstView`): everything the
 * shopper does not change drawn once, with a mark where each part of a plugin drawn from the shopper
 * or their consent goes (its first view needs `shopper` or `consent`); then, per page, only those
 * parts drawn and put in their places, and the shopper and consent added to the served state. The
 * shared step is never given the shopper, so nothing of one can be in what is kept for others. The
 * finished HTML is the one the whole request draws.
 */
export function createFirstViewPreparer(
  views: FirstViews,
  pluginsOf: (brand: string) => readonly string[],
  optionsOf: (brand: string, id: string) => unknown = () => undefined,
): PrepareFirstView {
  return (request) => {
    const data = firstViewDataFrom(request.bodies)
    if (!data) return NOTHING
    const ids = ['shell', ...runningPluginIds(pluginsOf(request.brand), data.siteConfig, '')]
    const shared = draw(views, ids, data, request, optionsOf, undefined)
    if (shared === undefined) return NOTHING
    const { pieces, personalSlots, stateJson } = shared
    const chars = pieces.reduce((n, piece) => n + piece.length, stateJson?.length ?? 0)
    return {
      chars,
      finish(personal) {
        const html = personalSlots.length
          ? personalParts(views, ids, data, request, optionsOf, personal, personalSlots)
          : undefined
        let out = pieces[0] ?? ''
        for (let i = 0; i < personalSlots.length; i++) out += (html?.[i] ?? '') + pieces[i + 1]
        if (stateJson === undefined) return out
        return out + servedStateElement(withPersonalState(stateJson, shared.stateNeeds, personal))
      },
    }
  }
}

const NOTHING: PreparedFirstView = { chars: 0, finish: () => '' }

/** Whether a plugin's first view is drawn from the shopper or their consent. */
const isPersonal = (view: FirstViewDeclaration | undefined) =>
  view?.needs.includes('shopper') === true || view?.needs.includes('consent') === true

/**
 * A mark for a personal part's place in the shared HTML: with a secret of this renderer's own, so no
 * CMS text (sanitised to HTML that keeps no comment anyway) can hold one.
 */
const MARK_SECRET = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('')
const markFor = (slot: string) => `<!--one-header-personal ${MARK_SECRET} ${slot}-->`

type FirstViewData = NonNullable<ReturnType<typeof firstViewDataFrom>>

interface SharedDraw {
  /** The HTML around the personal parts' places: one more piece than places. */
  pieces: string[]
  personalSlots: SlotName[]
  /** The served state's JSON without the shopper and consent; undefined when no part is served. */
  stateJson: string | undefined
  stateNeeds: { shopper: boolean; consent: boolean }
}

/**
 * The first view, with the personal parts drawn from `personal`, or, without it, marked where they
 * go and the shopper left out everywhere. Undefined when there is nothing to paint.
 */
function draw(
  views: FirstViews,
  ids: readonly string[],
  data: FirstViewData,
  request: SharedFirstViewRequest,
  optionsOf: (brand: string, id: string) => unknown,
  personal: FirstViewPersonal | undefined,
): SharedDraw | undefined {
  if (!firstViewDrawable(views, ids, data)) return undefined
  const frame = frameFor({ ...request, webview: false })
  const rows = shellRows(request.bodies.page, data)
  // The parts drawn by their plugins' live components: each rendered as a root of its own, as the
  // browser hydrates it, from the state written into the page beside them.
  const optionsOfPlugin = (id: string) => optionsOf(request.brand, id)
  const nodes = servedParts(
    views,
    ids,
    partContext(request, data),
    optionsOfPlugin,
    createKernelHandle(),
    partData(data, rows, personal),
  )
  const personalSlots: SlotName[] = []
  const served = (Object.entries(nodes) as [SlotName, ServedPartNode][])
    // Without the header's content the shell's rows are the frame's (empty, at their heights) until
    // the live header has it.
    .filter(([slot]) => rows !== undefined || !slot.startsWith('shell.'))
    .map(([slot, part]) => {
      const marked = !personal && isPersonal(views.get(part.pluginId))
      if (marked) personalSlots.push(slot)
      return [
        slot,
        {
          pluginId: part.pluginId,
          html: marked
            ? markFor(slot)
            : renderToString(part.node, { identifierPrefix: servedPartIdPrefix(slot) }),
        },
      ] as const
    })
  const html = renderToString(<ShellFrame {...frame} served={Object.fromEntries(served)} />)
  if (!html.includes('data-first-view')) return undefined
  const split = splitAtMarks(html, personalSlots)
  // A mark twice: the shared HTML cannot be finished by putting each part in its one place.
  if (!split) return undefined
  const { pieces, placed } = split
  const noState = {
    pieces,
    personalSlots: placed,
    stateJson: undefined,
    stateNeeds: { shopper: false, consent: false },
  }
  if (served.length === 0) return noState
  const pluginIds = [...new Set(served.map(([, part]) => part.pluginId))]
  const needed = (need: FirstViewNeed) => pluginIds.some((id) => views.get(id)?.needs.includes(need))
  const state: ServedState = {
    siteConfig: data.siteConfig,
    labels: data.labels,
    options: Object.fromEntries(pluginIds.map((id) => [id, optionsOfPlugin(id)])),
    // The navigation and the shopper travel only when a served part is drawn from them.
    ...servedData({
      ...(needed('navigation') ? { navigation: data.navigation } : {}),
      ...(rows && pluginIds.includes('shell') ? { shellRows: rows.served } : {}),
    }),
  }
  return {
    pieces,
    personalSlots: placed,
    stateJson: servedStateJson(state),
    stateNeeds: { shopper: needed('shopper'), consent: needed('consent') },
  }
}

/** The shared state's JSON with the shopper and consent after the rest, as the whole state has them. */
function withPersonalState(
  sharedJson: string,
  needs: SharedDraw['stateNeeds'],
  personal: FirstViewPersonal,
): string {
  const added = servedData({
    ...(needs.shopper ? { shopper: personal.shopper } : {}),
    ...(needs.consent ? { consent: personal.consent ?? { bannerDue: false } } : {}),
  })
  const json = servedStateJson(added)
  // Both are objects: `{…}` and `{…}` joined into one, the shared keys first.
  return json === '{}' ? sharedJson : `${sharedJson.slice(0, -1)},${json.slice(1)}`
}

/** The personal parts' HTML for `personal`, in the order of `slots`. */
function personalParts(
  views: FirstViews,
  ids: readonly string[],
  data: FirstViewData,
  request: SharedFirstViewRequest,
  optionsOf: (brand: string, id: string) => unknown,
  personal: FirstViewPersonal,
  slots: readonly SlotName[],
): string[] {
  const nodes = servedParts(
    views,
    ids.filter((id) => isPersonal(views.get(id))),
    partContext(request, data),
    (id) => optionsOf(request.brand, id),
    createKernelHandle(),
    partData(data, shellRows(request.bodies.page, data), personal),
  )
  return slots.map((slot) => {
    const node = nodes[slot]?.node
    return node === undefined ? '' : renderToString(node, { identifierPrefix: servedPartIdPrefix(slot) })
  })
}

/** The whole first view drawn for each shopper: nothing of it is shared. */
function drawnWholeEachTime(
  views: FirstViews,
  ids: readonly string[],
  data: FirstViewData,
  request: SharedFirstViewRequest,
  optionsOf: (brand: string, id: string) => unknown,
): PreparedFirstView {
  return {
    chars: 0,
    finish(personal) {
      const whole = draw(views, ids, data, request, optionsOf, personal)
      if (!whole) return ''
      const html = whole.pieces.join('')
      if (whole.stateJson === undefined) return html
      return html + servedStateElement(withPersonalState(whole.stateJson, whole.stateNeeds, personal))
    },
  }
}

/**
 * `html` cut at the slots' marks, in the order they are in, and those slots in that order (a slot
 * the frame does not place has no mark, and no place to fill). Undefined when a mark is there twice.
 */
function splitAtMarks(
  html: string,
  slots: readonly SlotName[],
): { pieces: string[]; placed: SlotName[] } | undefined {
  const found: { slot: SlotName; at: number; length: number }[] = []
  for (const slot of slots) {
    const mark = markFor(slot)
    const at = html.indexOf(mark)
    if (at < 0) continue
    if (html.indexOf(mark, at + mark.length) >= 0) return undefined
    found.push({ slot, at, length: mark.length })
  }
  found.sort((a, b) => a.at - b.at)
  const pieces: string[] = []
  let from = 0
  for (const { at, length } of found) {
    pieces.push(html.slice(from, at))
    from = at + length
  }
  pieces.push(html.slice(from))
  return { pieces, placed: found.map((f) => f.slot) }
}

/** The header context the served parts are drawn in: the page, and what its hidden inputs tell. */
function partContext(request: SharedFirstViewRequest, data: FirstViewData) {
  // What the page's hidden inputs tell the browser's render (the language links' article address).
  const hiddenInputs: Record<string, string> = request.oppositeLanguage
    ? {
        oppositeLanguageCategory: request.oppositeLanguage.category,
        oppositeLanguageTitle: request.oppositeLanguage.title,
      }
    : {}
  return servedPartContext(pageOf(request), data, '', { hiddenInputs, reservedRows: rowNames(request.rows) })
}

/** What the served parts read beyond the context; the shopper and consent only when given. */
function partData(
  data: FirstViewData,
  rows: ReturnType<typeof shellRows>,
  personal: FirstViewPersonal | undefined,
): Readonly<Record<string, unknown>> {
  return {
    ...servedData({
      ...data,
      ...(personal ? { shopper: personal.shopper, consent: personal.consent ?? { bannerDue: false } } : {}),
      shellRows: rows?.served,
    }),
    [SERVED_CMS_HTML]: rows?.html,
  }
}

/**
 * The shell's rows as the page server serves them (plugins/shell/served.tsx): what they are drawn
 * from, and their CMS content as the static HTML the browser keeps until the live content is in.
 */
function shellRows(body: unknown, data: FirstViewData) {
  const rows = servedShellRows(body, data)
  if (!rows) return undefined
  const html = Object.fromEntries(
    Object.entries(rows.content).map(([position, node]) => [position, renderToStaticMarkup(node)]),
  )
  return { served: rows.served, html }
}

const pageOf = (request: SharedFirstViewRequest): FirstViewPage => ({
  brand: request.brand,
  lang: request.lang,
  pathname: request.pathname,
  search: request.search,
})

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
const CATALOGUE_VIEWS: FirstViews = new Map([
  ['shell', shellFirstView],
  ...(await loadFirstViews(PLUGIN_CATALOGUE, Object.keys(PLUGIN_CATALOGUE))),
])
const brandPluginIds = (brand: string) =>
  BRAND_CONFIGS[brand as keyof typeof BRAND_CONFIGS]?.plugins.map((p) => p.id) ?? []
const brandOptions = (brand: string, id: string) => DECODED_OPTIONS.get(brand)?.get(id)

export const renderFirstView: RenderFirstView = createFirstViewRenderer(
  CATALOGUE_VIEWS,
  brandPluginIds,
  brandOptions,
)

/**
 * The same in two steps, for the page server's cache (server/pages/firstViewCache.ts): the shared
 * part drawn once per shared request, the personal parts per page.
 */
export const prepareFirstView: PrepareFirstView = createFirstViewPreparer(
  CATALOGUE_VIEWS,
  brandPluginIds,
  brandOptions,
)

/** The reserved rows as the container's `data-rows` names them (host/pageContext.ts reads them so). */
function rowNames(rows: FirstViewRequest['rows']): string[] {
  return [
    ...(rows.eyebrow ? ['eyebrow'] : []),
    ...(rows.notification ? ['notification'] : []),
    ...(rows.siteNotice ? ['sitenotice'] : []),
    ...(rows.promo ? ['promo'] : []),
  ]
}
