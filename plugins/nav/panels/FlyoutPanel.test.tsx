// @vitest-environment jsdom
import { act, cleanup, render, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NavComponent } from '../../../contracts/cms'
import { agentSessionRef } from '../../../contracts/serviceRefs'
import { definePlugin } from '../../../kernel/plugin/definePlugin'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { provide } from '../../../kernel/services/serviceRef'
import { isSameOriginPath } from '../../../site/safePath'
import { createTestKernel } from '../../../test/createTestKernel'
import { FlyoutPanel } from './FlyoutPanel'
import {
  BEVERAGES,
  BUSINESS_SOLUTIONS,
  COMMERCIAL_SHOP,
  component,
  HOT_BREWERS,
  item,
  RECIPES,
  STARTER_KIT,
} from './panelFixtures'

/** Renders the panel of `nav`; `agent`: the auth plugin's answer (undefined: no auth plugin at all). */
function renderPanel(
  nav: NavComponent,
  { agent, focusOnOpen }: { agent?: boolean; focusOnOpen?: boolean } = {},
) {
  const auth = definePlugin({
    id: 'auth',
    services: [provide(agentSessionRef, {}, () => () => agent === true)],
  })
  const { kernel } = createTestKernel(agent === undefined ? [] : [auth])
  render(
    <KernelProvider kernel={kernel}>
      <FlyoutPanel
        uid="Item"
        name="Menu"
        component={nav}
        back="Back to"
        closing={false}
        onBack={() => {}}
        {...(focusOnOpen === undefined ? {} : { focusOnOpen })}
      />
    </KernelProvider>,
  )
  return document.getElementById('oh-flyout-Item') as HTMLElement
}

const part = (panel: HTMLElement, name: string) => panel.querySelector<HTMLElement>(`[data-part="${name}"]`)
const link = (panel: HTMLElement, name: string | RegExp) => within(panel).getByRole('link', { name })
const imageOf = (el: Element) => {
  const img = el.querySelector('img')
  return (
    img && {
      src: img.getAttribute('src'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      alt: img.getAttribute('alt'),
      loading: img.getAttribute('loading'),
      decoding: img.getAttribute('decoding'),
    }
  )
}
const lazy = (src: string, width: number, height: number, alt = '') => ({
  src,
  width: String(width),
  height: String(height),
  alt,
  loading: 'lazy',
  decoding: 'async',
})
const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width })
}

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  setWidth(1440)
})

