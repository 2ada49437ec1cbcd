// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FirstViewRequest } from '../../contracts/firstView'
import { parseSiteConfig } from '../../contracts/siteConfig'
import { createKernelHandle } from '../../kernel/react/kernelHandle'
import { stateStream } from '../../kernel/state/stateStream'
import searchPlugin from '../../plugins/search'
import { pageHandOver } from '../../plugins/search/slots/handOver'
import { createTestKernel } from '../../test/createTestKernel'
import { PLUGIN_CATALOGUE } from '../catalogue'
import { renderFirstView } from './firstViewHtml'
import { hydrateParts } from './hydrateParts'

/**
 * A part drawn once: the page server's HTML of the search part, hydrated in the browser by the very
 * component that drew it, from the state written beside it, before any kernel exists.
 */
const REQUEST: FirstViewRequest = {
  bodies: {
    site: {
      siteConfigurations: { entry: [{ key: 'search.character.limit', value: '40' }] },
      messageItems: { entry: [{ key: 'header.search.label', value: 'Search the store' }] },
    },
    slot: { componentUids: { componentUidList: ['Brewers'] } },
    components: { component: [{ uid: 'Brewers', linkName: 'Brewers', url: '/brewers' }] },
  },
  brand: 'usb2c',
  lang: 'en',
  pathname: '/',
  search: '',
  rows: { eyebrow: false, notification: false, siteNotice: false, promo: false },
  shopper: { signedIn: false, firstName: '' },
}

let warn: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  // The browser is idle at once: the combobox's code is asked for as soon as the part is on screen.
  ;(window as unknown as { requestIdleCallback: (cb: () => void) => number }).requestIdleCallback = (cb) =>
    setTimeout(cb, 0) as unknown as number
})
afterEach(() => {
  warn.mockRestore()
  document.body.innerHTML = ''
  Object.assign(pageHandOver, { text: '', focused: false, touched: false })
})

/** The host page's container with the page server's first view in it. */
function servedPage(html = renderFirstView(REQUEST)): HTMLElement {
  const container = document.createElement('div')
  container.id = 'oneHeaderContainer'
  container.innerHTML = html
  document.body.append(container)
  return container
}

