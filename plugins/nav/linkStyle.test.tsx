// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NavComponent } from '../../contracts/cms'
import { labelsFrom } from '../../contracts/labels'
import type { LogInput } from '../../contracts/logRecord'
import { type HeaderData, type Logger, loggerRef } from '../../contracts/serviceRefs'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import { bindService } from '../../kernel/services/serviceBinding'
import type { Resource } from '../../kernel/state/resource'
import { stateStream } from '../../kernel/state/stateStream'
import { createTestKernel } from '../../test/createTestKernel'
import navPlugin from './index'
import { BAR_BACKGROUNDS, BRAND_LINK_COLOUR, linkStyleOf, NAV_ICON_NAMES } from './linkStyle'
import NavBar from './slots/NavBar'
import { MoreView, NavBarView } from './slots/NavBarView'
import { HOVER_OPENS } from './slots/useFlyouts'
import { visibleTopLevelItems } from './visibleItems'

afterEach(cleanup)

const item = (
  uid: string,
  name: string,
  link: Partial<NonNullable<NavComponent['link']>> = {},
): NavComponent => ({
  uid,
  visible: 'true',
  highlighted: 'false',
  link: { linkName: name, url: `/${uid.toLowerCase()}`, ...link },
})
const NAV: NavComponent[] = [
  item('Beverages', 'Beverages'),
  item('Deals', 'Deals', { linkColor: '#b3261e', linkIcon: 'tag' }),
  item('New', 'New', { linkColor: '#ff9900', linkIcon: 'star' }),
  item('Gifts', 'Gifts', { linkColor: 'red', linkIcon: '<img src=x onerror=alert(1)>' }),
]
const labels = labelsFrom([])

describe('a navigation link’s colour and icon (header spec §3 linkColor, linkIcon)', () => {
  it('keeps a plain colour with AA contrast on every background of the bar, as #rrggbb', () => {
    expect(linkStyleOf('Deals', { linkColor: '#B3261E' })).toEqual({ color: '#b3261e', problems: [] })
    expect(linkStyleOf('Deals', { linkColor: 'rgb(11, 93, 63)' })).toEqual({ color: '#0b5d3f', problems: [] })
  })

  it('draws a colour below 4.5:1 on the bar, or one it cannot read, in the brand’s colour, and says why', () => {
    // #767676 is 4.54:1 on white but 4.0:1 on the grey page and the hover tint.
    for (const linkColor of ['#ff9900', '#767676', 'red', 'var(--x)', 'url(javascript:alert(1))', '#0000']) {
      const style = linkStyleOf('Deals', { linkColor })
      expect(style.color, linkColor).toBe(BRAND_LINK_COLOUR)
      expect(style.problems, linkColor).toHaveLength(1)
    }
    expect(linkStyleOf('Deals', { linkColor: '#ff9900' }).problems[0]).toMatch(
      /1\.78:1 contrast on the bar, below AA/,
    )
    expect(BRAND_LINK_COLOUR).toBe('var(--oh-accent-strong)')
  })

  it('draws an icon from its own set only; any other name (an address, markup) is no icon, and said', () => {
    expect(NAV_ICON_NAMES).toEqual(['tag', 'star', 'gift', 'leaf', 'flame'])
    for (const linkIcon of NAV_ICON_NAMES)
      expect(linkStyleOf('x', { linkIcon })).toEqual({ icon: linkIcon, problems: [] })
    for (const linkIcon of ['https://cdn.example/tag.svg', '<svg onload=alert(1)>', 'Tag', 'constructor']) {
      const style = linkStyleOf('x', { linkIcon })
      expect(style.icon, linkIcon).toBeUndefined()
      expect(style.problems[0], linkIcon).toMatch(/is not one of tag, star, gift, leaf, flame/)
    }
    expect(linkStyleOf('x', undefined)).toEqual({ problems: [] })
  })

  it('checks against the shell’s own backgrounds: white and grey pages, every brand’s hover tint', () => {
    const sheet = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../site/headerLayout.module.css'),
      'utf8',
    )
    const values = (name: string) =>
      [...sheet.matchAll(new RegExp(`--oh-${name}:\\s*(#[0-9a-f]{6})`, 'gi'))].map((m) => m[1]?.toLowerCase())
    const used = new Set([...values('bg'), ...values('grey'), ...values('hover')])
    expect(used.size).toBeGreaterThan(0)
    expect([...used].sort()).toEqual([...BAR_BACKGROUNDS].sort())
  })

  it('is drawn the same by the served bar and in "More": the colour on the link, the icon before the name', () => {
    const items = visibleTopLevelItems(NAV)
    // The served bar is the pure view the page server renders; "More" with its list open.
    const served = render(<NavBarView labels={labels} items={items} />).container
    const more = render(
      <MoreView
        label="More"
        items={items}
        live={{
          open: true,
          unneeded: false,
          areaRef: null,
          buttonRef: null,
          onToggle: () => {},
          openPanel: undefined,
          onOpenPanel: () => {},
          onKeyDown: () => {},
          onBlur: () => {},
        }}
      />,
    ).container
    for (const root of [served, more]) {
      const link = (name: string) => within(root).getByRole('link', { name })
      expect(link('Deals').style.color).toBe('rgb(179, 38, 30)')
      expect(link('Deals').querySelector('svg[data-nav-icon="tag"][aria-hidden="true"]')).not.toBeNull()
      expect(link('New').style.color).toBe('var(--oh-accent-strong)')
      expect(link('New').querySelector('svg[data-nav-icon="star"]')).not.toBeNull()
      expect(link('Gifts').style.color).toBe('var(--oh-accent-strong)')
      expect(link('Gifts').querySelector('svg, img')).toBeNull()
      expect(link('Beverages').getAttribute('style')).toBeNull()
      expect(link('Beverages').querySelector('svg')).toBeNull()
      // Nothing from the icon's name reached the page.
      expect(root.innerHTML).not.toContain('onerror')
    }
  })
})

