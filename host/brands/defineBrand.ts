import type { BrandConfig } from './brandSchema'

export type { BrandConfig }

/**
 * Gives a brand configuration its type, keeping its id as a literal (`'usb2c'`), and types each
 * plugin's options by that plugin's schema (host/catalogue.ts `PluginOptionsInput`). Validation (ids, options, duplicates)
 * is in `validateBrandConfig` and the plugins' schemas, run when the header starts and by the tests.
 */
export const defineBrand = <const Id extends string>(
  config: BrandConfig & { brand: Id },
): BrandConfig & { brand: Id } => config
