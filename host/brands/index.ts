import cab2c from './cab2c'
import type { BrandConfig } from './defineBrand'
import usafh from './usafh'
import usb2c from './usb2c'

/**
 * Every brand configuration file. A new brand is one new file beside these (`defineBrand({ brand:
 * 'xyz', … })`) and its line here; its host-name rule is site/brand.ts brandFromHost (nav spec §9).
 */
const BRAND_FILES = [usb2c, cab2c, usafh] as const

/** The id of a brand that has a configuration file. */
export type BrandId = (typeof BRAND_FILES)[number]['brand']

/** The brand configurations by brand id. */
export const BRAND_CONFIGS = Object.fromEntries(
  BRAND_FILES.map((config) => [config.brand, config]),
) as Readonly<Record<BrandId, BrandConfig>>
export type { BrandConfig }

/**
 * The options a plugin of `brand` runs with, as its brand file writes them: the shell's are the
 * brand's `shell` block (logo name, languages…), every other plugin's its entry's `options`. The page
 * server draws served parts from them, and the browser hydrates those parts from the same values.
 */
export function brandPluginOptions(brand: string, id: string): unknown {
  const config = BRAND_CONFIGS[brand as BrandId]
  if (!config) return undefined
  return id === 'shell' ? config.shell : config.plugins.find((p) => p.id === id)?.options
}
