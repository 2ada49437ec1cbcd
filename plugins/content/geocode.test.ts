import { describe, expect, it } from 'vitest'
import type { HttpClient } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { serverDown } from '../../test/fakes/httpFailure'
import { createGeocode } from './geocode'

const montreal = {
  formattedAddress: 'Montréal (QC) H2X, Canada',
  location: { lat: 45.5088, lng: -73.5698 },
  postalCode: 'H2X',
  region: 'QC',
  country: 'CA' as const,
}
const failure: HttpResult<unknown> = {
  ok: false,
  error: serverDown({ message: 'GET maps/geocode answered 503', path: 'maps/geocode' }),
}

/** An HTTP client that records what it was asked and answers the next of `answers` (the last one again). */
function fakeHttp(...answers: HttpResult<unknown>[]) {
  const calls: { query?: Record<string, unknown> }[] = []
  const http = {
    request: async (req: { query?: Record<string, unknown> }) => {
      calls.push(req)
      return answers[Math.min(calls.length, answers.length) - 1]!
    },
  } as unknown as HttpClient
  return { http, calls }
}

describe('geocode service of the content plugin (maps geocode)', () => {
  it('asks maps/geocode with the tidied text in the page language, and answers the places', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 200, data: { results: [montreal] } })
    expect(await createGeocode(http, 'fr').find({ address: '  H2X   1Y4 ' })).toEqual({
      ok: true,
      places: [montreal],
    })
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: 'maps/geocode',
        query: { address: 'H2X 1Y4', lang: 'fr' },
      }),
    ])
  })

  it('none found is a success with no places', async () => {
    const { http } = fakeHttp({ ok: true, status: 200, data: { results: [] } })
    expect(await createGeocode(http, 'en').find({ address: 'Atlantis' })).toEqual({ ok: true, places: [] })
  })

  it('sends nothing for text that is no place, and says why', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 200, data: { results: [] } })
    const geocode = createGeocode(http, 'en')
    for (const address of [
      '',
      ' a ',
      'x'.repeat(101),
      '<img src=x onerror=alert(1)>',
      'a\u0000b',
      42 as never,
    ]) {
      expect(await geocode.find({ address })).toMatchObject({
        ok: false,
        reason: 'invalid',
        message: expect.stringMatching(/^address: expected /),
      })
    }
    expect(calls).toEqual([])
  })

  it('asks once for a place asked again in another spacing or case (a provider bills each call)', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 200, data: { results: [montreal] } })
    const geocode = createGeocode(http, 'fr')
    const answers = await Promise.all([
      geocode.find({ address: 'h2x 1y4' }),
      geocode.find({ address: 'H2X  1Y4' }),
    ])
    expect(await geocode.find({ address: ' h2x 1Y4' })).toEqual(answers[0])
    expect(answers[1]).toEqual(answers[0])
    expect(calls).toHaveLength(1)
  })

  it('a failed call says so and is asked again next time, not kept', async () => {
    const { http, calls } = fakeHttp(failure, { ok: true, status: 200, data: { results: [montreal] } })
    const geocode = createGeocode(http, 'fr')
    expect(await geocode.find({ address: 'Montréal' })).toEqual({
      ok: false,
      reason: 'failed',
      message: 'GET maps/geocode answered 503',
    })
    expect(await geocode.find({ address: 'Montréal' })).toEqual({ ok: true, places: [montreal] })
    expect(calls).toHaveLength(2)
  })

  it('keeps at most 50 answers, the least recently used going first', async () => {
    const { http, calls } = fakeHttp({ ok: true, status: 200, data: { results: [] } })
    const geocode = createGeocode(http, 'en')
    for (let i = 0; i < 50; i++) await geocode.find({ address: `place ${i}` })
    await geocode.find({ address: 'place 0' }) // used again: now the most recent
    await geocode.find({ address: 'place 50' }) // the 51st: place 1 goes
    expect(calls).toHaveLength(51)
    await geocode.find({ address: 'place 0' })
    expect(calls).toHaveLength(51)
    await geocode.find({ address: 'place 1' })
    expect(calls).toHaveLength(52)
  })

  it('the failure of an answer already dropped does not drop the newer one for the same place', async () => {
    let failFirst: (r: HttpResult<unknown>) => void = () => {}
    const calls: unknown[] = []
    const http = {
      request: (req: unknown) => {
        calls.push(req)
        return calls.length === 1
          ? new Promise<HttpResult<unknown>>((resolve) => {
              failFirst = resolve
            })
          : Promise.resolve({ ok: true, status: 200, data: { results: [montreal] } })
      },
    } as unknown as HttpClient
    const geocode = createGeocode(http, 'fr')
    const first = geocode.find({ address: 'Montréal' })
    // Fifty other places push the first, still on its way, out; then it is asked again.
    for (let i = 0; i < 50; i++) await geocode.find({ address: `place ${i}` })
    expect(await geocode.find({ address: 'Montréal' })).toEqual({ ok: true, places: [montreal] })
    failFirst(failure)
    expect(await first).toMatchObject({ ok: false, reason: 'failed' })
    await geocode.find({ address: 'Montréal' })
    expect(calls).toHaveLength(52)
  })
})