describe('flyout panel cards (nav spec §2: each mode its own look)', () => {
  it('LOW_IMPORTANCE: a text link; SECTION_HEADER_LINK a heading link, SECTION_HEADER_NOLINK a caption', () => {
    const panel = renderPanel(BEVERAGES)
    expect(link(panel, 'Light roast').getAttribute('href')).toBe('/c/light')
    expect(link(panel, 'Light roast').querySelector('img')).toBeNull()
    expect(
      within(panel).getByRole('heading', { name: 'Coffee' }).querySelector('a')?.getAttribute('href'),
    ).toBe('/c/coffee')
    expect(within(panel).getByRole('heading', { name: 'More drinks' }).querySelector('a')).toBeNull()
  })

  it('MEDIUM_IMPORTANCE: the round-image product link, 115 by 115, lazy, decorative beside its name', () => {
    expect(imageOf(link(part(renderPanel(BEVERAGES), 'body') as HTMLElement, 'Brewco'))).toEqual(
      lazy('/media/nav/brand-brewco.png', 115, 115),
    )
  })

  it('LARGE_IMPORTANCE: 131 px over its name in the beverage layout; 110 px beside it in the recipe', () => {
    expect(imageOf(link(renderPanel(BEVERAGES), /^Coffee pods/))).toEqual(
      lazy('/media/nav/pods.png', 131, 131),
    )
    cleanup()
    expect(imageOf(link(renderPanel(RECIPES), 'Iced coffee'))).toEqual(lazy('/media/nav/iced.png', 110, 110))
  })

  it('LARGE_PRODUCT: the product card, 131 px; PRODUCT_SIMPLE: the round-image product link, 115 px', () => {
    const panel = renderPanel(HOT_BREWERS)
    expect(imageOf(link(panel, /^K-Elite/))).toEqual(lazy('/media/nav/k-elite.png', 131, 131))
    expect(imageOf(link(panel, 'K-Mini'))).toEqual(lazy('/media/nav/k-mini.png', 115, 115))
  })

  it('MEDIUM_IMPORTANCE without a picture: a plain link of its own look', () => {
    const panel = renderPanel(component('X', [item('Decaf', 'MEDIUM_IMPORTANCE')]))
    expect(link(panel, 'Decaf').querySelector('img')).toBeNull()
    expect(link(panel, 'Decaf').closest('ul')?.dataset.pictures).toBe('none')
  })

  it('PROMO: a call to action that only repeats the headline is not printed a second time (the card is the link)', () => {
    const panel = renderPanel(
      component('X', [
        item('Same', 'PROMO', {
          linkName: 'Free shipping over $150',
          label1: '<b>Free shipping</b> over $150',
          label2: 'On every business order',
          imageUrl: '/p.png',
        }),
        item('Own', 'PROMO', { linkName: 'Shop now', label1: 'Free shipping', imageUrl: '/q.png' }),
      ]),
    )
    expect(link(panel, /On every business order/).textContent).toBe(
      'Free shipping over $150On every business order',
    )
    expect(link(panel, /Shop now$/).textContent).toBe('Free shippingShop now')
  })

  it('PROMO: image variant on its side with its labels, text-only variant on its colour, picture-only variant named by its alt', () => {
    const panel = renderPanel(
      component('X', [
        item('Img', 'PROMO', {
          linkName: 'Shop now',
          label1: '<b>Save</b> 20%',
          label2: 'Today',
          imageUrl: '/p.png',
          position: 'right',
        }),
        item('Txt', 'PROMO', { linkName: 'Go', label1: 'Free shipping', backgroundColor: '#143d59' }),
        item('Pic', 'PROMO', { linkName: 'Brewer sale', imageUrl: '/sale.png' }),
      ]),
    )
    const image = link(panel, /Shop now$/)
    expect([image.dataset.variant, image.dataset.position, image.dataset.navClickType]).toEqual([
      'image',
      'right',
      'text',
    ])
    expect(image.querySelector('b')?.textContent).toBe('Save')
    expect(imageOf(image)).toEqual(lazy('/p.png', 360, 200))
    const text = link(panel, /Go$/)
    expect([text.dataset.variant, text.dataset.ink, text.style.backgroundColor]).toEqual([
      'text',
      'light',
      'rgb(20, 61, 89)',
    ])
    const picture = link(panel, 'Brewer sale')
    expect([picture.dataset.variant, picture.dataset.navClickType, picture.textContent]).toEqual([
      'picture',
      'icon',
      '',
    ])
    expect(imageOf(picture)).toEqual(lazy('/sale.png', 360, 200, 'Brewer sale'))
  })

  it('ARTICLE: picture and title as a link, its text, a learn-more button; the recipe’s position one first and wide', () => {
    const panel = renderPanel(RECIPES)
    const first = link(panel, 'Pumpkin spice latte')
    expect(imageOf(first)).toEqual(lazy('/media/nav/pumpkin.png', 231, 154))
    expect(first.parentElement?.dataset.first).toBe('true')
    expect(first.closest('ul')?.querySelector('li')?.contains(first)).toBe(true)
    const other = link(panel, 'Cold brew at home')
    expect(imageOf(other)).toEqual(lazy('/media/nav/cold-brew.png', 231, 154))
    expect(other.parentElement?.dataset.first).toBeUndefined()
    expect(within(panel).getByText('Smooth, slow and simple.')).toBeTruthy()
    const learnMore = within(panel).getAllByRole('link', { name: 'Learn more' })
    expect(learnMore.map((a) => a.getAttribute('href'))).toEqual(['/recipes/pumpkin', '/recipes/cold-brew'])
  })

  it('PRODUCT_DETAIL: 175 px picture, eyebrow, name, offer, description, primary button, secondary link, disclaimer', () => {
    const panel = renderPanel(STARTER_KIT)
    expect(imageOf(link(panel, 'Free brewer starter kit'))).toEqual(
      lazy('/media/nav/starter-kit.png', 210, 175),
    )
    const card = link(panel, 'Free brewer starter kit').parentElement as HTMLElement
    expect([...card.children].map((el) => el.textContent)).toEqual([
      'Best value',
      'Free brewer starter kit',
      'Brewer free with 4 boxes',
      'Choose 4 boxes of pods every month and the brewer is on us.',
      'Start nowHow it works',
      'Auto Delivery for 4 months required.',
    ])
    expect(link(panel, 'Start now').getAttribute('href')).toBe('/brewer-starter-kit?offer=free&start=1')
    expect(link(panel, 'How it works').getAttribute('href')).toBe('/brewer-starter-kit/how-it-works')
  })

  it('MAXPRO: an outer picture 479 px high with the 164 by 187 inner picture', () => {
    const card = link(renderPanel(COMMERCIAL_SHOP), /Brewco MaxPro/)
    expect([...card.querySelectorAll('img')].map((i) => [i.getAttribute('src'), i.width, i.height])).toEqual([
      ['/media/nav/maxpro-office.png', 360, 479],
      ['/media/nav/maxpro-brewer.png', 164, 187],
    ])
    expect(card.parentElement?.textContent).toContain('Built for busy offices')
  })

  it('the full-width promo sits below the columns of its five layouts', () => {
    const panel = renderPanel(HOT_BREWERS)
    expect(part(panel, 'promo')?.querySelector('a')?.getAttribute('href')).toBe('/deals/hotbrewers')
    expect(part(panel, 'body')?.querySelector('[data-variant]')).toBeNull()
  })
})

