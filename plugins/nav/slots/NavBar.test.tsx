// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { NavComponent } from '../../../contracts/cms'
import type { HeaderData } from '../../../contracts/serviceRefs'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import navPlugin from '../index'
import { preloadFlyoutPanel } from './lazyFlyoutPanel'
import NavBar from './NavBar'
import {
  FLYOUT_BACK_CLOSE_MS,
  FLYOUT_HOVER_CLOSE_MS,
  FLYOUT_HOVER_OPEN_MS,
  HOVER_OPENS,
  PANEL_COVERS_SCREEN,
} from './useFlyouts'

const NAV: NavComponent[] = [
  {
    uid: 'BeveragesBarComponent',
    visible: 'true',
    highlighted: 'false',
    linkName: 'Beverages',
    url: '/c/beverages',
    navBarComponent: { uid: 'BeveragesBarComponent' },
    nextGenNavComponents: [
      {
        componentId: 'Coffee',
        mode: 'SECTION_HEADER_LINK',
        linkName: 'Coffee',
        linkUrl: '/c/coffee',
        section: 'body',
        visible: 'true',
      },
      {
        componentId: 'Pods',
        mode: 'LOW_IMPORTANCE',
        linkName: 'Coffee pods',
        linkUrl: '/c/coffee-pods',
        section: 'body',
        linkComponentId: 'Coffee',
        visible: 'true',
      },
    ],
  },
  {
    uid: 'RecipeBarComponent',
    visible: 'true',
    highlighted: 'false',
    linkName: 'Recipes',
    url: '/recipes',
    navBarComponent: { uid: 'RecipeBarComponent' },
    nextGenNavComponents: [
      {
        componentId: 'All',
        mode: 'LOW_IMPORTANCE',
        linkName: 'All recipes',
        linkUrl: '/recipes',
        section: 'footer',
        visible: 'true',
      },
    ],
  },
  { uid: 'DealsBarComponent', visible: 'true', highlighted: 'true', linkName: 'Deals', url: '/brewco-deals' },
]

function renderBar(navFlyoutEnabled = true, phone = false) {
  window.matchMedia = ((query: string) => ({
    matches: phone ? query === PANEL_COVERS_SCREEN : query === HOVER_OPENS,
    addEventListener() {},
    removeEventListener() {},
  })) as never
  const navigation: Resource<NavComponent[]> = { status: 'success', data: NAV }
  const headerData: HeaderData = {
    page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
    navigation$: stateStream(new BehaviorSubject(navigation)),
  } as HeaderData
  const { kernel } = createTestKernel([navPlugin], { siteConfig: { navFlyoutEnabled }, headerData })
  render(
    <KernelProvider kernel={kernel}>
      <NavBar />
    </KernelProvider>,
  )
}

const toggle = (name: string) => screen.getByRole('button', { name: `${name} menu` })
/**
 * A pointer entering or leaving an item as a browser reports it: the pointer event (its type), the
 * mouse event Floating UI's hover listens to and, on leaving, a move well away from the item and its
 * panel (off the safe triangle; jsdom lays nothing out, so every box is at 0,0).
 */
const pointer = (type: 'pointerEnter' | 'pointerLeave', el: Element, pointerType: string) => {
  fireEvent[type](el, { pointerType })
  if (pointerType !== 'mouse') return
  if (type === 'pointerEnter') {
    fireEvent.mouseEnter(el, { clientX: 1, clientY: 1 })
    // …and comes to rest there (Floating UI's restMs counts from the last move).
    fireEvent.mouseMove(el, { clientX: 2, clientY: 1 })
    return
  }
  fireEvent.mouseLeave(el, { clientX: 1, clientY: 1 })
  fireEvent.mouseMove(document, { clientX: 900, clientY: -500 })
}

