import * as v from 'valibot'
import {
  type NavComponent,
  NavComponentSchema,
  type SiteConfigResponse,
  SiteConfigResponseSchema,
} from '../../contracts/cms'
import type { Brand, Lang } from '../../site/brand'

/**
 * The last good CMS answers the browser keeps for start-up (stale-while-revalidate): when
 * `cms/siteConfig` or the navigation is slow or down, the header starts with these instead of
 * waiting, and the live answer replaces them when it comes.
 *
 * What it keeps: the site configuration and labels (`cms/siteConfig`'s answer) and the navigation
 * bar's components, both already decoded, in one localStorage entry per brand and language. Never
 * anything personal: no tokens, no customer data, no cookies; the header content (notification,
 * promo) is not kept either, as it is dated marketing copy whose rows the page reserves anyway. The
 * navigation may hold items targeted at the visitor's segments, so it is kept with the segments it
 * was answered for and used only for the same ones (`audience`).
 *
 * Bounds: each part is used for at most {@link LAST_GOOD_MAX_AGE_MS} (7 days) after it was saved; the
 * entry is refused over {@link LAST_GOOD_MAX_CHARS} (64 K characters; today's answers take about
 * 9 K); and there is one key per brand and language ({@link lastGoodKey}), so never more than six,
 * whatever the schema version (it lives inside the entry, and an entry of another version is dropped).
 * Every read is decoded again with the schema the network answer goes through: a tampered, truncated
 * or old-shaped entry is dropped and reported, never used and never a crash. Storage that throws
 * (disabled, Safari's private mode, quota) makes every call a no-op.
 */

/** A stored part older than this is not used (and is dropped): a week covers a shopper's return. */
export const LAST_GOOD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** An entry longer than this (in UTF-16 characters, as localStorage counts) is neither read nor written. */
export const LAST_GOOD_MAX_CHARS = 64 * 1024
/**
 * The shape of the entry; another version's entry is dropped and rewritten. 2: navigation
 * components carry their flyout content (a copy without it would draw the bar without its flyout
 * buttons after a first view with them, and move it when the live answer came).
 */
export const LAST_GOOD_VERSION = 2
/** A saved-at time further in the future than this (a changed clock, a hand-made entry) is not believed. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000

/** One entry per brand and language: the whole store never holds more keys than that. */
export const lastGoodKey = (brand: Brand, lang: Lang) => `one-header:last-good:${brand}:${lang}`

const PART_SCHEMAS = {
  siteConfig: SiteConfigResponseSchema,
  navigation: v.array(NavComponentSchema),
}

/** What is kept, by part: each decoded by the schema its network answer goes through. */
export interface LastGoodParts {
  siteConfig: SiteConfigResponse
  navigation: NavComponent[]
}
export type LastGoodPart = keyof LastGoodParts

/** A stored part, as read back: decoded, with when it was saved (epoch ms). */
export interface Stored<T> {
  data: T
  savedAt: number
}

export interface LastGoodStore {
  /** Whether a part is stored and young enough to use (cheap: the entry is decoded only by `read`). */
  has(part: LastGoodPart): boolean
  /** The stored part, decoded again; undefined when missing, too old or of the wrong shape (then dropped). */
  read<P extends LastGoodPart>(part: P): Stored<LastGoodParts[P]> | undefined
  /**
   * Keeps `data` (already decoded by its schema) as the last good part, with the time now, when
   * `schedule` runs it (start-up: when the browser is idle). Refused when the entry would be too large.
   */
  write<P extends LastGoodPart>(part: P, data: LastGoodParts[P]): void
}

export interface LastGoodOptions {
  brand: Brand
  lang: Lang
  /** The page's localStorage; reading it may throw (storage disabled), which is a no-op here. */
  storage: () => Storage | undefined
  now?: () => number
  /** Runs a write later (default: at once); start-up passes "when the browser is idle". */
  schedule?: (write: () => void) => void
  /** Told when an entry is dropped or refused, with why (start-up logs it). */
  onProblem?: (message: string) => void
  /**
   * The visitor segments the page's content calls carry (the `segmentCodes` text). The navigation is
   * targeted content (a component may be for some segments only), so a stored navigation is used only
   * for the segments it was answered for (never a previous shopper's items after sign-out).
   */
  audience?: string
}

/**
 * Opens the brand and language's entry: one localStorage read and one JSON parse, nothing more until
 * a part is used.
 */