describe('a served part', () => {
  it('is hydrated from the served state before the kernel: the same element, what was typed kept, its controls live', async () => {
    const container = servedPage()
    const part = container.querySelector<HTMLElement>('[data-part="header.search"]')
    expect(part?.getAttribute('data-hydrate')).toBe('search')
    const served = screen.getByRole('searchbox', { name: 'Search the store' }) as HTMLInputElement
    // Typed before any script ran.
    served.value = 'cold'
    const handle = createKernelHandle()
    const { parts } = hydrateParts(container, window, PLUGIN_CATALOGUE, handle)
    await parts.get('header.search')
    expect(part?.hasAttribute('data-live')).toBe(true)
    expect(screen.getByRole('searchbox')).toBe(served)
    expect(served.value).toBe('cold')
    // Live: the clear button no longer waits for a replay, and answers.
    const clear = screen.getByRole('button', { name: /clear/i })
    expect(clear.hasAttribute('data-replay-pending')).toBe(false)
    // Nothing was drawn differently from the server's HTML.
    expect(warn.mock.calls.map((call: unknown[]) => String(call[0]))).not.toContainEqual(
      expect.stringMatching(/did not match|could not be hydrated/),
    )
    // The navigation bar too, from the navigation written into the page.
    await parts.get('header.nav')
    const nav = container.querySelector('[data-part="header.nav"]')
    expect(nav?.getAttribute('data-hydrate')).toBe('nav')
    expect(nav?.hasAttribute('data-live')).toBe(true)
    expect(screen.getByRole('link', { name: 'Brewers' }).getAttribute('href')).toBe('/brewers')
    // No kernel yet: the plain form answers Enter, and suggestions wait for the search service.
    expect(handle.current()).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()

    // The kernel joins the live part: the combobox takes over with the shopper's text.
    const { kernel } = createTestKernel([searchPlugin])
    act(() => handle.attach(kernel))
    const combobox = (await waitFor(() => screen.getByRole('combobox'))) as HTMLInputElement
    expect(combobox.value).toBe('cold')
  })

  it("draws the shell's logo, cart and modal layers once: hydrated from the brand's shell options, with no kernel, nothing drawn differently", async () => {
    const container = servedPage()
    const { parts } = hydrateParts(container, window, PLUGIN_CATALOGUE, createKernelHandle())
    for (const slot of ['header.logo', 'header.cart', 'header.sessionDialog']) {
      const part = container.querySelector<HTMLElement>(`[data-part="${slot}"]`)
      expect(part?.getAttribute('data-hydrate')).toBe('shell')
      const first = part?.firstElementChild
      await parts.get(slot)
      expect(part?.hasAttribute('data-live')).toBe(true)
      // The very element the page server drew.
      expect(part?.firstElementChild).toBe(first)
    }
    // The brand's name comes from its shell options (the brand file), the home label from the labels.
    expect(screen.getByRole('link', { name: 'Brewco – Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart')
    expect(warn.mock.calls.map((call: unknown[]) => String(call[0]))).not.toContainEqual(
      expect.stringMatching(/did not match|could not be hydrated/),
    )
  })

  it.each([
    ['a visitor', { signedIn: false, firstName: '' }, 'Join', '/brewco-rewards'],
    [
      'a perks member',
      { signedIn: true, firstName: 'Ada', perksMember: true },
      'Perks',
      '/my-account/loyalty',
    ],
  ])(
    'draws the loyalty control once for %s: hydrated before the kernel from the decoded options and the served shopper',
    async (_, shopper, title, href) => {
      // The programme runs (site configuration, header spec §3).
      const entry = [
        { key: 'loyalty.program.enabled', value: 'true' },
        { key: 'loyalty.global.toggle', value: 'true' },
      ]
      const site = { ...(REQUEST.bodies.site as object), siteConfigurations: { entry } }
      const container = servedPage(
        renderFirstView({ ...REQUEST, bodies: { ...REQUEST.bodies, site }, shopper }),
      )
      const part = container.querySelector<HTMLElement>('[data-part="header.loyalty"]')
      expect(part?.getAttribute('data-hydrate')).toBe('loyalty')
      const link = part?.querySelector('a')
      const { parts } = hydrateParts(container, window, PLUGIN_CATALOGUE, createKernelHandle())
      await parts.get('header.loyalty')
      expect(part?.hasAttribute('data-live')).toBe(true)
      expect(part?.querySelector('a')).toBe(link)
      // The programme page is the loyalty options' default, which the page server decoded.
      expect(link?.getAttribute('href')).toBe(href)
      expect(link?.textContent).toContain(title)
      expect(warn.mock.calls.map((call: unknown[]) => String(call[0]))).not.toContainEqual(
        expect.stringMatching(/did not match|could not be hydrated/),
      )
    },
  )

  it("draws the signed-in customer's site-notice row once: the reserved row, live before the kernel, at its height", async () => {
    const shopper = { signedIn: true, firstName: 'Ada' }
    const rows = { ...REQUEST.rows, siteNotice: true }
    const container = servedPage(renderFirstView({ ...REQUEST, rows, shopper }))
    // The host page names the rows it reserved on the container, as the page server wrote it.
    container.dataset.rows = 'sitenotice'
    const part = container.querySelector<HTMLElement>('[data-part="header.siteNotice"]')
    expect(part?.getAttribute('data-hydrate')).toBe('auth')
    const row = part?.querySelector('[data-reserved-row="sitenotice"]')
    expect(row).toBeTruthy()
    const { parts } = hydrateParts(container, window, PLUGIN_CATALOGUE, createKernelHandle())
    await parts.get('header.siteNotice')
    expect(part?.hasAttribute('data-live')).toBe(true)
    expect(part?.querySelector('[data-reserved-row="sitenotice"]')).toBe(row)
    expect(warn.mock.calls.map((call: unknown[]) => String(call[0]))).not.toContainEqual(
      expect.stringMatching(/did not match|could not be hydrated/),
    )
  })

  it("draws the shell's three rows once: the served CMS HTML kept as it is, controls live or keeping their presses, the live content once the kernel has it", async () => {
    const paragraph = (uid: string, content: string) => ({
      typeCode: 'CMSParagraphComponent',
      uid,
      visible: 'true',
      content,
      horizontalAlignment: 'LEFT',
    })
    const slot = (position: string, content: string) => ({
      position,
      components: { component: [paragraph(position, content)] },
    })
    const page = {
      contentSlots: {
        contentSlot: [
          slot('GlobalNotificationSlot', '<p>Free shipping weekend™</p>'),
          slot('HeaderPromoSlot', '<p>Take the quiz</p>'),
        ],
      },
    }
    const rows = { eyebrow: true, notification: true, siteNotice: false, promo: true }
    const container = servedPage(renderFirstView({ ...REQUEST, bodies: { ...REQUEST.bodies, page }, rows }))
    // The rows the host page reserved, as the page server writes them on the container.
    container.dataset.rows = 'eyebrow notification promo'
    const box = (name: string) => container.querySelector<HTMLElement>(`[data-part="${name}"]`)
    const notice = box('shell.top')?.querySelector('[data-cms-slot="GlobalNotificationSlot"]')
    const promo = box('shell.promo')?.querySelector('[data-cms-slot="HeaderPromoSlot"]')
    const terms = box('shell.utility')?.querySelector('button')
    const handle = createKernelHandle()
    const { parts } = hydrateParts(container, window, PLUGIN_CATALOGUE, handle)
    for (const name of ['shell.top', 'shell.utility', 'shell.promo']) {
      expect(box(name)?.getAttribute('data-hydrate')).toBe('shell')
      await parts.get(name)
      expect(box(name)?.hasAttribute('data-live')).toBe(true)
      // Its time to live is marked as it goes live, not when the kernel joins (real-user measures).
      expect(performance.getEntriesByName(`one-header:live:${name}`)).toHaveLength(1)
    }
    // The very elements the page server drew, the sanitised HTML in them as it was (™ as superscript).
    expect(box('shell.top')?.querySelector('[data-cms-slot="GlobalNotificationSlot"]')).toBe(notice)
    expect(notice?.querySelector('p')?.innerHTML).toBe('Free shipping weekend<sup>™</sup>')
    expect(box('shell.promo')?.querySelector('[data-cms-slot="HeaderPromoSlot"]')).toBe(promo)
    expect(promo?.textContent).toBe('Take the quiz')
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe(
      '#main-content',
    )
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/content/contact-us')
    // The terms popover needs no kernel: its button is live once hydrated. The app banner's dismiss
    // writes a cookie: its press is kept until the kernel is there.
    expect(box('shell.utility')?.querySelector('button')).toBe(terms)
    expect(terms?.hasAttribute('data-replay-pending')).toBe(false)
    const dismiss = screen.getByRole('button', { name: 'Dismiss the app banner' })
    expect(dismiss.hasAttribute('data-replay-pending')).toBe(true)
    expect(warn.mock.calls.map((call: unknown[]) => String(call[0]))).not.toContainEqual(
      expect.stringMatching(/did not match|could not be hydrated/),
    )

    // The kernel joins with the live header content, which has changed since the page was served.
    const live = {
      contentSlots: { contentSlot: [slot('HeaderPromoSlot', '<p>The quiz is back</p>')] },
    }
    const { kernel } = createTestKernel([], {
      context: { siteConfig: parseSiteConfig([{ key: 'mobile.app.eyebrow.banner.enabled', value: 'true' }]) },
      headerData: {
        page$: stateStream(new BehaviorSubject({ status: 'success' as const, data: live })),
        navigation$: stateStream(new BehaviorSubject({ status: 'loading' as const })),
      } as never,
    })
    act(() => handle.attach(kernel))
    await waitFor(() =>
      expect(box('shell.promo')?.querySelector('[data-cms-slot="HeaderPromoSlot"]')?.textContent).toBe(
        'The quiz is back',
      ),
    )
    // The live answer has no notification: the row goes. The dismiss button is live.
    expect(box('shell.top')?.querySelector('[data-cms-slot]')).toBeNull()
    const liveDismiss = screen.getByRole('button', { name: 'Dismiss the app banner' })
    expect(liveDismiss).toBe(dismiss)
    expect(liveDismiss.hasAttribute('data-replay-pending')).toBe(false)
  })

  it('without the served state, or when its code does not load, stays served for the take-over to mount', async () => {
    const html = renderFirstView(REQUEST).replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')
    const noState = servedPage(html)
    const first = hydrateParts(noState, window, PLUGIN_CATALOGUE, createKernelHandle())
    await expect(first.parts.get('header.search')).rejects.toThrow(/no served state/)
    expect(noState.querySelector('[data-part="header.search"]')?.hasAttribute('data-hydrate')).toBe(false)
    document.body.innerHTML = ''

    const failing = servedPage()
    const catalogue = {
      ...PLUGIN_CATALOGUE,
      search: { ...PLUGIN_CATALOGUE.search, firstView: () => Promise.reject(new Error('chunk failed')) },
    }
    const second = hydrateParts(failing, window, catalogue, createKernelHandle())
    await expect(second.parts.get('header.search')).rejects.toThrow(/did not load/)
    const part = failing.querySelector('[data-part="header.search"]')
    expect(part?.hasAttribute('data-hydrate')).toBe(false)
    expect(part?.hasAttribute('data-live')).toBe(false)
    // The served form is still there and working as HTML.
    expect(screen.getByRole('searchbox').closest('form')?.getAttribute('action')).toBe('/search')
  })
})
