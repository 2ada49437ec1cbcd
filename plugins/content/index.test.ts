import { describe, expect, it } from 'vitest'
import { alertMeRef, geocodeRef } from '../../contracts/serviceRefs'
import type { KernelHttpClient } from '../../kernel/http/createHttpClient'
import { createTestKernel } from '../../test/createTestKernel'
import contentPlugin from '.'

/** A kernel HTTP client that records each request and answers 202 accepted. */
function recordingHttp() {
  const requests: unknown[] = []
  const http: KernelHttpClient = {
    request: async (req) => {
      requests.push(req)
      return { ok: true, status: 202, data: { status: 'accepted' } as never }
    },
    installTokenPort: () => () => {},
    addHeaderProvider: () => () => {},
  }
  return { http, requests }
}

describe('content plugin', () => {
  it('provides "notify me" (alertMeRef) through the kernel client, in the page language', async () => {
    const { http, requests } = recordingHttp()
    const { kernel, faults } = createTestKernel([contentPlugin], { http, context: { lang: 'fr' } })
    expect(faults).toEqual([])
    const result = await kernel.services.get(alertMeRef).request({ productCode: '5000330', email: 'a@b.co' })
    expect(result).toEqual({ ok: true, status: 'accepted' })
    expect(requests).toEqual([
      expect.objectContaining({ method: 'POST', path: 'alert/alertMe', query: { lang: 'fr' } }),
    ])
  })

  it('provides "maps geocode" (geocodeRef) through the kernel client, in the page language', async () => {
    const { http, requests } = recordingHttp()
    const { kernel } = createTestKernel([contentPlugin], { http, context: { lang: 'fr' } })
    await kernel.services.get(geocodeRef).find({ address: 'Montréal' })
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: 'maps/geocode',
        query: { address: 'Montréal', lang: 'fr' },
      }),
    ])
  })

  it('switched off, nothing provides them', () => {
    const { kernel } = createTestKernel([])
    expect(kernel.services.has(alertMeRef)).toBe(false)
    expect(kernel.services.has(geocodeRef)).toBe(false)
  })
})