export function openLastGood(opts: LastGoodOptions): LastGoodStore {
  const key = lastGoodKey(opts.brand, opts.lang)
  const now = opts.now ?? Date.now
  const schedule = opts.schedule ?? ((write: () => void) => write())
  const problem = (message: string) => {
    try {
      opts.onProblem?.(message)
    } catch {
      // Reporting must never break start-up.
    }
  }
  const storage = (): Storage | undefined => {
    try {
      return opts.storage()
    } catch {
      return undefined
    }
  }
  const remove = () => {
    try {
      storage()?.removeItem(key)
    } catch {
      // Nothing to do: the entry is ignored anyway.
    }
  }

  /** The raw entry's parts as parsed (not decoded yet); dropped ones are deleted from it. */
  const raw = parseEntry()
  const decoded = new Map<LastGoodPart, Stored<unknown> | undefined>()

  function parseEntry(): Record<string, unknown> {
    let text: string | null | undefined
    try {
      text = storage()?.getItem(key)
    } catch {
      return {}
    }
    if (text == null) return {}
    if (text.length > LAST_GOOD_MAX_CHARS) {
      problem(
        `the stored CMS copy ${key} is ${text.length} characters (over ${LAST_GOOD_MAX_CHARS}); dropped`,
      )
      remove()
      return {}
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      problem(`the stored CMS copy ${key} is not JSON; dropped`)
      remove()
      return {}
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      (parsed as { v?: unknown }).v !== LAST_GOOD_VERSION
    ) {
      problem(`the stored CMS copy ${key} is not of version ${LAST_GOOD_VERSION}; dropped`)
      remove()
      return {}
    }
    const entry = { ...(parsed as Record<string, unknown>) }
    // Answered for other segments (another visitor, or this one before signing out): not theirs, so
    // not used, and gone from storage at once rather than at the next idle write.
    if (entry.audience !== opts.audience && 'navigation' in entry) {
      delete entry.navigation
      try {
        storage()?.setItem(key, JSON.stringify(entry))
      } catch {
        // The copy is ignored anyway; the next write replaces it.
      }
    }
    return entry
  }

  const savedAtOf = (part: LastGoodPart): number | undefined => {
    const savedAt = (raw[part] as { savedAt?: unknown } | undefined)?.savedAt
    return typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : undefined
  }
  const young = (savedAt: number) => {
    const age = now() - savedAt
    return age <= LAST_GOOD_MAX_AGE_MS && age >= -CLOCK_SKEW_MS
  }

  function read<P extends LastGoodPart>(part: P): Stored<LastGoodParts[P]> | undefined {
    if (decoded.has(part)) return decoded.get(part) as Stored<LastGoodParts[P]> | undefined
    let result: Stored<LastGoodParts[P]> | undefined
    if (raw[part] !== undefined) {
      const schema: v.GenericSchema<unknown, unknown> = PART_SCHEMAS[part]
      const checked = v.safeParse(v.object({ savedAt: v.number(), data: schema }), raw[part])
      if (!checked.success) {
        const where = checked.issues[0]?.path?.map((p) => String(p.key)).join('.') || '(root)'
        problem(`the stored CMS copy's ${part} is of the wrong shape at ${where}; dropped`)
        delete raw[part]
      } else if (!young(checked.output.savedAt)) {
        const hours = Math.round((now() - checked.output.savedAt) / 3_600_000)
        problem(`the stored CMS copy's ${part} is too old or from the future (saved ${hours} h ago); dropped`)
        delete raw[part]
      } else result = checked.output as Stored<LastGoodParts[P]>
    }
    decoded.set(part, result)
    return result
  }

  function write<P extends LastGoodPart>(part: P, data: LastGoodParts[P]) {
    schedule(() => {
      const target = storage()
      if (!target) return
      const entry: Record<string, unknown> = { v: LAST_GOOD_VERSION }
      if (opts.audience !== undefined) entry.audience = opts.audience
      // The other part is kept only when it is still good.
      for (const other of Object.keys(PART_SCHEMAS) as LastGoodPart[])
        if (other !== part && read(other)) entry[other] = raw[other]
      entry[part] = { savedAt: now(), data }
      let text: string
      try {
        text = JSON.stringify(entry)
      } catch {
        return
      }
      if (text.length > LAST_GOOD_MAX_CHARS) {
        problem(
          `the CMS copy to store is ${text.length} characters (over ${LAST_GOOD_MAX_CHARS}); not stored`,
        )
        delete entry[part]
        text = JSON.stringify(entry)
      }
      try {
        target.setItem(key, text)
        raw[part] = entry[part]
        decoded.delete(part)
      } catch (error) {
        // Quota or a storage that refuses writes: keep nothing rather than an outdated copy.
        problem(`the CMS copy could not be stored (${String(error)})`)
        remove()
      }
    })
  }

  return {
    has: (part) => {
      const savedAt = savedAtOf(part)
      return (
        savedAt !== undefined && young(savedAt) && (!decoded.has(part) || decoded.get(part) !== undefined)
      )
    },
    read,
    write,
  }
}

/** The page's localStorage, for `openLastGood` (reading the property throws when storage is disabled). */
export const pageLocalStorage = (win: Window) => () => win.localStorage