describe('flyout panel regions', () => {
  it('body, sidebar (header link, links, promos) and footer; the panel names its layout and side', () => {
    const panel = renderPanel(BEVERAGES)
    expect([panel.dataset.layout, panel.dataset.side]).toEqual(['beverage', 'left'])
    const sideBar = part(panel, 'sidebar') as HTMLElement
    // The promo names no header, so it leads the sidebar; then the header link and its links.
    expect(
      within(sideBar)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/coffee-auto-delivery', '/b/brands', '/b/brewco'])
    expect(within(part(panel, 'footer') as HTMLElement).getByRole('link').textContent).toBe('All beverages')
  })

  it('no footer, no sidebar when they would be empty; never an empty group', () => {
    const panel = renderPanel(
      component('X', [
        item('A', 'LOW_IMPORTANCE'),
        item('Empty', 'SECTION_HEADER_NOLINK'),
        item('Brand', 'SECTION_HEADER_NOLINK', { section: 'footer' }),
        item('Off', 'LOW_IMPORTANCE', { section: 'footer', linkUrl: 'https://evil.example/' }),
        item('SideOff', 'LOW_IMPORTANCE', { section: 'sidebar', visible: 'false' }),
      ]),
    )
    expect(part(panel, 'footer')).toBeNull()
    expect(part(panel, 'sidebar')).toBeNull()
    expect(within(panel).queryAllByRole('heading')).toEqual([])
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['A'])
  })

  it('draws nothing at all when the CMS gives nothing drawable', () => {
    expect(
      renderPanel(component('X', [item('Gone', 'LOW_IMPORTANCE', { linkUrl: 'javascript:x' })])),
    ).toBeNull()
  })
})

