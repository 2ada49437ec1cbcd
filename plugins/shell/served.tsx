import type { ReactNode } from 'react'
import * as v from 'valibot'
import {
  HeaderPageResponseSchema,
  isVisible,
  type NavComponent,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
} from '../../contracts/cms'
import type { Labels } from '../../contracts/labels'
import type { ServedShellRows } from '../../contracts/servedState'
import { supportLink } from '../../site/supportLink'
import { ServedCmsComponents } from './cms/CmsComponents'

/**
 * What the shell's rows are drawn from on the page server: the support link from the navigation, and
 * the CMS rows' visible components through the header's one sanitiser (`content`, which the page
 * server renders to static HTML), which the browser keeps as it is until the live content is in
 * (cms/useCmsRow.tsx). Nothing without a header page answer of
 * the right shape: the rows are not served then.
 *
 * The page server's renderer (host/firstView/firstViewHtml.tsx) is the only one to import this face
 * of the plugin: it carries the sanitiser, which the way to a live row never does.
 */
export function servedShellRows(
  body: unknown,
  data: { navigation?: NavComponent[] | undefined; labels: Labels },
): { served: ServedShellRows; content: Record<string, ReactNode> } | undefined {
  const headerPage = v.safeParse(HeaderPageResponseSchema, body)
  if (!headerPage.success) return undefined
  const slots = headerPage.output.contentSlots.contentSlot
  const content: Record<string, ReactNode> = {}
  for (const position of [SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO]) {
    const components =
      slots.find((s) => s.position === position)?.components.component.filter(isVisible) ?? []
    if (components.length > 0) content[position] = <ServedCmsComponents components={components} />
  }
  return {
    served: { support: supportLink(data.navigation, data.labels), cms: Object.keys(content) },
    content,
  }
}
