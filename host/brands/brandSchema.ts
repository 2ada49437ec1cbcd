import * as v from 'valibot'
import { BRANDS } from '../../site/brand'
import { PLUGIN_IDS } from '../pluginIds'

/** What the header shell itself shows for a brand. */
const ShellOptions = v.object({
  /** Lower-case slug carried by brand-name routes (`/{slug}-starter-kit`, `/fr/offres-{slug}`). */
  brandSlug: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
  /** Name shown by the logo. */
  displayName: v.pipe(v.string(), v.minLength(1)),
  /** Languages offered by the EN | FR selector; one language hides the selector. */
  languages: v.pipe(v.array(v.picklist(['en', 'fr'])), v.minLength(1)),
  /** Free-shipping message and terms popover (usb2c only, header spec §5). */
  freeShipping: v.boolean(),
  /** Header height offset (header spec §9: 80 px, 85 for usafh). */
  headerHeight: v.number(),
})

export const BrandConfigSchema = v.object({
  brand: v.picklist(BRANDS),
  shell: ShellOptions,
  /** The plugins this brand runs, in order, with their options. */
  plugins: v.array(v.object({ id: v.picklist(PLUGIN_IDS), options: v.optional(v.unknown()) })),
})

export type BrandConfig = v.InferOutput<typeof BrandConfigSchema>

/**
 * Checks a brand configuration; throws a message naming the brand and the field. Runs in the
 * start-up chunk and in the tests, not in the entry, so the first paint does not pay for it.
 */
export function validateBrandConfig(config: BrandConfig): BrandConfig {
  const result = v.safeParse(BrandConfigSchema, config)
  if (!result.success) {
    const issue = result.issues[0]
    const where = issue?.path?.map((p) => String(p.key)).join('.') || '(root)'
    throw new Error(`Brand configuration '${config.brand}' is invalid at ${where}: ${issue?.message}`)
  }
  const ids = result.output.plugins.map((p) => p.id)
  const dup = ids.find((id, i) => ids.indexOf(id) !== i)
  if (dup) throw new Error(`Brand configuration '${config.brand}' lists plugin '${dup}' twice.`)
  return result.output
}
