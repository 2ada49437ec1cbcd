import * as v from 'valibot'

/**
 * "Maps geocode" (header spec §7, its parameters and answer not shown there; ours, docs/decisions/cms-content.md):
 * a place a shopper typed (a ZIP or postal code, or a town with its state or province) turned into
 * a point on the map and a tidy address, for the page's own store locator or delivery-area check.
 * Page code asks through the header (`window.oneHeader.geocode`, the content plugin's service behind
 * `geocodeRef` in contracts/serviceRefs.ts), which checks the text, sends the call with the page's
 * correlation id, keeps answers for the page's life and says how it went. The brand decides the
 * country: usb2c and usafh find US places, cab2c Canadian ones.
 */
export const GEOCODE_PATH = 'maps/geocode'

/** What a shopper may type: 2 to 100 characters of a place, no control characters nor markup. */
export const GeocodeRequestSchema = v.object({
  address: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(2, 'at least 2 characters of a place'),
    v.maxLength(100, 'at most 100 characters'),
    v.regex(/^[^\p{Cc}<>{}]+$/u, 'a place (a ZIP or postal code, or a town), no markup'),
  ),
})
export type GeocodeRequest = v.InferInput<typeof GeocodeRequestSchema>

export const PlaceSchema = v.object({
  /** The address as the store shows it, in the page's language ("Montréal (QC) H2X, Canada"). */
  formattedAddress: v.string(),
  location: v.object({
    lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
    lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  }),
  /** The ZIP code, or the Canadian postal code's first three characters (its area). */
  postalCode: v.string(),
  /** The state or province, as its two-letter code. */
  region: v.string(),
  country: v.picklist(['US', 'CA']),
})
export type Place = v.InferOutput<typeof PlaceSchema>

/** The reference server's answer: the places found, best first; none is an empty list, not an error. */
export const GeocodeResponseSchema = v.object({ results: v.array(PlaceSchema) })

/** How a geocode request went, for the page code that asked (never a thrown error). */
export type GeocodeResult =
  | { ok: true; places: Place[] }
  /** `invalid`: the text is not a place one could look up (said in `message`, nothing was sent); `failed`: the call failed. */
  | { ok: false; reason: 'invalid' | 'failed'; message: string }

/** The geocode service (geocodeRef). */
export interface Geocode {
  find(input: GeocodeRequest): Promise<GeocodeResult>
}
