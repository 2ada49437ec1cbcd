import {
  BRAND_LANGUAGES,
  BRAND_PLUGINS,
  brokenObligations,
  type Obligation,
  type PluginFacts,
  unmetRequirements,
} from '../../contracts/brandPlugins'
import type { Brand, Lang } from '../../site/brand'

/** The comma-separated ids of `header.plugins.disabled`, as contracts/siteConfig.ts reads them. */
export const splitIds = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The plugins switched off, per language of the brand. */
export type OffByLang = Partial<Record<Lang, readonly string[]>>

/**
 * How a brand's switches are stored in `header.plugins.disabled`. The header reads a plain list of
 * ids; a brand whose languages differ needs one list each. So the stored value stays the plain list
 * while every language has the same switches (the form every value had before switches were per
 * language, and still the CMS editor's), and is `{"en":"a,b","fr":"a"}` only when they differ. The
 * page server hands the header the list of the page's language (`disabledForLang`), so the header
 * never sees the per-language form.
 */
export function readSwitches(brand: Brand, value: string): Record<Lang, string[]> {
  const byLang = perLanguage(value)
  const out = {} as Record<Lang, string[]>
  for (const lang of BRAND_LANGUAGES[brand])
    out[lang] = byLang ? splitIds(byLang[lang] ?? '') : splitIds(value)
  return out
}

/** The stored value for `off`: the plain list when every language agrees (see readSwitches). */
export function encodeSwitches(brand: Brand, off: OffByLang): string {
  const langs = BRAND_LANGUAGES[brand]
  const lists = langs.map((lang) => [...new Set(off[lang] ?? [])].join(','))
  if (lists.every((l) => l === lists[0])) return lists[0] ?? ''
  return JSON.stringify(Object.fromEntries(langs.map((lang, i) => [lang, lists[i]])))
}

/** The plain list the header reads on a page in `lang`, from a stored value of either form. */
export function disabledForLang(value: string, lang: Lang): string {
  const byLang = perLanguage(value)
  return byLang ? splitIds(byLang[lang] ?? '').join(',') : value
}

/**
 * The per-language lists of a stored value, or undefined for the plain list. A value that starts as
 * an object but does not read as one switches nothing off: a half-typed CMS edit must not take the
 * header down.
 */
function perLanguage(value: string): Partial<Record<Lang, string>> | undefined {
  if (!value.trim().startsWith('{')) return undefined
  try {
    const parsed = JSON.parse(value) as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    const out: Partial<Record<Lang, string>> = {}
    for (const lang of ['en', 'fr'] as const) {
      const v = (parsed as Record<string, unknown>)[lang]
      if (typeof v === 'string') out[lang] = v
    }
    return out
  } catch {
    return {}
  }
}

/**
 * The switches an editor left: `on` per language (a brand with one language sends one set). Every
 * brand plugin not on is off; ids in the old value that are not the brand's plugins (a CMS
 * editor's, or a plugin since removed) are kept: the console only switches what it shows.
 */
export function proposedSwitches(
  brand: Brand,
  on: Partial<Record<Lang, ReadonlySet<string>>>,
  oldValue: string,
): Record<Lang, string[]> {
  const plugins = BRAND_PLUGINS[brand]
  const known = new Set(plugins.map((p) => p.id))
  const old = readSwitches(brand, oldValue)
  const out = {} as Record<Lang, string[]>
  for (const lang of BRAND_LANGUAGES[brand]) {
    const running = on[lang] ?? new Set<string>()
    out[lang] = [
      ...(old[lang] ?? []).filter((id) => !known.has(id)),
      ...plugins.filter((p) => !running.has(p.id)).map((p) => p.id),
    ]
  }
  return out
}

export type SwitchesCheck =
  | { ok: true; value: string; obligations: ObligationBroken[] }
  | { ok: false; problem: string }

/** An obligation a change breaks, in the languages where it does. */
export interface ObligationBroken extends Obligation {
  langs: Lang[]
}

/**
 * Checks switches before they are saved, put back or previewed: refused when a running plugin
 * would lose one it requires (the kernel would not start it), naming them. The obligations it
 * breaks (a plugin a law or contract needs on this brand) are returned for the caller to refuse
 * or to have confirmed, by role.
 */
export function checkSwitches(brand: Brand, off: OffByLang): SwitchesCheck {
  const problems: string[] = []
  const obligations = new Map<string, ObligationBroken>()
  for (const lang of BRAND_LANGUAGES[brand]) {
    const set = new Set(off[lang] ?? [])
    for (const u of unmetRequirements(BRAND_PLUGINS[brand], set))
      problems.push(`'${u.id}' needs ${u.needs.map((n) => `'${n}'`).join(' and ')} (${lang.toUpperCase()})`)
    for (const o of brokenObligations(brand, set)) {
      const key = `${o.plugin}\n${o.why}`
      const seen = obligations.get(key) ?? { ...o, langs: [] }
      seen.langs.push(lang)
      obligations.set(key, seen)
    }
  }
  if (problems.length > 0)
    return {
      ok: false,
      problem: `Not saved: ${[...new Set(problems)].join('; ')}. Switch those off too, or leave what they need on.`,
    }
  return { ok: true, value: encodeSwitches(brand, off), obligations: [...obligations.values()] }
}

/** What one language's switches change: plugins turned off and on, and what leaves the store. */
export interface LangChange {
  lang: Lang
  turnsOff: PluginFacts[]
  turnsOn: PluginFacts[]
  /** The slots left empty, the calls no longer made, and whether the cookie banner goes. */
  removes: { slots: string[]; calls: string[]; cookieBanner: boolean }
}

/** The slot the cookie banner is drawn in (the consent plugin's manifest). */
const COOKIE_BANNER_SLOT = 'header.cookieBanner'

/**
 * The difference between two stored values of a brand, per language, told from the manifests:
 * which plugins turn off and on, and what of the store goes with those turned off.
 */
export function switchesDiff(brand: Brand, fromValue: string, toValue: string): LangChange[] {
  const from = readSwitches(brand, fromValue)
  const to = readSwitches(brand, toValue)
  return BRAND_LANGUAGES[brand].map((lang) => {
    const wasOff = new Set(from[lang])
    const isOff = new Set(to[lang])
    const turnsOff = BRAND_PLUGINS[brand].filter((p) => isOff.has(p.id) && !wasOff.has(p.id))
    const turnsOn = BRAND_PLUGINS[brand].filter((p) => wasOff.has(p.id) && !isOff.has(p.id))
    const slots = turnsOff.flatMap((p) => p.slots)
    return {
      lang,
      turnsOff,
      turnsOn,
      removes: {
        slots,
        calls: turnsOff.flatMap((p) => p.calls),
        cookieBanner: slots.includes(COOKIE_BANNER_SLOT),
      },
    }
  })
}
