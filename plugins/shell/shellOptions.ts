import { createServiceRef } from '../../kernel/services/serviceRef'
import type { Lang } from '../../site/brand'

/**
 * What the shell shows for a brand: the brand file's `shell` block (host/brands checks it when the
 * header starts), which the kernel hands this plugin as its options and the host's frame reads too.
 */
export interface ShellOptions {
  /** Lower-case slug carried by brand-name routes (`/{slug}-starter-kit`, `/fr/offres-{slug}`). */
  brandSlug: string
  /** Name shown by the logo. */
  displayName: string
  /** Languages offered by the EN | FR selector; one language hides the selector. */
  languages: Lang[]
  /** Free-shipping message and terms popover (usb2c only, header spec §5). */
  freeShipping: boolean
  /** Header height offset (header spec §9: 80 px, 85 for usafh). */
  headerHeight: number
}

/** The brand's shell options, provided by the shell plugin. */
export const shellOptionsRef = createServiceRef<ShellOptions>('shell.options')
