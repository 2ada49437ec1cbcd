import * as v from 'valibot'
import {
  ComponentsResponseSchema,
  type NavComponent,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
} from '../../contracts/cms'
import type { FirstViewBodies } from '../../contracts/firstView'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { parseSiteConfig, type SiteConfig } from '../../contracts/siteConfig'
import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import { splitList } from '../pageContext'

/** The start-up answers a first view is drawn from, decoded. */
export interface FirstViewData {
  siteConfig: SiteConfig
  labels: Labels
  /** The NavigationBarSlot's components in slot order; undefined when its answers are missing or bad. */
  navigation?: NavComponent[]
}

/** A plugin's first view, by the plugin's id. */
export type FirstViews = ReadonlyMap<string, FirstViewDeclaration>

/**
 * The first view's data from the start-up answers' bodies (`cms/siteConfig`, the NavigationBarSlot's
 * uids, then its `cms/components`), decoded by the same schemas the kernel uses: the entry reads them
 * from the page's preloaded calls, the page server from its own CMS. Undefined without a good
 * configuration answer; the navigation only when both its answers are good.
 */
export function firstViewDataFrom(bodies: FirstViewBodies): FirstViewData | undefined {
  const site = decoded(bodies.site, SiteConfigResponseSchema)
  if (!site) return undefined
  const slot = decoded(bodies.slot, NavigationSlotResponseSchema)
  const components = decoded(bodies.components, ComponentsResponseSchema)
  const byUid = new Map(components?.component.map((c) => [c.uid, c]))
  return {
    siteConfig: parseSiteConfig(site.siteConfigurations.entry),
    labels: labelsFrom(site.messageItems.entry),
    ...(slot && components
      ? { navigation: slot.componentUids.componentUidList.flatMap((uid) => byUid.get(uid) ?? []) }
      : {}),
  }
}

function decoded<T>(body: unknown, schema: v.GenericSchema<unknown, T>): T | undefined {
  if (body === undefined) return undefined
  const result = v.safeParse(schema, body)
  return result.success ? result.output : undefined
}

/**
 * The ids of the plugins a page runs, in the brand's order: the brand's, less those the site
 * configuration or the container's `data-disabled-plugins` switch off.
 */
export function runningPluginIds(
  brandPlugins: readonly string[],
  siteConfig: SiteConfig,
  disabled: string,
): string[] {
  const off = new Set([...siteConfig.disabledPlugins, ...splitList(disabled)])
  return brandPlugins.filter((id) => !off.has(id))
}

/**
 * Whether the page's data has what the running plugins' first views need: without the navigation's
 * answers (missing or bad) there is no first view, and the frame waits for the shell.
 */
export function firstViewDrawable(views: FirstViews, ids: readonly string[], data: FirstViewData): boolean {
  const needs = new Set(ids.flatMap((id) => views.get(id)?.needs ?? []))
  return !needs.has('navigation') || data.navigation !== undefined
}
