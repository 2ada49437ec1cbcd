import type { Brand } from '../site/brand'

/**
 * What the operators' console (server/console) shows of the header's plugins: each brand file's
 * plugin ids in order (`host/brands/<brand>.ts`) and each manifest's `requires`. The server never
 * imports the host or a plugin, so this is a copy, and `test/integration/brandPluginFacts.test.ts`
 * fails the moment it and the brand files or manifests disagree.
 */
export interface PluginFacts {
  id: string
  /** The manifest's `requires`: plugins that must run for this one to start. */
  requires: readonly string[]
}

const RUN_BY_EVERY_BRAND: readonly PluginFacts[] = [
  { id: 'logging', requires: [] },
  { id: 'analytics', requires: [] },
  { id: 'consent', requires: [] },
  { id: 'content', requires: [] },
  { id: 'nav', requires: [] },
  { id: 'search', requires: [] },
  { id: 'auth', requires: [] },
  { id: 'loyalty', requires: [] },
]

export const BRAND_PLUGINS: Readonly<Record<Brand, readonly PluginFacts[]>> = {
  usb2c: RUN_BY_EVERY_BRAND,
  cab2c: RUN_BY_EVERY_BRAND,
  usafh: RUN_BY_EVERY_BRAND,
}

/**
 * The plugins left running that need one of `off`, each with the ones it needs: a switch set that
 * leaves any is refused, naming them (the kernel would not start them: registry's MISSING_DEPENDENCY).
 */
export function unmetRequirements(
  plugins: readonly PluginFacts[],
  off: ReadonlySet<string>,
): { id: string; needs: string[] }[] {
  return plugins
    .filter((p) => !off.has(p.id))
    .map((p) => ({ id: p.id, needs: p.requires.filter((r) => off.has(r)) }))
    .filter((p) => p.needs.length > 0)
}
