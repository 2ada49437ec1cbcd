// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'

let server: ReferenceServer
let code = ''
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
  code = (await server.db.query<{ code: string }>("SELECT code FROM products WHERE brand = 'usb2c' LIMIT 1"))
    .rows[0]!.code
}, 60_000)
afterAll(() => server.close())

const alertMe = (brand: string, body: unknown, type = 'application/json') =>
  server.app.request(`/rest/v2/${brand}/alert/alertMe?lang=en`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('POST alert/alertMe (notify me)', () => {
  it('202 accepted the first time and again after (nobody learns who watches what), one row whatever the e-mail case', async () => {
    const first = await alertMe('usb2c', { productCode: code, email: 'Ana@Example.com' })
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({ status: 'accepted' })
    const again = await alertMe('usb2c', { productCode: code, email: 'ana@example.com' })
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ status: 'accepted' })
    const rows = await server.db.query(
      'SELECT brand, product_code, email, lang FROM stock_alerts WHERE product_code = $1',
      [code],
    )
    expect(rows.rows).toEqual([{ brand: 'usb2c', product_code: code, email: 'ana@example.com', lang: 'en' }])
  })

  it('415 for a form: a page on another site could post one without a preflight', async () => {
    const res = await alertMe(
      'usb2c',
      `productCode=${code}&email=eve%40example.com`,
      'application/x-www-form-urlencoded',
    )
    expect(res.status).toBe(415)
  })

  it('404 for a product the brand does not sell', async () => {
    const res = await alertMe('usb2c', { productCode: 'NO-SUCH-PRODUCT', email: 'ana@example.com' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      errors: [{ type: 'UnknownIdentifierError', message: "No product 'NO-SUCH-PRODUCT' in brand usb2c." }],
    })
  })

  it.each([
    [{ productCode: 'x', email: 'not-an-email' }, /email/i],
    [{ productCode: '', email: 'ana@example.com' }, /productCode/],
    [{ productCode: "1' OR '1'='1", email: 'ana@example.com' }, /productCode/],
    [{ email: 'ana@example.com' }, /productCode/],
    [{ productCode: 'x\u0000', email: 'ana@example.com' }, /./],
  ])('400 ValidationError naming the field: %j', async (body, field) => {
    const res = await alertMe('usb2c', body)
    expect(res.status).toBe(400)
    const json = (await res.json()) as { errors: { type: string; message: string }[] }
    expect(json.errors[0]!.type).toBe('ValidationError')
    expect(json.errors[0]!.message).toMatch(field)
  })
})