describe('focus when it opens', () => {
  it('focusOnOpen: its first link takes the focus as soon as it is drawn (opened from "More")', () => {
    const panel = renderPanel(BEVERAGES, { focusOnOpen: true })
    expect(document.activeElement).toBe(panel.querySelector('a[href]'))
  })

  it('otherwise the focus stays where it was (opened from its own button, or by hover)', () => {
    const before = document.activeElement
    renderPanel(BEVERAGES)
    expect(document.activeElement).toBe(before)
  })
})

describe('NOBO link bar (nav spec §6)', () => {
  it('for an agent: the NOBO links in a bar at the top of the body', () => {
    const panel = renderPanel(BEVERAGES, { agent: true })
    const bar = part(panel, 'nobo') as HTMLElement
    expect(bar.parentElement).toBe(part(panel, 'body'))
    expect(part(panel, 'body')?.firstElementChild).toBe(bar)
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['Place order for customer', '/nobo/order']])
  })

  it('without an agent, or without the auth plugin: no bar and no NOBO link anywhere', () => {
    for (const agent of [false, undefined]) {
      const panel = renderPanel(BEVERAGES, agent === undefined ? {} : { agent })
      expect(part(panel, 'nobo')).toBeNull()
      expect(within(panel).queryByRole('link', { name: 'Place order for customer' })).toBeNull()
      cleanup()
    }
  })
})

describe('recipe footer (nav spec §2, §9)', () => {
  const footerCards = () =>
    (part(document.body, 'footer')?.querySelectorAll('[data-mode="PROMO"]') ?? []).length

  it.each([
    [1000, 1],
    [1150, 2],
    [1250, 3],
    [1400, 4],
    [990, 1],
    [1099, 1],
    [1100, 2],
    [1180, 2],
    [1181, 3],
    [1300, 3],
    [1301, 4],
    [989, 4],
    [390, 4],
  ])('at %i px it shows %i of its 4 cards', (width, shown) => {
    setWidth(width)
    renderPanel(RECIPES)
    expect(footerCards()).toBe(shown)
    // Its low-importance links are not cards: always there.
    expect(
      within(part(document.body, 'footer') as HTMLElement).getByRole('link', { name: 'Every recipe' }),
    ).toBeTruthy()
  })

  it('inside the body on desktop (from 992 px), after it on phones and tablets', () => {
    setWidth(1440)
    const panel = renderPanel(RECIPES)
    expect(part(panel, 'footer')?.parentElement).toBe(part(panel, 'body'))
    cleanup()
    setWidth(991)
    const phone = renderPanel(RECIPES)
    expect(part(phone, 'footer')?.parentElement).toBe(phone)
  })

  it('re-counted while the window is resized, at most every 20 ms (nav spec §9)', () => {
    vi.useFakeTimers()
    setWidth(1400)
    renderPanel(RECIPES)
    expect(footerCards()).toBe(4)
    setWidth(1150)
    act(() => {
      window.dispatchEvent(new Event('resize'))
    })
    setWidth(1000)
    act(() => {
      window.dispatchEvent(new Event('resize'))
      // The spec's number, not the constant: the test fails when the constant moves off it.
      vi.advanceTimersByTime(19)
    })
    expect(footerCards()).toBe(4)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    // The last width counts: 1000 px, one card.
    expect(footerCards()).toBe(1)
  })

  it('other layouts show every footer card at any width', () => {
    setWidth(1000)
    const panel = renderPanel(
      component('BeveragesBarComponent', [
        item('A', 'LOW_IMPORTANCE'),
        ...[1, 2, 3].map((n) => item(`P${n}`, 'PROMO', { section: 'footer' })),
      ]),
    )
    expect(part(panel, 'footer')?.querySelectorAll('[data-mode="PROMO"]').length).toBe(3)
  })
})

