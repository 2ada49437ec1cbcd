import * as v from 'valibot'
import {
  ComponentsResponseSchema,
  HeaderPageResponseSchema,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
} from '../../contracts/cms'
import type { FirstViewBodies } from '../../contracts/firstView'

/** One CMS answer the page server read for the header, named as the header's own call is. */
const SHAPES: Record<keyof FirstViewBodies, { call: string; schema: v.GenericSchema }> = {
  site: { call: 'cms/siteConfig', schema: SiteConfigResponseSchema },
  slot: { call: 'cms/content-slots/NavigationBarSlot', schema: NavigationSlotResponseSchema },
  components: { call: 'cms/components', schema: ComponentsResponseSchema },
  page: { call: 'cms/pages', schema: HeaderPageResponseSchema },
}

/** A CMS read of the wrong shape: which call's data, where, and what is wrong. */
export interface WrongShape {
  call: string
  where: string
  message: string
}

/**
 * The CMS data the page server read for the header's first view that the header's own schemas
 * refuse (contracts/cms.ts). The renderer then quietly draws nothing (or no navigation), as the
 * browser does with such an answer; but wrong-shaped data is an error whoever read it (navigation
 * spec §8), so the page server names each one for its log. Absent bodies (an unknown slot or page)
 * are not errors.
 */
export function wrongShapedCmsReads(bodies: FirstViewBodies): WrongShape[] {
  return (Object.keys(SHAPES) as (keyof FirstViewBodies)[]).flatMap((part) => {
    const body = bodies[part]
    if (body === undefined) return []
    const { call, schema } = SHAPES[part]
    const decoded = v.safeParse(schema, body)
    if (decoded.success) return []
    const issue = decoded.issues[0]
    const where = issue?.path?.map((p) => String(p.key)).join('.') || '(root)'
    return [{ call, where, message: issue?.message ?? 'wrong shape' }]
  })
}
