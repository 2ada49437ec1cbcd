import { createHash } from 'node:crypto'
import type { FirstViewRequest, RenderFirstView } from '../../contracts/firstView'

export interface FirstViewCacheOptions {
  /** The most HTML kept, in UTF-16 code units (about bytes × 2); the least recently used goes first. */
  maxChars?: number
}

export interface FirstViewCache {
  /**
   * The renderer's HTML for `request`: rendered once per distinct request and kept, unless `bypass`
   * (a CMS or plugin-switch preview), when it is rendered and nothing is kept or read.
   */
  render(renderer: RenderFirstView, request: FirstViewRequest, bypass?: boolean): string
  readonly size: number
}

/**
 * The header's first view is a pure function of its request (contracts/firstView.ts): the CMS bodies
 * already targeted to the visitor's segments, brand, language, path and query, the reserved rows,
 * the shopper (signed in or not, first name, perks) and whether the consent banner is due. Most
 * shoppers send the same request (a visitor on the home page, in a brand and language), so the HTML
 * is kept under a digest of the *whole* request, personal fields included: two requests share an
 * entry only when every input is the same, and then the HTML would be the same anyway, so no
 * shopper's name, segments' content or query text can reach another shopper. Because the CMS
 * content, the navigation and the plugin switches are in the request, a change to any of them is a
 * new key at once (the old entries age out); a new renderer (a rebuild) starts an empty cache.
 */
export function createFirstViewCache(opts: FirstViewCacheOptions = {}): FirstViewCache {
  const maxChars = opts.maxChars ?? 16 * 1024 * 1024
  let renderer: RenderFirstView | undefined
  // Insertion order is recency: a hit is moved to the end, eviction takes from the start.
  const entries = new Map<string, string>()
  let chars = 0
  const forgetAll = () => {
    entries.clear()
    chars = 0
  }
  return {
    get size() {
      return entries.size
    },
    render(render, request, bypass = false) {
      if (bypass) return render(request)
      if (render !== renderer) {
        forgetAll()
        renderer = render
      }
      const key = createHash('sha256').update(JSON.stringify(request)).digest('base64')
      const hit = entries.get(key)
      if (hit !== undefined) {
        entries.delete(key)
        entries.set(key, hit)
        return hit
      }
      const html = render(request)
      // '' is the renderer's "nothing to paint" for bad data: not kept, so a fix shows at once.
      if (html === '' || html.length > maxChars) return html
      entries.set(key, html)
      chars += html.length
      for (const [oldKey, old] of entries) {
        if (chars <= maxChars) break
        entries.delete(oldKey)
        chars -= old.length
      }
      return html
    },
  }
}
