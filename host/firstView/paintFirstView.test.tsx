// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import Cookies from 'js-cookie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { visibleTopLevelItems } from '../../plugins/nav/visibleItems'
import { pageHandOver } from '../../plugins/search/slots/handOver'
import { ShellFrame } from '../frame/ShellFrame'
import { claimPreloadedCalls, type EarlyCalls } from './earlyCalls'
import { type FirstViewData, firstViewFor, readFirstViewData } from './paintFirstView'

/** The first view's parts as the entry draws them (its plugins' first views loaded first). */
const firstViewParts = (data: FirstViewData, page: typeof PAGE) => firstViewFor(data, page)
/** The first view from the answers: undefined when it cannot be drawn (the frame waits for the shell). */
async function firstViewOf(calls: EarlyCalls) {
  const data = await readFirstViewData(calls)
  return data && firstViewFor(data, PAGE)
}

const SITE_CONFIG = {
  siteConfigurations: { entry: [{ key: 'search.character.limit', value: '40' }] },
  messageItems: { entry: [{ key: 'header.log.in', value: 'Sign In' }] },
}
const SLOT = {
  componentUids: { componentUidList: ['Deals', 'Brewers', 'Hidden', 'HeaderSupportLinkComponent'] },
}
const COMPONENTS = {
  component: [
    { uid: 'Brewers', linkName: 'Brewers', url: '/brewers' },
    { uid: 'Deals', highlighted: 'true', link: { linkName: 'Deals', url: '/brewco-deals' } },
    { uid: 'Hidden', visible: 'false', linkName: 'Hidden', url: '/hidden' },
    { uid: 'HeaderSupportLinkComponent', linkName: 'Support', url: '/content/contact-us' },
  ],
}

/** Answers as the entry reads them, by path. */
function answers(byPath: Record<string, { status: number; body: unknown } | undefined>): EarlyCalls {
  return {
    take: () => undefined,
    read: async (path) => {
      const a = byPath[path]
      return a && { status: a.status, text: typeof a.body === 'string' ? a.body : JSON.stringify(a.body) }
    },
  }
}
const ALL = {
  '/cms/siteConfig': { status: 200, body: SITE_CONFIG },
  '/cms/content-slots/NavigationBarSlot': { status: 200, body: SLOT },
  '/cms/components': { status: 200, body: COMPONENTS },
}
const PAGE: {
  brand: 'usb2c'
  lang: 'en' | 'fr'
  pathname: string
  search: string
  disabled: string
  rows: readonly string[]
} = {
  brand: 'usb2c',
  lang: 'en',
  pathname: '/c/coffee',
  search: '',
  disabled: '',
  rows: [],
}
const FRAME = {
  brand: 'usb2c' as const,
  lang: 'en' as const,
  pathname: '/c/coffee',
  displayName: 'Brewco',
  headerHeight: 153,
  notification: false,
  promo: false,
  webview: false,
}

afterEach(() => {
  cleanup()
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name)
  Object.assign(pageHandOver, { text: '', focused: false, touched: false })
})

