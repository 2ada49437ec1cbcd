import type { PreparedFirstView, PrepareFirstView } from '../../contracts/firstView'

export interface FirstViewCacheOptions {
  /** The most HTML kept, in UTF-16 code units (about bytes × 2); the least recently used goes first. */
  maxChars?: number
}

export interface FirstViewCache {
  /**
   * The first view prepared for `key` (see `sharedFirstViewKey`): prepared once by `prepare` and
   * kept, unless `bypass` (a CMS or plugin-switch preview), when it is prepared and nothing is kept
   * or read. `prepare` runs only then: checks of what it is drawn from are worth doing there, once.
   */
  prepared(
    renderer: PrepareFirstView,
    key: string,
    prepare: (renderer: PrepareFirstView) => PreparedFirstView,
    bypass?: boolean,
  ): PreparedFirstView
  readonly size: number
}

/**
 * The header's first view drawn once for every shopper who shares it (contracts/firstView.ts
 * `PrepareFirstView`): the renderer is never given the shopper for this step (not their name, their
 * sign-in, their consent), so nothing kept here is any one shopper's; each page finishes it with its
 * own shopper's parts. The key is everything the shared part is drawn from (`sharedFirstViewKey`):
 * the content answers it came from, by identity, so a content, navigation or plugin-switch change
 * (which replaces those answers in the content cache, on every instance within a second) is a new
 * key at once, and the old entries age out; a new renderer (a rebuild) starts an empty cache.
 */
export function createFirstViewCache(opts: FirstViewCacheOptions = {}): FirstViewCache {
  const maxChars = opts.maxChars ?? 16 * 1024 * 1024
  let renderer: PrepareFirstView | undefined
  // Insertion order is recency: a hit is moved to the end, eviction takes from the start.
  const entries = new Map<string, PreparedFirstView>()
  let chars = 0
  const weight = (key: string, view: PreparedFirstView) => key.length + view.chars
  return {
    get size() {
      return entries.size
    },
    prepared(render, key, prepare, bypass = false) {
      if (bypass) return prepare(render)
      if (render !== renderer) {
        entries.clear()
        chars = 0
        renderer = render
      }
      const hit = entries.get(key)
      if (hit !== undefined) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const view = withVisitorsKept(prepare(render))
      if (weight(key, view) > maxChars) return view
      entries.set(key, view)
      chars += weight(key, view)
      for (const [oldKey, old] of entries) {
        if (chars <= maxChars) break
        entries.delete(oldKey)
        chars -= weight(oldKey, old)
      }
      return view
    },
  }
}

/**
 * The view, with what it finishes for a visitor who is not signed in kept beside it: such a page has
 * nothing of anyone in it (no name, no session), only the consent state and the perks cookie, so the
 * few variants are kept and most pages (visitors') draw nothing at all. A signed-in shopper's parts
 * are drawn for each page and kept nowhere.
 */
function withVisitorsKept(view: PreparedFirstView): PreparedFirstView {
  const visitors = new Map<string, string>()
  return {
    // The shared part, and room for its few visitor variants.
    chars: view.chars * 5,
    finish(personal) {
      const { shopper, consent } = personal
      if (shopper.signedIn || shopper.firstName !== '') return view.finish(personal)
      // All of it: the same visitor's inputs draw the same HTML.
      const key = JSON.stringify([shopper, consent])
      let html = visitors.get(key)
      if (html === undefined) {
        html = view.finish(personal)
        visitors.set(key, html)
      }
      return html
    },
  }
}

/** A number for each object, while it lives: the content cache's answers are kept as the same object. */
const ids = new WeakMap<object, number>()
let nextId = 1
function idOf(value: object | undefined): string {
  if (value === undefined) return '-'
  let id = ids.get(value)
  if (id === undefined) {
    id = nextId++
    ids.set(value, id)
  }
  return String(id)
}

/**
 * The key of a shared first view: the content answers it is drawn from (the content cache's own
 * objects, which it replaces on any change: cms/cmsReader.ts), and the page's own inputs — brand,
 * language, path and query, the rows it reserved, the article's other-language address, the
 * segments the content was targeted to, and the plugin switches this page runs (a roll-out or a
 * due schedule may give a visitor other switches than the stored ones).
 */
export function sharedFirstViewKey(
  answers: readonly (object | undefined)[],
  page: {
    brand: string
    lang: string
    pathname: string
    search: string
    rows: { eyebrow?: boolean; notification: boolean; siteNotice?: boolean; promo: boolean }
    oppositeLanguage?: { category: string; title: string } | undefined
    segments: readonly string[]
    switches: string | undefined
  },
): string {
  const r = page.rows
  const rows = `${r.eyebrow ? 'e' : ''}${r.notification ? 'n' : ''}${r.siteNotice ? 's' : ''}${r.promo ? 'p' : ''}`
  return JSON.stringify([
    answers.map(idOf).join(','),
    page.brand,
    page.lang,
    page.pathname,
    page.search,
    rows,
    page.oppositeLanguage?.category ?? null,
    page.oppositeLanguage?.title ?? null,
    [...page.segments].sort().join('~'),
    page.switches ?? null,
  ])
}
