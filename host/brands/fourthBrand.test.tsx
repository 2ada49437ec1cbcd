// @vitest-environment jsdom
/**
 * A fourth brand from configuration alone: a made-up `ukb2c` written the way a brand team would write
 * host/brands/ukb2c.ts, validated, loaded through the same plugin loaders and kernel start as the real
 * header, and rendered in the real shell. Nothing in any plugin knows its name.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BehaviorSubject } from 'rxjs'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import type { NavComponent } from '../../contracts/cms'
import { labelsFrom } from '../../contracts/labels'
import { headerDataRef } from '../../contracts/serviceRefs'
import { DEFAULT_SITE_CONFIG } from '../../contracts/siteConfig'
import type { KernelFault } from '../../kernel/bus/events'
import { createKernel } from '../../kernel/createKernel'
import type { HttpRequest, KernelHttpClient } from '../../kernel/http/createHttpClient'
import type { HttpResult } from '../../kernel/http/httpError'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { bindService } from '../../kernel/services/serviceBinding'
import { stateStream } from '../../kernel/state/stateStream'
import authPlugin from '../../plugins/auth'
import { AuthOptionsSchema } from '../../plugins/auth/authOptions'
import navPlugin from '../../plugins/nav'
import searchPlugin from '../../plugins/search'
import { SearchOptionsSchema } from '../../plugins/search/searchOptions'
import { shellPluginEntry } from '../../plugins/shell'
import { createRecordingAnalytics } from '../../test/fakes/recordingAnalytics'
import { Shell } from '../frame/Shell'
import { loadBrandPlugins } from '../loadPlugins'
import { validateBrandConfig } from './brandSchema'
import { defineBrand } from './defineBrand'

/** What host/brands/ukb2c.ts would hold: an English-only store with its own name and rules. */
const ukb2c = defineBrand({
  brand: 'ukb2c',
  shell: {
    brandSlug: 'brewco',
    displayName: 'Brewco UK',
    languages: ['en'],
    freeShipping: false,
    headerHeight: 80,
  },
  plugins: [
    { id: 'nav' },
    { id: 'search', options: { currencyByLang: { en: 'GBP' }, imageSuffix: '_UK' } },
    {
      id: 'auth',
      options: {
        menuSet: 'commercial',
        signIn: { label: 'header.log.in', url: '/account/sign-in' },
        hiddenEntries: ['build-bundle'],
      },
    },
  ],
})

const NAVIGATION: NavComponent[] = [
  {
    uid: 'Tea',
    visible: 'true',
    highlighted: 'false',
    link: { uid: 'TeaLink', linkName: 'Tea', url: '/c/tea' },
  },
  {
    uid: 'Offices',
    visible: 'true',
    highlighted: 'true',
    link: { uid: 'OfficesLink', linkName: 'Offices', url: '/c/offices' },
  },
]

const ok = (data: unknown): HttpResult<unknown> => ({ ok: true, data, status: 200 })
const notFound: HttpResult<unknown> = {
  ok: false,
  error: {
    class: '4xx',
    status: 404,
    payload: '',
    message: 'not here',
    method: 'GET',
    path: '',
    correlationId: 'c',
  },
}

/** The API as the header sees it: a visitor's customer data and search answers; anything else is not found. */
function fakeApi() {
  const calls: HttpRequest<unknown>[] = []
  const answer = (path: string): HttpResult<unknown> => {
    if (path.endsWith('/getCustomerDetails')) return ok({ isLoggedIn: false, cartCount: 0 })
    if (path === 'getSessionCartGuid') return ok({ sessioncartguid: 'guid-1' })
    if (path === 'products/searchsuggestions') return ok({ suggestions: [{ value: 'teapot' }] })
    if (path === 'products/searchText')
      return ok({
        products: [
          {
            code: 'T1',
            name: 'Teapot',
            brand: 'Brewco',
            url: '/kitchen/teapot/p/T1',
            sellGroupName: 'Teapot',
          },
        ],
        pagination: { totalResults: 1 },
      })
    return notFound
  }
  const http = {
    // Decoded by the request's schema, as the kernel's client does.
    request: async (req: HttpRequest<unknown>) => {
      calls.push(req)
      const result = answer(req.path)
      return result.ok ? { ...result, data: v.parse(req.schema, result.data) } : result
    },
    installTokenPort: () => () => {},
    addHeaderProvider: () => () => {},
  } as unknown as KernelHttpClient
  return { http, calls }
}

