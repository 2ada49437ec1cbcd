import type { Brand, Lang } from '../../site/brand'
import type { Database } from '../db/database'
import { componentsByUid, labelEntries, pageSlots, siteConfigEntries, slotComponentUids } from './cmsQueries'
import { createTtlCache, type TtlCache } from './ttlCache'

/**
 * The published CMS content, read through one short-lived cache (ttlCache.ts) that the `cms/*`
 * routes and the host pages share: a page view and the header's calls for that page then cost the
 * database one read, not two. The cache is dropped when the content changes anywhere
 * (contentChanges.ts). Answers are shared objects: callers copy, never change them; an answer
 * stays the same object while it is kept, so a caller may key its own work on it (cmsRoutes.ts).
 * Drafts (CMS preview) are not here: they are read on every call.
 */
export interface CmsReader {
  siteConfig(brand: Brand): ReturnType<typeof siteConfigEntries>
  labels(brand: Brand, lang: Lang): ReturnType<typeof labelEntries>
  page(brand: Brand, lang: Lang, uid: string): ReturnType<typeof pageSlots>
  slotUids(brand: Brand, lang: Lang, slotIdOrPosition: string): ReturnType<typeof slotComponentUids>
  components(brand: Brand, lang: Lang, uids: readonly string[]): ReturnType<typeof componentsByUid>
  /**
   * Forgets the cached site configuration of `brand`: the console calls it after a change, so the
   * next page and call of this server read it at once (other servers on the database within a
   * second, contentChanges.ts).
   */
  forgetSiteConfig(brand: Brand): void
}

export function createCmsReader(db: Database, cached: TtlCache = createTtlCache()): CmsReader {
  return {
    siteConfig: (brand) => cached(`config:${brand}`, () => siteConfigEntries(db, brand)),
    labels: (brand, lang) => cached(`labels:${brand}:${lang}`, () => labelEntries(db, brand, lang)),
    page: (brand, lang, uid) => cached(`page:${brand}:${lang}:${uid}`, () => pageSlots(db, brand, lang, uid)),
    slotUids: (brand, lang, slot) =>
      cached(`slot:${brand}:${lang}:${slot}`, () => slotComponentUids(db, brand, lang, slot)),
    components: (brand, lang, uids) =>
      cached(`components:${brand}:${lang}:${uids.join(',')}`, () => componentsByUid(db, brand, lang, uids)),
    forgetSiteConfig: (brand) => cached.forget(`config:${brand}`),
  }
}
