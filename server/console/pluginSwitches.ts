import { BRAND_PLUGINS, unmetRequirements } from '../../contracts/brandPlugins'
import type { Brand } from '../../site/brand'

/** The comma-separated ids of `header.plugins.disabled`, as contracts/siteConfig.ts reads them. */
export const splitIds = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export type SwitchesResult = { ok: true; value: string } | { ok: false; problem: string }

/**
 * The new `header.plugins.disabled` value of a brand whose editor left `on` running: every brand
 * plugin not in `on` is off. Ids in the old value that are not the brand's plugins (a CMS editor's,
 * or a plugin since removed) are kept: the console only switches what it shows. Refused, naming
 * them, when a running plugin would lose one it requires.
 */
export function switchesValue(brand: Brand, on: ReadonlySet<string>, oldValue: string): SwitchesResult {
  const plugins = BRAND_PLUGINS[brand]
  const known = new Set(plugins.map((p) => p.id))
  const off = plugins.filter((p) => !on.has(p.id)).map((p) => p.id)
  return checkedValue(brand, [...splitIds(oldValue).filter((id) => !known.has(id)), ...off])
}

/** A stored value (an earlier version put back), checked against the manifests' requires as they are now. */
export function checkedValue(brand: Brand, ids: readonly string[]): SwitchesResult {
  const unmet = unmetRequirements(BRAND_PLUGINS[brand], new Set(ids))
  if (unmet.length > 0) {
    const which = unmet.map((u) => `'${u.id}' needs ${u.needs.map((n) => `'${n}'`).join(' and ')}`).join('; ')
    return { ok: false, problem: `Not saved: ${which}. Switch those off too, or leave what they need on.` }
  }
  return { ok: true, value: [...new Set(ids)].join(',') }
}
