import type { Brand } from '../../site/brand'
import type { Diagnostics } from '../startUp/diagnostics'
import { validateBrandConfig } from './brandSchema'
import type { BrandConfig } from './defineBrand'
import { BRAND_CONFIGS } from './index'

/**
 * The brand's configuration, checked. A broken brand file must not take the header down: the shell
 * runs alone, and the fault says why.
 */
export function brandConfigFor(brand: Brand, diagnostics: Pick<Diagnostics, 'fault'>): BrandConfig {
  const config = BRAND_CONFIGS[brand]
  try {
    return validateBrandConfig(config)
  } catch (error) {
    diagnostics.fault({ code: 'PLUGIN_INVALID', pluginId: 'host', message: String(error), error })
    return { ...config, plugins: [] }
  }
}
