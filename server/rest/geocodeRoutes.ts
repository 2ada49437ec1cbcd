import type { Hono } from 'hono'
import * as v from 'valibot'
import { GEOCODE_PATH, GeocodeRequestSchema } from '../../contracts/geocode'
import { BRAND_COUNTRY } from '../../site/brand'
import { validationError } from '../http/apiError'
import { findPlaces } from '../maps/gazetteer'
import { REST_BASE } from './cmsRoutes'
import { brandParam, optionalLang } from './params'

/** Places do not move: a browser or CDN may keep an answer for a day. */
const PLACES_MAX_AGE_S = 86_400

/**
 * GET maps/geocode?address=…&lang= (header spec §7 "maps geocode"): the places the text names in the
 * brand's country (`BRAND_COUNTRY`: cab2c Canada, usb2c and usafh the US), best first, `{ results: [] }` when none;
 * 400 naming the problem for a missing or unreadable address. Registered after the CMS routes, whose
 * middleware checks the brand.
 */
export function registerGeocodeRoutes(app: Hono): void {
  app.get(`${REST_BASE}/${GEOCODE_PATH}`, (c) => {
    const brand = brandParam(c)
    const lang = optionalLang(c)
    const asked = v.safeParse(GeocodeRequestSchema, { address: c.req.query('address') ?? '' })
    if (!asked.success)
      throw validationError(`Query parameter 'address' must be ${asked.issues[0].message}.`, 'invalid')
    const results = findPlaces(asked.output.address, BRAND_COUNTRY[brand], lang)
    c.header('cache-control', `public, max-age=${PLACES_MAX_AGE_S}`)
    return c.json({ results })
  })
}
