import type { Brand } from '../../site/brand'
import cab2c from './cab2c'
import type { BrandConfig } from './defineBrand'
import usafh from './usafh'
import usb2c from './usb2c'

export const BRAND_CONFIGS: Record<Brand, BrandConfig> = { usb2c, cab2c, usafh }
export type { BrandConfig }
