import * as v from 'valibot'
import { PLUGIN_IDS, type PluginId, type PluginOptionsInput } from '../catalogue'

/** A brand id: a lower-case letter, then 1 to 15 lower-case letters or digits (`usb2c`, `cab2c`, `usafh`). */
export const BRAND_ID = /^[a-z][a-z0-9]{1,15}$/

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
  /**
   * The brand id: sent as the `brand` header of every API call, set as `data-brand` on the header
   * (the brand theme), and the name site/brand.ts brandFromHost gives the brand's host names.
   */
  brand: v.pipe(v.string(), v.regex(BRAND_ID, 'a lower-case id such as usb2c')),
  shell: ShellOptions,
  /**
   * The plugins this brand runs, in order, with their options. Options are checked by each plugin's
   * own schema (its manifest's `options`) when the header starts, not here.
   */
  plugins: v.array(v.object({ id: v.picklist(PLUGIN_IDS), options: v.optional(v.unknown()) })),
  /**
   * The store's API origins for this brand besides the page's own (`https://api.brewco.example`): a
   * host page's `baseUrl` input naming one of them is obeyed (site/headerApi.ts), and calls to it carry
   * the trace. None by default: the header calls the page's own origin.
   */
  apiOrigins: v.optional(
    v.array(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\/[^/]+$/, 'an origin alone'))),
  ),
})

/** One plugin a brand runs, with the options that plugin takes (typed per plugin id). */
export type BrandPlugin = { [Id in PluginId]: { id: Id; options?: PluginOptionsInput[Id] } }[PluginId]

export type BrandConfig = Omit<v.InferOutput<typeof BrandConfigSchema>, 'plugins'> & {
  plugins: BrandPlugin[]
}

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
  // The schema checked the plugin ids and passed each plugin's options through unchanged.
  return result.output as BrandConfig
}