/** jsdom has no matchMedia: answers the phone breakpoint (max-width 991px) as asked. */
function stubMatchMedia(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: /max-width:\s*991px/.test(query) ? phone : false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never
}

async function startBrand({ phone = false } = {}) {
  stubMatchMedia(phone)
  const config = validateBrandConfig(ukb2c)
  const { entries, faults: loadFaults } = await loadBrandPlugins(config, new Set())
  const faults: KernelFault[] = [...loadFaults]
  const api = fakeApi()
  const navigation = new BehaviorSubject({ status: 'success' as const, data: NAVIGATION })
  const page = new BehaviorSubject({ status: 'loading' as const })
  const kernel = createKernel({
    context: {
      brand: config.brand,
      lang: 'en',
      correlationId: 'fourth-brand',
      location: { pathname: '/c/tea', search: '', hash: '' },
      siteConfig: DEFAULT_SITE_CONFIG,
      labels: labelsFrom([]),
      hiddenInputs: {},
    },
    correlationId: 'fourth-brand',
    plugins: [shellPluginEntry(config.shell), ...entries],
    http: api.http,
    services: [
      bindService(headerDataRef, { page$: stateStream(page), navigation$: stateStream(navigation) }),
    ],
    analytics: createRecordingAnalytics().port,
    onFault: (f) => faults.push(f),
  })
  render(
    <KernelProvider kernel={kernel}>
      <Shell webview={false} />
    </KernelProvider>,
  )
  return { kernel, faults, calls: api.calls }
}

describe('a fourth brand from configuration alone', () => {
  afterEach(() => cleanup())

  it('the plugins decode brand options with the schemas the brand files are checked against', () => {
    expect(navPlugin.options).toBeUndefined()
    expect(searchPlugin.options).toBe(SearchOptionsSchema)
    expect(authPlugin.options).toBe(AuthOptionsSchema)
  })

  it('starts and renders: its logo, navigation, search box and account control, with no faults', async () => {
    const { kernel, faults } = await startBrand()
    expect(kernel.plugins.started).toEqual(['shell', 'nav', 'search', 'auth'])
    expect(document.querySelector('[data-brand]')?.getAttribute('data-brand')).toBe('ukb2c')
    expect(screen.getByRole('link', { name: /Brewco UK/ }).getAttribute('href')).toBe('/')
    const nav = screen.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Tea', 'Offices'])
    expect(await screen.findByRole('combobox', { name: 'Search' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy()
    // English only: no language selector; no free-shipping message.
    expect(screen.queryByRole('link', { name: /FR/ })).toBeNull()
    expect(screen.queryByText('Free shipping on orders over $60')).toBeNull()
    expect(faults).toEqual([])
  })

  it("the account links are the brand's: its menu set less its hidden entries", async () => {
    await startBrand({ phone: true })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      // The commercial set to a visitor: no Register Coffee Maker; Build A Bundle is hidden by the
      // brand's option. (The phone menu's Log In button stands in for the sign-in entry.)
      ['Track My Orders', '/my-account/orders'],
      ['Contact Us', '/content/contact-us'],
      ['Support', '/content/contact-us'],
    ])
  })

  it("search asks in the brand's currency and shows tiles with its image names", async () => {
    const { calls } = await startBrand()
    const user = userEvent.setup()
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'tea')
    // (A slow typist's box may first ask for the empty text's products: the call for "tea" is the one.)
    const forTea = () => calls.find((c) => c.path === 'products/searchText' && c.query?.text === 'tea')
    await waitFor(() => expect(forTea()).toBeDefined())
    expect(forTea()?.query).toMatchObject({
      text: 'tea',
      lang: 'en',
      curr: 'GBP',
    })
    const tile = await screen.findByRole('img', { name: 'Teapot' })
    expect(tile.getAttribute('src')).toContain('/Teapot_UK_EN_GN?')
    expect(tile.closest('a')?.getAttribute('href')).toBe('/kitchen/teapot/p/T1?text=tea')
  })
})