describe('analytics data attributes (PREAMBLE contract, nav spec §7)', () => {
  const attrs = (a: Element) => ({
    location: a.getAttribute('data-nav-location'),
    component: a.getAttribute('data-nav-component'),
    header: a.getAttribute('data-nav-header'),
    clickType: a.getAttribute('data-nav-click-type'),
  })

  it('every link of every layout carries them: sub nav in the body, sidebar and footer from their section', () => {
    for (const nav of [BEVERAGES, RECIPES, HOT_BREWERS, COMMERCIAL_SHOP, BUSINESS_SOLUTIONS, STARTER_KIT]) {
      const panel = renderPanel(nav, { agent: true })
      for (const a of panel.querySelectorAll('a')) {
        const where = a.closest('[data-part]')?.getAttribute('data-part')
        const expected = where === 'sidebar' ? 'sidebar' : where === 'footer' ? 'footer' : 'sub nav'
        expect(attrs(a)).toMatchObject({
          location: expected,
          clickType: expect.stringMatching(/^(icon|text)$/),
        })
        expect(a.getAttribute('data-nav-component')).toMatch(/\S/)
      }
      cleanup()
    }
  })

  it('the component id, the header it sits under, and text or icon', () => {
    const panel = renderPanel(BEVERAGES, { agent: true })
    expect(attrs(link(panel, 'Light roast'))).toEqual({
      location: 'sub nav',
      component: 'Light',
      header: 'Coffee',
      clickType: 'text',
    })
    expect(
      attrs(within(panel).getByRole('heading', { name: 'Coffee' }).querySelector('a') as Element),
    ).toEqual({
      location: 'sub nav',
      component: 'CoffeeHeader',
      header: null,
      clickType: 'text',
    })
    expect(attrs(link(part(panel, 'body') as HTMLElement, 'Brewco'))).toMatchObject({ header: 'Coffee' })
    expect(
      attrs(within(part(panel, 'sidebar') as HTMLElement).getByRole('link', { name: 'Brewco' })),
    ).toEqual({
      location: 'sidebar',
      component: 'SideBrewco',
      header: 'Shop by brand',
      clickType: 'text',
    })
    expect(attrs(link(panel, 'All beverages'))).toEqual({
      location: 'footer',
      component: 'FooterAll',
      header: null,
      clickType: 'text',
    })
    expect(attrs(link(panel, 'Place order for customer'))).toMatchObject({
      location: 'sub nav',
      component: 'Agent',
    })
  })

  it('the deal-of-the-day header link reports its headerName', () => {
    const panel = renderPanel(
      component('X', [
        item('DealOfTheDayHeaderComponent', 'SECTION_HEADER_LINK', {
          linkName: 'Today only',
          headerName: 'Deal of the Day',
          linkUrl: '/deals/today',
        }),
      ]),
    )
    expect(attrs(link(panel, 'Today only'))).toEqual({
      location: 'sub nav',
      component: 'DealOfTheDayHeaderComponent',
      header: 'Deal of the Day',
      clickType: 'text',
    })
  })

  it('a picture-only promo is an icon click', () => {
    const panel = renderPanel(
      component('X', [item('Pic', 'PROMO', { linkName: 'Sale', imageUrl: '/s.png', section: 'footer' })]),
    )
    expect(attrs(link(panel, 'Sale'))).toEqual({
      location: 'footer',
      component: 'Pic',
      header: null,
      clickType: 'icon',
    })
  })
})

describe('pictures load only with the panel', () => {
  it('every picture has its size reserved, loads lazily and decodes asynchronously', () => {
    for (const nav of [BEVERAGES, RECIPES, HOT_BREWERS, COMMERCIAL_SHOP, STARTER_KIT]) {
      const panel = renderPanel(nav)
      const images = [...panel.querySelectorAll('img')]
      expect(images.length).toBeGreaterThan(0)
      for (const img of images) {
        expect(Number(img.getAttribute('width'))).toBeGreaterThan(0)
        expect(Number(img.getAttribute('height'))).toBeGreaterThan(0)
        expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async'])
        expect(img.hasAttribute('alt')).toBe(true)
        expect(isSameOriginPath(img.getAttribute('src'))).toBe(true)
      }
      cleanup()
    }
  })
})
