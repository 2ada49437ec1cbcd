import { createServiceRef } from '../../kernel/services/serviceRef'
import type { BrandConfig } from '../brands/defineBrand'

/** The brand's shell options (logo name, languages, free shipping…), provided by the shell plugin. */
export type ShellOptions = BrandConfig['shell']
export const shellOptionsRef = createServiceRef<ShellOptions>('shell.options')
