import type * as v from 'valibot'
import type { AnyPlugin, PluginManifest } from '../kernel/plugin/definePlugin'
import type { FirstViewDeclaration } from '../kernel/plugin/firstView'
import type { SlotName } from '../kernel/plugin/slots'

/** What the host knows of a plugin before its code has arrived. */
export interface CatalogueEntry {
  /** The plugin's code (its `index.ts`), in its own chunk: a switched-off plugin's is never requested. */
  load: () => Promise<{ default: AnyPlugin }>
  /** Its first view (`firstView.tsx`), a small chunk of its own, when it shows one at first paint. */
  firstView?: () => Promise<{ default: FirstViewDeclaration }>
  /**
   * The slots it fills. While its code is on its way the shell keeps them free at their final size
   * (`data-slot-reserve`), so nothing moves when it starts; catalogue.test.ts checks the list
   * against the manifest.
   */
  slots: readonly SlotName[]
}

/**
 * Every plugin the header can run, by id: the one place a new plugin is added (with its lines in
 * the brand files). The host imports only a plugin's public faces — `index.ts` and `firstView.tsx`
 * — and only behind these dynamic imports, so each is its own chunk.
 */
export const PLUGIN_CATALOGUE = {
  analytics: { load: () => import('../plugins/analytics'), slots: [] },
  auth: {
    load: () => import('../plugins/auth'),
    firstView: () => import('../plugins/auth/firstView'),
    slots: ['header.account', 'header.mobileMenu', 'header.sessionDialog', 'header.siteNotice'],
  },
  consent: {
    load: () => import('../plugins/consent'),
    firstView: () => import('../plugins/consent/firstView'),
    slots: ['header.cookieBanner'],
  },
  content: { load: () => import('../plugins/content'), slots: [] },
  logging: { load: () => import('../plugins/logging'), slots: [] },
  loyalty: {
    load: () => import('../plugins/loyalty'),
    firstView: () => import('../plugins/loyalty/firstView'),
    slots: ['header.loyalty', 'header.account.loyalty', 'header.mobileMenu.loyalty', 'footer.newsletter'],
  },
  nav: {
    load: () => import('../plugins/nav'),
    firstView: () => import('../plugins/nav/firstView'),
    slots: ['header.nav', 'header.mobileMenu.categories'],
  },
  search: {
    load: () => import('../plugins/search'),
    firstView: () => import('../plugins/search/firstView'),
    slots: ['header.search'],
  },
} as const satisfies Record<string, CatalogueEntry>

export type PluginId = keyof typeof PLUGIN_CATALOGUE
/** The ids of every plugin the header can run (brand configurations pick from these). */
export const PLUGIN_IDS = Object.keys(PLUGIN_CATALOGUE) as PluginId[]

/** A plugin's manifest type, from its loader. */
type ManifestOf<Id extends PluginId> = Awaited<ReturnType<(typeof PLUGIN_CATALOGUE)[Id]['load']>>['default']

/**
 * What a brand file may write as a plugin's `options`: the input of that plugin's options schema
 * (read from its manifest's type, so nothing of the plugin's code is imported), or undefined for a
 * plugin that takes none. tsc catches a wrong key or type in host/brands/<brand>.ts; the schema
 * itself (when the header starts, and in brands.test.ts) catches the rest.
 */
export type PluginOptionsInput = {
  [Id in PluginId]: ManifestOf<Id> extends PluginManifest<infer _Options, infer Input>
    ? NonNullable<ManifestOf<Id>['options']> extends v.GenericSchema
      ? Input
      : undefined
    : undefined
}
