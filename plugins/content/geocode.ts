import * as v from 'valibot'
import {
  GEOCODE_PATH,
  type Geocode,
  GeocodeRequestSchema,
  GeocodeResponseSchema,
  type GeocodeResult,
} from '../../contracts/geocode'
import type { HttpClient } from '../../kernel/http/createHttpClient'

/** Answers kept per page, the least recently used going first: a locator's shopper types a handful of places. */
const KEPT_ANSWERS = 50

/**
 * "Maps geocode" (header spec §7) as the content plugin's service (geocodeRef), so page code outside
 * the header asks through it (`window.oneHeader.geocode`) and gets the header's correlation id,
 * brand, time-out and failure logging for free. The text is checked before anything is sent. An
 * answer is kept for the page's life, whatever the spacing or case it was asked in: a locator asks
 * again as the shopper goes back and forth, and a provider bills each call. Failures are not kept.
 */
export function createGeocode(http: HttpClient, lang: string): Geocode {
  const kept = new Map<string, Promise<GeocodeResult>>()
  return {
    find(input) {
      const fields = v.safeParse(GeocodeRequestSchema, input)
      if (!fields.success)
        return Promise.resolve({
          ok: false,
          reason: 'invalid',
          message: `address: expected ${fields.issues[0].message}.`,
        })
      const address = fields.output.address.replace(/\s+/g, ' ')
      const key = address.toLowerCase()
      const known = kept.get(key)
      if (known) {
        // Used again: it goes last, so the place the shopper keeps coming back to is the last to go.
        kept.delete(key)
        kept.set(key, known)
        return known
      }
      const answer: Promise<GeocodeResult> = http
        .request({
          method: 'GET',
          path: GEOCODE_PATH,
          query: { address, lang },
          schema: GeocodeResponseSchema,
        })
        .then((r): GeocodeResult => {
          if (r.ok) return { ok: true, places: r.data.results }
          // Only this answer: a newer one for the same place (this one dropped meanwhile) stays.
          if (kept.get(key) === answer) kept.delete(key)
          return { ok: false, reason: 'failed', message: r.error.message }
        })
      if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value as string)
      kept.set(key, answer)
      return answer
    },
  }
}
