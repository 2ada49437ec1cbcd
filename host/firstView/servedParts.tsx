import type { ComponentType, ReactNode } from 'react'
import type { NavComponent } from '../../contracts/cms'
import type { FirstViewConsent, FirstViewPage, FirstViewShopper } from '../../contracts/firstView'
import type { Labels } from '../../contracts/labels'
import {
  SERVED_CONSENT,
  SERVED_NAVIGATION,
  SERVED_SHELL_ROWS,
  SERVED_SHOPPER,
  type ServedShellRows,
} from '../../contracts/servedState'
import type { SiteConfig } from '../../contracts/siteConfig'
import type { FirstViewDeclaration } from '../../kernel/plugin/firstView'
import type { SlotComponent, SlotName } from '../../kernel/plugin/slots'
import type { KernelHandle } from '../../kernel/react/kernelHandle'
import { ServedPart } from '../../kernel/react/ServedPart'
import type { HeaderContext } from '../../kernel/services/kernelRefs'

/**
 * The parts drawn once, by their plugins' live components: the trees the page server renders and the
 * browser hydrates, and what they are drawn from. A module of its own, apart from the first views'
 * data (firstViewParts.tsx, with the schemas): the hydration's way carries no schema.
 */

/** A part drawn by its plugin's live component: which plugin, and the tree that draws it. */
export interface ServedPartNode {
  pluginId: string
  node: ReactNode
}

/**
 * The header context a served part is drawn from, from what both sides have: the page, and the site
 * configuration and labels the page server loaded and wrote into the page (its served state). The
 * correlation id is the browser's own (the page server draws nothing from it).
 */
export function servedPartContext(
  page: FirstViewPage,
  data: { siteConfig: SiteConfig; labels: Labels },
  correlationId: string,
  extra: Pick<HeaderContext, 'hiddenInputs' | 'reservedRows'> = { hiddenInputs: {} },
): HeaderContext {
  return {
    brand: page.brand,
    lang: page.lang,
    correlationId,
    location: { pathname: page.pathname, search: page.search, hash: '' },
    siteConfig: data.siteConfig,
    labels: data.labels,
    ...extra,
  }
}

/**
 * The parts each running plugin draws with its live component (its first view's `parts`), the first
 * plugin in the brand's order winning a slot: the trees the page server renders to HTML and the
 * browser hydrates, one root each.
 */
export function servedParts(
  views: ReadonlyMap<string, FirstViewDeclaration>,
  ids: readonly string[],
  context: HeaderContext,
  optionsOf: (id: string) => unknown,
  handle: KernelHandle,
  /** What the parts are drawn from beyond the context (`useServed`): the navigation's items. */
  data: Readonly<Record<string, unknown>> = {},
): Partial<Record<SlotName, ServedPartNode>> {
  const parts: Partial<Record<SlotName, ServedPartNode>> = {}
  for (const id of ids)
    for (const [slot, Component] of Object.entries(views.get(id)?.parts ?? {}) as [SlotName, SlotComponent][])
      parts[slot] ??= {
        pluginId: id,
        node: (
          <ServedPart
            pluginId={id}
            slot={slot}
            options={optionsOf(id)}
            context={context}
            data={data}
            handle={handle}
            Component={Component as ComponentType}
          />
        ),
      }
  return parts
}

/**
 * What served parts read beyond the context: the navigation when the page has it, the shopper,
 * whether consent is due, what the shell's rows were drawn from.
 */
export function servedData(data: {
  navigation?: NavComponent[] | undefined
  shopper?: FirstViewShopper | undefined
  consent?: FirstViewConsent | undefined
  shellRows?: ServedShellRows | undefined
}): Readonly<Record<string, unknown>> {
  return {
    ...(data.navigation ? { [SERVED_NAVIGATION]: data.navigation } : {}),
    ...(data.shopper ? { [SERVED_SHOPPER]: data.shopper } : {}),
    ...(data.consent ? { [SERVED_CONSENT]: data.consent } : {}),
    ...(data.shellRows ? { [SERVED_SHELL_ROWS]: data.shellRows } : {}),
  }
}
