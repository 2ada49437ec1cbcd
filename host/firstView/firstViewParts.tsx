import type { ComponentType, ReactNode } from 'react'
import * as v from 'valibot'
import {
  ComponentsResponseSchema,
  type NavComponent,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
} from '../../contracts/cms'
import type {
  FirstViewBodies,
  FirstViewPage,
  FirstViewProps,
  FirstViewShopper,
} from '../../contracts/firstView'
import { type Labels, labelsFrom } from '../../contracts/labels'
import { parseSiteConfig, type SiteConfig } from '../../contracts/siteConfig'
import type { FirstViewDeclaration, FirstViewNeed } from '../../kernel/plugin/firstView'
import type { SlotComponent, SlotName } from '../../kernel/plugin/slots'
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

/** What the first views of `ids` need of the page, together. */
function needsOf(views: FirstViews, ids: readonly string[]): Set<FirstViewNeed> {
  return new Set(ids.flatMap((id) => views.get(id)?.needs ?? []))
}

/**
 * The whole header's first view, slot by slot: each running plugin's declared views (in the brand's
 * order; the shell's first) drawn from the page's data, so the live shell replaces them in place
 * without moving anything. Undefined when a view needs data the page does not have (the navigation's
 * answers missing or bad): the frame then waits for the shell. Pure: the same parts in the browser
 * and on the page server.
 */
export function firstViewSlots(
  views: FirstViews,
  ids: readonly string[],
  data: FirstViewData,
  props: Pick<FirstViewProps, 'page' | 'shopper' | 'consent'>,
  /** Each plugin's options as its brand file writes them (a view may depend on them). */
  optionsOf: (id: string) => unknown = () => undefined,
): Partial<Record<SlotName, ReactNode>> | undefined {
  if (needsOf(views, ids).has('navigation') && !data.navigation) return undefined
  const all: FirstViewProps = { ...props, ...data, navigation: data.navigation ?? [] }
  const slots: Partial<Record<SlotName, ReactNode>> = {}
  for (const id of ids)
    for (const [slot, View] of Object.entries(views.get(id)?.slots ?? {}) as [SlotName, SlotComponent][])
      slots[slot] ??= render(View, { ...all, options: optionsOf(id) })
  return slots
}

function render(View: SlotComponent, props: FirstViewProps): ReactNode {
  const Component = View as (p: FirstViewProps) => ReactNode
  return <Component {...props} />
}
