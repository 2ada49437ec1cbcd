import * as v from 'valibot'

/**
 * The business menu sets (header spec §6 "business menu items differ per brand (consumer US,
 * food-service, Canadian)", header spec §1 "a commercial navigation set on the business brand"): one vocabulary
 * for every plugin that varies by it. A brand names its set in the options of each such plugin
 * (auth's `menuSet`; the navigation set itself is each brand's CMS navigation); no plugin derives it
 * from the brand id.
 * - `consumer`: the US consumer store (usb2c), and the default.
 * - `canada`: the Canadian store (cab2c).
 * - `commercial`: the business / food-service store (usafh).
 */
export const MENU_SETS = ['consumer', 'canada', 'commercial'] as const
export type MenuSet = (typeof MENU_SETS)[number]

export const MenuSetSchema = v.picklist(MENU_SETS)