function kernelWith(logger?: Logger) {
  const navigation: Resource<NavComponent[]> = { status: 'success', data: NAV }
  const headerData = {
    page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
    navigation$: stateStream(new BehaviorSubject(navigation)),
  } as HeaderData
  return createTestKernel([navPlugin], {
    headerData,
    ...(logger ? { services: [bindService(loggerRef, logger)] } : {}),
  }).kernel
}

describe('the live bar and the phone menu', () => {
  it('draw the live bar’s links and the phone menu’s rows in the same colour with the same icon', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === HOVER_OPENS,
      addEventListener() {},
      removeEventListener() {},
    })) as never
    const kernel = kernelWith()
    await act(async () => {
      render(
        <KernelProvider kernel={kernel}>
          <NavBar />
          <div role="dialog" aria-modal="true" aria-label="Menu">
            <Slot name="header.mobileMenu.categories" />
          </div>
        </KernelProvider>,
      )
    })
    await act(() => vi.dynamicImportSettled())
    const bar = screen.getAllByRole('navigation')[0]!
    const phone = within(screen.getByRole('dialog')).getByRole('navigation')
    for (const root of [bar, phone]) {
      const deals = within(root).getByRole('link', { name: 'Deals' })
      expect(deals.style.color).toBe('rgb(179, 38, 30)')
      expect(deals.querySelector('svg[data-nav-icon="tag"]')).not.toBeNull()
      expect(within(root).getByRole('link', { name: 'New' }).style.color).toBe('var(--oh-accent-strong)')
      expect(within(root).getByRole('link', { name: 'Gifts' }).querySelector('svg')).toBeNull()
    }
  })

  it('logs each colour or icon it could not draw as asked once, with the plugin’s log', async () => {
    const written: LogInput[] = []
    const logger: Logger = { log: (input) => written.push(input), addSink: () => () => {} }
    const kernel = kernelWith(logger)
    const view = (
      <KernelProvider kernel={kernel}>
        <NavBar />
      </KernelProvider>
    )
    let rerender: (ui: React.ReactNode) => void = () => {}
    await act(async () => {
      rerender = render(view).rerender
    })
    await act(async () => rerender(view))
    const style = written.filter((w) => w.eventType === 'NAV_LINK_STYLE')
    expect(style.map((w) => w.message)).toEqual([
      "nav: item New: linkColor '#ff9900' has 1.78:1 contrast on the bar, below AA (4.5:1); drawn in the brand's colour",
      "nav: item Gifts: linkColor 'red' is not a plain opaque colour; drawn in the brand's colour",
      "nav: item Gifts: linkIcon '<img src=x onerror=alert(1)>' is not one of tag, star, gift, leaf, flame; drawn without an icon",
    ])
    expect(style.every((w) => w.logCategory === 'LOW')).toBe(true)
  })
})
