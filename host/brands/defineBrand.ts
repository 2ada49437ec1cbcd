import type { BrandConfig } from './brandSchema'

export type { BrandConfig }

/**
 * Gives a brand configuration its type. Validation (ids, options, duplicates) is in
 * `validateBrandConfig`, run when the header starts and by the tests.
 */
export const defineBrand = (config: BrandConfig): BrandConfig => config
