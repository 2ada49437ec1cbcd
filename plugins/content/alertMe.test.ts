import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { createAlertMe } from './alertMe'

/** An HTTP client that records what it was asked and answers `result`. */
function fakeHttp(result: HttpResult<unknown>) {
  const calls: unknown[] = []
  const http = {
    request: async (req: unknown) => {
      calls.push(req)
      return result
    },
  } as unknown as HttpClient
  return { http, calls }
}
const failure = (status: number): HttpResult<unknown> => ({
  ok: false,
  error: {
    class: '4xx',
    status,
    payload: {},
    message: `POST alert/alertMe answered ${status}`,
    method: 'POST',
    path: 'alert/alertMe',
    correlationId: 'c',
  },
})

describe('alertMe service of the content plugin (notify me)', () => {
  it('sends the checked fields to alert/alertMe in the page language and says how it went', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 202, data: { status: 'accepted' } })
    const result = await createAlertMe(http, 'fr').request({
      productCode: ' 5000330 ',
      email: ' Ana@Example.COM ',
    })
    expect(result).toEqual({ ok: true, status: 'accepted' })
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: 'alert/alertMe',
        query: { lang: 'fr' },
        body: { productCode: '5000330', email: 'ana@example.com' },
      }),
    ])
  })

  it('sends nothing for a wrong field, and names it', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 202, data: { status: 'accepted' } })
    const alertMe = createAlertMe(http, 'en')
    expect(await alertMe.request({ productCode: '5000330', email: 'nope' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(/^email: /),
    })
    expect(await alertMe.request({ productCode: '<script>', email: 'a@b.co' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(/^productCode: /),
    })
    expect(await alertMe.request(null as never)).toMatchObject({ ok: false, reason: 'invalid' })
    expect(calls).toEqual([])
  })

  it('an unknown product and a failed call are results, never thrown', async () => {
    expect(
      await createAlertMe(fakeHttp(failure(404)).http, 'en').request({ productCode: 'x', email: 'a@b.co' }),
    ).toEqual({
      ok: false,
      reason: 'unknownProduct',
      message: "No product 'x'.",
    })
    expect(
      await createAlertMe(fakeHttp(failure(503)).http, 'en').request({ productCode: 'x', email: 'a@b.co' }),
    ).toMatchObject({
      ok: false,
      reason: 'failed',
    })
  })
})
