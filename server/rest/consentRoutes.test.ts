// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../contracts/cms'
import { ConsentHistorySchema, ConsentRecordSchema } from '../../contracts/consent'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

/**
 * Consent records over PGlite, and PostgreSQL when TEST_DATABASE_URL is set
 * (scripts/with-postgres.sh), where the concurrent identical requests really race.
 */
let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
}, 60_000)
afterAll(() => server.close())

let n = 0
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(n += 1)}`
const choice = (over: Record<string, unknown> = {}) => ({
  consentId: fresh('visitor'),
  idempotencyKey: fresh('click'),
  action: 'save',
  lang: 'fr',
  policyVersion: '2026-12',
  choices: { functional: true, analytical: false, targeting: true },
  gpc: false,
  ...over,
})

const post = (brand: string, body: unknown, headers: Record<string, string> = {}) =>
  server.app.request(`/rest/v2/${brand}/consents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const history = (brand: string, consentId: string) =>
  server.app.request(`/rest/v2/${brand}/consents/${consentId}`)
const rowsFor = async (consentId: string) =>
  (await server.db.query('SELECT * FROM consent_records WHERE consent_id = $1', [consentId])).rows

describe('POST consents', () => {
  it('201 with the record: time, brand, language, policy version, choices per group, GPC; kept with the correlation id', async () => {
    const body = choice({ gpc: true })
    const before = Date.now()
    const res = await post('cab2c', body, { 'x-correlation-id': 'consent-cid-0001' })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const record = v.parse(ConsentRecordSchema, await res.json())
    expect(record).toEqual({
      consentId: body.consentId,
      action: 'save',
      recordedAt: expect.any(String),
      brand: 'cab2c',
      lang: 'fr',
      policyVersion: '2026-12',
      choices: { functional: true, analytical: false, targeting: true },
      gpc: true,
    })
    expect(Date.parse(record.recordedAt)).toBeGreaterThanOrEqual(before - 1000)
    const rows = await rowsFor(body.consentId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      correlation_id: 'consent-cid-0001',
      idempotency_key: body.idempotencyKey,
    })
  })

  it('a retry of the same choice (same idempotency key) answers 200 with the first record and stores nothing more', async () => {
    const body = choice({ action: 'accept' })
    const first = await post('usb2c', body)
    const again = await post('usb2c', { ...body, action: 'reject' })
    expect([first.status, again.status]).toEqual([201, 200])
    expect(await again.json()).toEqual(await first.json())
    expect(await rowsFor(body.consentId)).toHaveLength(1)
  })

  it('five identical requests at once store one record', async () => {
    const body = choice()
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('usb2c', body)))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201])
    expect(await rowsFor(body.consentId)).toHaveLength(1)
  })

  it('every choice is its own record: accept, then a change, then a reject', async () => {
    const consentId = fresh('visitor')
    for (const action of ['accept', 'save', 'reject'])
      expect((await post('usb2c', choice({ consentId, action }))).status).toBe(201)
    expect(await rowsFor(consentId)).toHaveLength(3)
  })

  it('415 for a form: another site could post one without a preflight', async () => {
    const res = await server.app.request('/rest/v2/usb2c/consents', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'consentId=a&action=accept',
    })
    expect(res.status).toBe(415)
  })

  it.each([
    [{ action: 'maybe' }, /action/],
    [{ lang: 'de' }, /lang/],
    [{ consentId: "x' OR 1=1" }, /consentId/],
    [{ idempotencyKey: '' }, /idempotencyKey/],
    [{ choices: { functional: true, analytical: 1, targeting: true } }, /analytical/],
    [{ choices: { functional: true, analytical: true } }, /targeting/],
    [{ gpc: 'yes' }, /gpc/],
  ])('400 ValidationError naming the field: %j', async (over, field) => {
    const res = await post('usb2c', choice(over))
    expect(res.status).toBe(400)
    const body = v.parse(ApiErrorSchema, await res.json())
    expect(body.errors[0]).toMatchObject({ type: 'ValidationError', reason: 'invalid' })
    expect(body.errors[0]!.message).toMatch(field)
  })

  it('400 for an unknown brand', async () => {
    expect((await post('nobrand', choice())).status).toBe(400)
  })

  it('answers a test fault when asked (TEST_FAULTS), storing nothing', async () => {
    const body = choice()
    const res = await post('usb2c', body, { 'x-test-fault': '503' })
    expect(res.status).toBe(503)
    expect(await rowsFor(body.consentId)).toHaveLength(0)
  })
})

describe('GET consents/{consentId}', () => {
  it("lists a visitor's records oldest first, for the brand asked only", async () => {
    const consentId = fresh('visitor')
    await post(
      'usb2c',
      choice({
        consentId,
        action: 'accept',
        choices: { functional: true, analytical: true, targeting: true },
      }),
    )
    await post(
      'usb2c',
      choice({
        consentId,
        action: 'reject',
        choices: { functional: false, analytical: false, targeting: false },
      }),
    )
    await post('cab2c', choice({ consentId, action: 'save' }))
    const res = await history('usb2c', consentId)
    expect(res.status).toBe(200)
    const body = v.parse(ConsentHistorySchema, await res.json())
    expect(body.consentId).toBe(consentId)
    expect(body.records.map((r) => [r.action, r.brand, r.choices.analytical])).toEqual([
      ['accept', 'usb2c', true],
      ['reject', 'usb2c', false],
    ])
    expect(Date.parse(body.records[0]!.recordedAt)).toBeLessThanOrEqual(
      Date.parse(body.records[1]!.recordedAt),
    )
  })

  it('404 when the brand has no records for the id; 400 for an id of the wrong shape', async () => {
    const none = await history('usb2c', fresh('nobody'))
    expect(none.status).toBe(404)
    expect(v.parse(ApiErrorSchema, await none.json()).errors[0]!.type).toBe('UnknownIdentifierError')
    expect((await history('usb2c', 'a%20b')).status).toBe(400)
  })
})