// The panels' code loads on first intent (lazyFlyoutPanel.ts); here it is in before the tests, as
// after a shopper's first hover, so each test sees what opening does (lazyFlyoutPanel.test.tsx
// covers the wait before it is in).
beforeAll(() => preloadFlyoutPanel())
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('navigation flyouts (nav spec §2, WAI-ARIA disclosure navigation)', () => {
  it('site configuration header.cb.nav.flyout.enabled off: plain links, no buttons, no panels', () => {
    renderBar(false)
    expect(screen.getByRole('link', { name: 'Beverages' }).getAttribute('href')).toBe('/c/beverages')
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('on: an item with a panel is its link and a collapsed disclosure button; one without is a link alone', () => {
    renderBar()
    const button = toggle('Beverages')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.getAttribute('aria-controls')).toBe('oh-flyout-BeveragesBarComponent')
    expect(screen.getByRole('link', { name: 'Beverages' }).getAttribute('href')).toBe('/c/beverages')
    expect(screen.queryByRole('button', { name: 'Deals menu' })).toBeNull()
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).toBeNull()
  })

  it('the button toggles its panel; one panel at a time; recipes open on the right', () => {
    renderBar()
    fireEvent.click(toggle('Beverages'))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    const panel = document.getElementById('oh-flyout-BeveragesBarComponent')!
    expect(within(panel).getByRole('link', { name: 'Coffee' }).getAttribute('href')).toBe('/c/coffee')
    expect(within(panel).getByRole('link', { name: 'Coffee pods' }).getAttribute('href')).toBe(
      '/c/coffee-pods',
    )
    fireEvent.click(toggle('Recipes'))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    expect(document.getElementById('oh-flyout-RecipeBarComponent')?.getAttribute('data-side')).toBe('right')
    fireEvent.click(toggle('Recipes'))
    expect(document.getElementById('oh-flyout-RecipeBarComponent')).toBeNull()
  })

  it('the window narrowing below 992 px closes the open panel (the bar is hidden there; the phone menu shows it)', () => {
    let phone = false
    const listeners = new Set<() => void>()
    window.matchMedia = ((query: string) => ({
      get matches() {
        return phone ? query === PANEL_COVERS_SCREEN : query === HOVER_OPENS
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })) as never
    const { kernel } = createTestKernel([navPlugin], {
      siteConfig: { navFlyoutEnabled: true },
      headerData: {
        page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
        navigation$: stateStream(
          new BehaviorSubject<Resource<NavComponent[]>>({ status: 'success', data: NAV }),
        ),
      } as HeaderData,
    })
    render(
      <KernelProvider kernel={kernel}>
        <NavBar />
      </KernelProvider>,
    )
    fireEvent.click(toggle('Beverages'))
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).not.toBeNull()
    phone = true
    act(() => {
      for (const listener of listeners) listener()
    })
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).toBeNull()
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('Escape closes it and returns focus to its button', () => {
    renderBar()
    fireEvent.click(toggle('Beverages'))
    const link = screen.getByRole('link', { name: 'Coffee pods' })
    link.focus()
    fireEvent.keyDown(link, { key: 'Escape' })
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle('Beverages'))
  })

  it('focus leaving the item closes it; focus moving inside it does not', () => {
    renderBar()
    fireEvent.click(toggle('Beverages'))
    const inside = screen.getByRole('link', { name: 'Coffee' })
    fireEvent.blur(toggle('Beverages'), { relatedTarget: inside })
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    fireEvent.blur(inside, { relatedTarget: screen.getByRole('link', { name: 'Deals' }) })
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it(`a desktop pointer opens it after resting ${FLYOUT_HOVER_OPEN_MS} ms and closes it ${FLYOUT_HOVER_CLOSE_MS} ms after leaving`, () => {
    renderBar()
    const item = toggle('Beverages').closest('li')!
    pointer('pointerEnter', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS - 1))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    act(() => vi.advanceTimersByTime(1))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    // Crossing the gap to the panel: leaving and coming back in time keeps it open.
    pointer('pointerLeave', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_CLOSE_MS - 1))
    pointer('pointerEnter', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_CLOSE_MS))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    pointer('pointerLeave', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_CLOSE_MS))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    // Passing over an item does not open it.
    pointer('pointerEnter', item, 'mouse')
    act(() => vi.advanceTimersByTime(50))
    pointer('pointerLeave', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it(`a pointer moving over an item never opens it until it rests ${FLYOUT_HOVER_OPEN_MS} ms (hover intent)`, () => {
    renderBar()
    const item = toggle('Beverages').closest('li')!
    pointer('pointerEnter', item, 'mouse')
    // Crossing it slowly, a move every 40 ms for 320 ms: never at rest, never opened.
    for (let t = 0; t < 8; t++) {
      act(() => vi.advanceTimersByTime(40))
      fireEvent.mouseMove(item, { clientX: 3 + t, clientY: 1, movementX: 4, movementY: 0 })
    }
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    // It stops: open once it has rested.
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS - 1))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    act(() => vi.advanceTimersByTime(1))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
  })

  it('on touch the first tap on the item opens its panel instead of navigating; the second follows the link', () => {
    renderBar()
    const link = screen.getByRole('link', { name: 'Beverages' })
    fireEvent.pointerDown(link, { pointerType: 'touch' })
    expect(fireEvent.click(link)).toBe(false) // default prevented: no navigation
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    expect(fireEvent.click(link)).toBe(true)
  })

  it('a mouse click on the item’s link always follows it; so does Enter after a tap', () => {
    renderBar()
    const link = screen.getByRole('link', { name: 'Beverages' })
    fireEvent.pointerDown(link, { pointerType: 'mouse' })
    expect(fireEvent.click(link)).toBe(true)
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Recipes' }), { pointerType: 'touch' })
    fireEvent.keyDown(link, { key: 'Enter' })
    expect(fireEvent.click(link)).toBe(true)
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('a click on the button of a panel the pointer has just opened keeps it open; the next click closes it', () => {
    renderBar()
    const item = toggle('Beverages').closest('li')!
    pointer('pointerEnter', item, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    fireEvent.click(toggle('Beverages'))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle('Beverages'))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('crossing another item on the way out still closes the open panel, and opens nothing', () => {
    renderBar()
    const beverages = toggle('Beverages').closest('li')!
    const recipes = toggle('Recipes').closest('li')!
    pointer('pointerEnter', beverages, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    pointer('pointerLeave', beverages, 'mouse')
    pointer('pointerEnter', recipes, 'mouse')
    act(() => vi.advanceTimersByTime(50))
    pointer('pointerLeave', recipes, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_CLOSE_MS))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    expect(toggle('Recipes').getAttribute('aria-expanded')).toBe('false')
    // Resting on the other item moves the panel there.
    pointer('pointerEnter', beverages, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    pointer('pointerLeave', beverages, 'mouse')
    pointer('pointerEnter', recipes, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    expect(toggle('Recipes').getAttribute('aria-expanded')).toBe('true')
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('below 992 px a mouse resting on an item opens nothing (the panel there covers the screen)', () => {
    renderBar(true, true)
    pointer('pointerEnter', toggle('Beverages').closest('li')!, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS * 2))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('Escape closes a panel the pointer opened, focus staying where it was', () => {
    renderBar()
    const search = document.body.appendChild(document.createElement('input'))
    search.focus()
    pointer('pointerEnter', toggle('Beverages').closest('li')!, 'mouse')
    act(() => vi.advanceTimersByTime(FLYOUT_HOVER_OPEN_MS))
    fireEvent.keyDown(search, { key: 'Escape' })
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(search)
    search.remove()
  })

  it('a press outside the open item closes it; one inside its panel does not', () => {
    renderBar()
    fireEvent.click(toggle('Beverages'))
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Coffee pods' }))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Deals' }))
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
  })

  it('scrolling the page by more than the panel’s height closes it', () => {
    renderBar()
    fireEvent.click(toggle('Beverages'))
    Object.defineProperty(document.getElementById('oh-flyout-BeveragesBarComponent')!, 'offsetHeight', {
      value: 200,
    })
    window.scrollY = 150
    fireEvent.scroll(window)
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('true')
    window.scrollY = 201
    fireEvent.scroll(window)
    expect(toggle('Beverages').getAttribute('aria-expanded')).toBe('false')
    window.scrollY = 0
  })

  it(`phones: focus goes to the back button; back slides it out and clears it ${FLYOUT_BACK_CLOSE_MS} ms later, focus on its button`, () => {
    renderBar(true, true)
    fireEvent.click(toggle('Beverages'))
    // jsdom applies the desktop CSS, where the back button is not displayed: found by its place.
    const back = document.querySelector<HTMLElement>('#oh-flyout-BeveragesBarComponent > button')!
    expect(back.textContent).toBe('Back to Beverages')
    expect(document.activeElement).toBe(back)
    fireEvent.click(back)
    const panel = document.getElementById('oh-flyout-BeveragesBarComponent')!
    expect(panel.getAttribute('data-closing')).toBe('true')
    act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS - 1))
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).toBeNull()
    expect(document.activeElement).toBe(toggle('Beverages'))
  })

  it('phones: another menu opened while one slides out opens whole, and the first one later too', () => {
    renderBar(true, true)
    fireEvent.click(toggle('Beverages'))
    fireEvent.click(document.querySelector<HTMLElement>('#oh-flyout-BeveragesBarComponent > button')!)
    fireEvent.click(toggle('Recipes'))
    act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS))
    const recipes = document.getElementById('oh-flyout-RecipeBarComponent')
    expect(recipes?.hasAttribute('data-closing')).toBe(false)
    fireEvent.click(toggle('Beverages'))
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')?.hasAttribute('data-closing')).toBe(
      false,
    )
  })
})