describe('the first view', () => {
  it('is read from the preloaded answers with the kernel’s schemas: labels, search limit, visible items in slot order', async () => {
    const data = await readFirstViewData(answers(ALL))
    expect(data?.siteConfig.searchCharacterLimit).toBe(40)
    expect(data?.labels['header.log.in']).toBe('Sign In')
    const navItems = visibleTopLevelItems(data?.navigation ?? [], { exclude: ['HeaderSupportLinkComponent'] })
    expect(navItems.map((i) => [i.name, i.url, i.highlighted])).toEqual([
      ['Deals', '/brewco-deals', true],
      ['Brewers', '/brewers', false],
    ])
  })

  it('is not painted when an answer is missing, failed or of the wrong shape (the frame waits for the shell)', async () => {
    expect(await firstViewOf(answers({ ...ALL, '/cms/components': undefined }))).toBeUndefined()
    expect(
      await firstViewOf(answers({ ...ALL, '/cms/siteConfig': { status: 500, body: 'boom' } })),
    ).toBeUndefined()
    expect(
      await firstViewOf(
        answers({ ...ALL, '/cms/content-slots/NavigationBarSlot': { status: 200, body: '{' } }),
      ),
    ).toBeUndefined()
    expect(
      await firstViewOf(answers({ ...ALL, '/cms/components': { status: 200, body: { component: 'x' } } })),
    ).toBeUndefined()
  })

  it('paints the whole header in the frame: navigation, an enabled search box, the log-in control and the cart', async () => {
    const data = await readFirstViewData(answers(ALL))
    const { container } = render(<ShellFrame {...FRAME} parts={await firstViewParts(data!, PAGE)} />)
    const root = container.firstElementChild as HTMLElement
    expect(root.hasAttribute('data-frame')).toBe(false)
    expect(root.hasAttribute('data-first-view')).toBe(true)
    const header = within(screen.getByRole('banner'))
    expect(header.getByRole('link', { name: 'Brewco – Home' })).toBeTruthy()
    const nav = header.getByRole('navigation', { name: 'Main' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/brewco-deals', '/brewers'])
    const box = header.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
    expect(box.disabled).toBe(false)
    expect(box.maxLength).toBe(40)
    expect(box.form?.getAttribute('action')).toBe('/search')
    const account = header.getByTestId('account-button')
    expect(account.textContent).toBe('Sign In')
    expect(account.getAttribute('href')).toBe('/login')
    expect(header.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart')
  })

  it('leaves out the parts of plugins the page does not run (site configuration, the container, the brand)', async () => {
    const data = await readFirstViewData(answers(ALL))
    const siteConfig = { ...data!.siteConfig, disabledPlugins: ['nav'] }
    const parts = await firstViewParts({ ...data!, siteConfig }, { ...PAGE, disabled: 'search' })
    expect(parts?.['header.nav']).toBeUndefined()
    expect(parts?.['header.search']).toBeUndefined()
    expect(parts?.['header.account']).toBeTruthy()
    expect(parts?.['header.cart']).toBeTruthy()
  })

  it('signed in (session cookies), the account control greets and goes to the account pages; French paths', async () => {
    Cookies.set('refresh_token', 'r')
    Cookies.set('customerFirstName', 'Jamie')
    const data = await readFirstViewData(answers(ALL))
    render(<ShellFrame {...FRAME} lang="fr" parts={await firstViewParts(data!, { ...PAGE, lang: 'fr' })} />)
    const account = screen.getByTestId('account-button')
    expect(account.textContent).toBe('Hi, Jamie')
    expect(account.getAttribute('href')).toBe('/fr/my-account')
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/fr/cart')
  })

  it('on the search page, the box holds the page’s text; what the shopper types is handed to the search slot', async () => {
    const data = await readFirstViewData(answers(ALL))
    render(
      <ShellFrame
        {...FRAME}
        parts={await firstViewParts(data!, { ...PAGE, pathname: '/search', search: '?text=decaf' })}
      />,
    )
    const box = screen.getByRole('searchbox') as HTMLInputElement
    expect(box.value).toBe('decaf')
    box.focus()
    box.value = 'decaf pods'
    box.dispatchEvent(new Event('input', { bubbles: true }))
    expect(pageHandOver).toEqual({ text: 'decaf pods', focused: true, touched: true })
  })
})

describe('claiming the preloaded calls', () => {
  it('asks at once for the page’s preloaded /rest/ calls only, hands each answer out once, and reads it by path', async () => {
    document.head.innerHTML = `
      <link rel="preload" as="fetch" crossorigin="anonymous" href="/rest/v2/usb2c/cms/siteConfig?lang=en&amp;pageLabelOrId=NAVIGATIONHEADER">
      <link rel="preload" as="fetch" crossorigin="anonymous" href="https://elsewhere.example/rest/v2/x">
      <link rel="preload" as="fetch" crossorigin="anonymous" href="//elsewhere.example/rest/v2/y">
      <link rel="preload" as="script" href="/rest/v2/not-a-fetch">
      <link rel="preload" as="fetch" crossorigin="anonymous" href="/api/auth/other">`
    const fetch = vi.fn(async (_url: string) => new Response('{"ok":1}', { status: 200 }))
    vi.stubGlobal('fetch', fetch)
    const calls = claimPreloadedCalls(document)
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER',
    ])
    expect(await calls.read('/cms/siteConfig')).toEqual({ status: 200, text: '{"ok":1}' })
    expect(await calls.read('/cms/pages')).toBeUndefined()
    const address = '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER'
    const taken = calls.take(address)
    expect(await taken?.answer).toMatchObject({ status: 200, text: '{"ok":1}' })
    expect(calls.take(address)).toBeUndefined()
    vi.unstubAllGlobals()
    document.head.innerHTML = ''
  })
})
