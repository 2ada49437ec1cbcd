import * as v from 'valibot'
import { createServiceRef } from '../../kernel/services/serviceRef'
import type { BannerCopy } from './bannerCopy'

/**
 * The consent plugin's options, set per brand in host/brands/<brand>.ts. `notices` is the country
 * whose privacy notices the banner links: a US store links its privacy policy and California's
 * notice at collection (nav spec §9), a Canadian store its privacy policy and its cookie policy,
 * never a US state's notice. Default `'us'`, the spec's copy.
 */
export const ConsentOptionsSchema = v.optional(
  v.strictObject({ notices: v.optional(v.picklist(['us', 'ca']), 'us') }),
  {},
)
export type ConsentOptions = v.InferOutput<typeof ConsentOptionsSchema>

/** The banner's copy for this page: its language and its brand's country. */
export const bannerCopyRef = createServiceRef<BannerCopy>('consent.bannerCopy')
