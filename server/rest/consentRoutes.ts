import type { Hono } from 'hono'
import { CONSENTS_PATH, ConsentRecordRequestSchema } from '../../contracts/consent'
import { consentHistory, storeConsentRecord } from '../consent/consentRecords'
import type { Database } from '../db/database'
import { ApiError, validationError } from '../http/apiError'
import { readBody } from '../http/readBody'
import { REST_BASE } from './cmsRoutes'
import { brandParam } from './params'

const CONSENT_ID = /^[\w.:-]{1,64}$/

/**
 * Consent records (contracts/consent.ts). POST stores a choice: JSON only (415 otherwise, as a form
 * any site could post needs no preflight), 201 with the record the first time, 200 with the same
 * record for a repeat of its idempotency key (a retry after a lost answer), 400 naming the field.
 * GET lists a visitor's records by consent id, oldest first; 404 when the brand has none. Both are
 * `no-store`. The request's correlation id is kept with the record (and logged with the request).
 */
export function registerConsentRoutes(app: Hono, db: Database): void {
  app.post(`${REST_BASE}/${CONSENTS_PATH}`, async (c) => {
    const brand = brandParam(c)
    const request = await readBody(c, ConsentRecordRequestSchema, {
      fail: (message) => validationError(message, 'invalid'),
      jsonOnly: true,
    })
    const { record, stored } = await storeConsentRecord(db, brand, request, c.get('correlationId') ?? null)
    c.header('cache-control', 'no-store')
    return c.json(record, stored ? 201 : 200)
  })

  app.get(`${REST_BASE}/${CONSENTS_PATH}/:consentId`, async (c) => {
    const brand = brandParam(c)
    const consentId = c.req.param('consentId')
    if (!CONSENT_ID.test(consentId))
      throw validationError(
        'The consent id in the path must be letters, digits, . _ : - (at most 64).',
        'invalid',
      )
    const history = await consentHistory(db, brand, consentId)
    if (history.records.length === 0)
      throw new ApiError(
        404,
        'UnknownIdentifierError',
        `No consent records for '${consentId}' in brand ${brand}.`,
      )
    c.header('cache-control', 'no-store')
    return c.json(history)
  })
}
