import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient } from '../../kernel/createKernel'
import type { HttpClient, HttpRequest } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { createTestKernel } from '../../test/createTestKernel'
import { serverDown } from '../../test/fakes/httpFailure'
import searchPlugin from './index'
import { DEFAULT_SEARCH_OPTIONS } from './searchOptions'
import { createSearchService, searchRef, TILE_COUNT } from './searchService'

/** Search options of a store that prices French in CAD (cab2c's), and a brand that sets none (the US stores). */
const CANADA = { currencyByLang: { fr: 'CAD' } }
const US = DEFAULT_SEARCH_OPTIONS

const product = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Product ${code}`,
  brand: 'Brewco',
  url: `/coffee/p/${code}`,
  sellGroupName: `SG${code}`,
  ...extra,
})

type Answer = (req: HttpRequest<unknown>) => HttpResult<unknown>
function fakeHttp(answer: Answer) {
  const calls: HttpRequest<unknown>[] = []
  const http = {
    request: async (req: HttpRequest<unknown>) => {
      calls.push(req)
      return answer(req)
    },
    setTokenPort: () => undefined,
    addHeaderProvider: () => () => undefined,
  } as unknown as HttpClient
  return { http, calls }
}
const ok = (data: unknown): HttpResult<unknown> => ({ ok: true, data, status: 200 })
const fail = (status: number): HttpResult<unknown> => ({
  ok: false,
  error: serverDown({ status, message: 'boom', correlationId: 'c' }),
})
const answers =
  (terms: unknown[], products: unknown[], total = products.length): Answer =>
  (req) =>
    req.path.endsWith('searchsuggestions')
      ? ok({ suggestions: terms })
      : ok({ products, pagination: { totalResults: total } })

async function settle() {
  await vi.advanceTimersByTimeAsync(200)
  await vi.runAllTimersAsync()
}

describe('search service', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('asks searchsuggestions and searchText together, French with curr=CAD, at most the tile count', async () => {
    const { http, calls } = fakeHttp(answers([{ value: 'café' }], [product('1')]))
    const service = createSearchService({ http, lang: 'fr', options: CANADA })
    service.input('café')
    await settle()
    expect(calls.map((c) => [c.path, c.query])).toEqual([
      ['products/searchsuggestions', { term: 'café', lang: 'fr' }],
      ['products/searchText', { text: 'café', lang: 'fr', curr: 'CAD', pageSize: TILE_COUNT }],
    ])
    expect(calls.every((c) => c.signal instanceof AbortSignal)).toBe(true)
    const en = fakeHttp(answers([], []))
    const english = createSearchService({ http: en.http, lang: 'en', options: CANADA })
    english.input('mug')
    await settle()
    expect(en.calls[1]?.query).toEqual({ text: 'mug', lang: 'en', curr: undefined, pageSize: TILE_COUNT })
    // A French page of a US store asks in its own currency (only the Canada store prices in CAD).
    const us = fakeHttp(answers([], []))
    const usFrench = createSearchService({ http: us.http, lang: 'fr', options: US })
    usFrench.input('tasse')
    await settle()
    expect(us.calls[1]?.query).toMatchObject({ curr: undefined })
  })

  it("accepts the spec's `term` field as well as the OCC `value` (term wins when both come)", async () => {
    const { http } = fakeHttp(
      answers(
        [{ term: 'dark <strong>roast</strong>' }, { value: 'decaf' }, { term: 'mild', value: 'ignored' }],
        [],
      ),
    )
    const service = createSearchService({ http, lang: 'en', options: US })
    service.input('roa')
    await settle()
    expect(service.state$.value().shown?.data.suggestions.map((s) => s.value)).toEqual([
      'dark <strong>roast</strong>',
      'decaf',
      'mild',
    ])
  })

  it('decodes item by item: wrong-shaped items are left out and reported, duplicates shown once', async () => {
    const { http } = fakeHttp(
      answers(
        [{ value: 'mug' }, { value: 'mug' }, { nope: 1 }, 'x', { value: 'mugs' }],
        [product('1'), { code: '' }, null, product('2', { newProduct: true })],
        40,
      ),
    )
    const service = createSearchService({ http, lang: 'en', options: US })
    const problems: string[] = []
    service.problems$.subscribe((m) => problems.push(m))
    service.input('mug')
    await settle()
    const state = service.state$.value()
    expect(state.result.status).toBe('success')
    expect(state.shown?.data.suggestions.map((s) => s.value)).toEqual(['mug', 'mugs'])
    expect(state.shown?.data.products.map((p) => [p.code, p.newProduct])).toEqual([
      ['1', false],
      ['2', true],
    ])
    expect(state.shown?.data.totalProducts).toBe(40)
    expect(problems).toEqual([
      "search for 'mug': left out 2 suggestion(s) and 2 product(s) of the wrong shape",
    ])
  })

  it('one half failing still shows the other; both failing is an error and clears the flyout', async () => {
    let mode: 'terms-down' | 'all-down' = 'terms-down'
    const { http } = fakeHttp((req) =>
      mode === 'all-down' || req.path.endsWith('searchsuggestions')
        ? fail(500)
        : ok({ products: [product('9')] }),
    )
    const service = createSearchService({ http, lang: 'en', options: US })
    service.input('brewer')
    await settle()
    expect(service.state$.value().shown?.data).toEqual({
      suggestions: [],
      products: [expect.objectContaining({ code: '9' })],
      totalProducts: 1,
    })
    mode = 'all-down'
    service.input('brewers')
    await settle()
    expect(service.state$.value()).toMatchObject({
      query: 'brewers',
      result: { status: 'error' },
      shown: null,
    })
  })

  it('keeps the last answer on screen while the next loads; reset clears it', async () => {
    let release: (() => void) | undefined
    const { http } = fakeHttp(answers([{ value: 'pods' }], []))
    const slow = {
      ...http,
      request: (req: HttpRequest<unknown>) =>
        req.query?.text === 'podsx' || req.query?.term === 'podsx'
          ? new Promise<HttpResult<unknown>>((r) => {
              release = () => r(ok({ suggestions: [] }))
            })
          : http.request(req),
    } as HttpClient
    const service = createSearchService({ http: slow, lang: 'en', options: US })
    service.input('pods')
    await settle()
    service.input('podsx')
    await vi.advanceTimersByTimeAsync(200)
    expect(service.state$.value()).toMatchObject({ query: 'podsx', result: { status: 'loading' } })
    expect(service.state$.value().shown?.query).toBe('pods')
    service.reset()
    expect(service.state$.value()).toEqual({ query: null, result: { status: 'idle' }, shown: null })
    release?.()
    service.dispose()
  })
})

describe('search plugin events', () => {
  it('logout resets the results', async () => {
    vi.useFakeTimers()
    const { kernel } = createTestKernel([searchPlugin])
    const search = kernel.services.get(searchRef)
    search.input('mug')
    await vi.advanceTimersByTimeAsync(200)
    expect(search.state$.value().query).toBe('mug')
    kernel.bus.emit('logout', {}, 'auth')
    expect(search.state$.value()).toEqual({ query: null, result: { status: 'idle' }, shown: null })
    vi.useRealTimers()
  })
})

describe('the empty box’s product carousel at the HTTP boundary (header spec §7 searchProductsForCarousel)', () => {
  const seen: string[] = []
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'application/json' })
      const url = new URL(req.url ?? '/', 'http://x')
      res.end(
        JSON.stringify(
          url.pathname.endsWith('searchsuggestions')
            ? { suggestions: [{ value: 'dark roast' }] }
            : { products: [product('new-1'), product('popular-2')] },
        ),
      )
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('an empty box asks the carousel search with query and pageSize; a text asks searchText', async () => {
    const http = createHttpClient({
      brand: 'cab2c',
      origin,
      correlationId: () => 'cid',
      readCookie: () => undefined,
    })
    const service = createSearchService({ http, lang: 'fr', options: CANADA })
    service.input('')
    await vi.waitFor(() => expect(service.state$.value().result.status).toBe('success'))
    expect(seen.map((u) => new URL(u, origin).pathname)).toEqual([
      '/rest/v2/cab2c/products/searchsuggestions',
      '/rest/v2/cab2c/products/searchProductsForCarousel',
    ])
    const carousel = new URL(seen[1] ?? '', origin).searchParams
    expect(Object.fromEntries(carousel)).toEqual({ query: '', pageSize: String(TILE_COUNT), lang: 'fr' })
    const shown = service.state$.value().shown
    expect(shown?.data.products.map((p) => p.code)).toEqual(['new-1', 'popular-2'])
    seen.length = 0
    service.input('dark')
    await vi.waitFor(() => expect(seen).toHaveLength(2))
    expect(seen.map((u) => new URL(u, origin).pathname)).toEqual([
      '/rest/v2/cab2c/products/searchsuggestions',
      '/rest/v2/cab2c/products/searchText',
    ])
    service.dispose()
  })
})
