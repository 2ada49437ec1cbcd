import * as v from 'valibot'
import { MenuSetSchema } from '../../contracts/menuSet'

/**
 * The nav plugin's options, set per brand in host/brands/<brand>.ts (`{ id: 'nav', options: … }`)
 * and decoded by this schema when the header starts. Unknown keys are refused, so a typo fails.
 */
export const NavOptionsSchema = v.optional(
  v.strictObject({
    /**
     * Which business navigation set the brand shows (header spec §1, §6): `consumer`, `canada` or
     * `commercial` (contracts/menuSet.ts). The navigation items and their flyout panels come from
     * the CMS. Default `consumer`.
     */
    menuSet: v.optional(MenuSetSchema, 'consumer'),
  }),
  {},
)

export type NavOptions = v.InferOutput<typeof NavOptionsSchema>
