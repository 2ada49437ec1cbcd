// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type NavComponent, SUPPORT_LINK_UID } from '../../../contracts/cms'
import type { HeaderData } from '../../../contracts/serviceRefs'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import navPlugin from '../index'
import { FLYOUT_BACK_CLOSE_MS } from '../slots/useFlyouts'

const panelOf = (componentId: string, linkName: string) => ({
  nextGenNavComponents: [
    {
      componentId,
      mode: 'LOW_IMPORTANCE',
      linkName,
      linkUrl: `/c/${componentId}`,
      section: 'body',
      visible: 'true',
    },
  ],
})

const NAV: NavComponent[] = [
  {
    uid: 'BeveragesBarComponent',
    visible: 'true',
    highlighted: 'false',
    linkName: 'Beverages',
    url: '/c/beverages',
    navBarComponent: { uid: 'BeveragesBarComponent' },
    ...panelOf('Pods', 'Coffee pods'),
  },
  {
    uid: 'SustainabilityBarComponent',
    visible: 'true',
    highlighted: 'false',
    linkName: 'Développement durable et recyclage des capsules',
    url: '/durabilite',
    navBarComponent: { uid: 'SustainabilityBarComponent' },
    ...panelOf('Recycle', 'Recyclage'),
  },
  { uid: 'HiddenBarComponent', visible: 'false', highlighted: 'false', linkName: 'Hidden', url: '/hidden' },
  { uid: SUPPORT_LINK_UID, visible: 'true', highlighted: 'false', linkName: 'Support', url: '/support' },
  { uid: 'DealsBarComponent', visible: 'true', highlighted: 'true', linkName: 'Deals', url: '/brewco-deals' },
]

/** The categories' nested slot as the phone menu's dialog renders it: after its head, before the account part. */
async function renderMenu({ navFlyoutEnabled = true } = {}) {
  const navigation: Resource<NavComponent[]> = { status: 'success', data: NAV }
  const headerData = {
    page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
    navigation$: stateStream(new BehaviorSubject(navigation)),
  } as HeaderData
  const { kernel, faults } = createTestKernel([navPlugin], { siteConfig: { navFlyoutEnabled }, headerData })
  await act(async () => {
    render(
      <KernelProvider kernel={kernel}>
        <div role="dialog" aria-modal="true" aria-label="Menu">
          <button type="button">Close menu</button>
          <Slot name="header.mobileMenu.categories" />
          <nav aria-label="Account">
            <a href="/account">My Account</a>
          </nav>
        </div>
      </KernelProvider>,
    )
  })
  // The slot's code (lazySlot) arrives in its own chunk.
  await act(() => vi.dynamicImportSettled())
  const dialog = screen.getByRole('dialog')
  // jsdom lays nothing out: the dialog's scroll position is a plain number here.
  let scrollTop = 0
  Object.defineProperty(dialog, 'scrollTop', {
    get: () => scrollTop,
    set: (value: number) => {
      scrollTop = value
    },
  })
  return { dialog, faults }
}

const row = (name: string) => screen.getByRole('button', { name })
/** The panel's back button, "Back to" and the menu's name (jsdom's name computation drops the space). */
const backButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^Back to\\s*${name}$`) })

async function openPanel(name: string) {
  await act(async () => {
    fireEvent.click(row(name))
  })
  // The panel's code arrives on first intent.
  await act(() => vi.dynamicImportSettled())
  return backButton(name)
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the phone menu’s categories (nav spec §2, §4, §9)', () => {
  it('lists the visible top-level items in order, without the support link; panel-less ones are plain links', async () => {
    const { dialog, faults } = await renderMenu()
    const rows = within(dialog).getAllByRole('listitem')
    expect(rows.map((li) => li.textContent)).toEqual([
      'Beverages',
      'Développement durable et recyclage des capsules',
      'Deals',
    ])
    expect(row('Beverages').getAttribute('aria-expanded')).toBe('false')
    expect(row('Beverages').hasAttribute('aria-controls')).toBe(false)
    const deals = within(dialog).getByRole('link', { name: 'Deals' })
    expect(deals.getAttribute('href')).toBe('/brewco-deals')
    expect(within(dialog).queryByRole('button', { name: 'Deals' })).toBeNull()
    expect(faults).toEqual([])
  })

  it('comes before what follows it in the dialog (the account part)', async () => {
    const { dialog } = await renderMenu()
    const focusables = [...dialog.querySelectorAll('a, button')].map((el) => el.textContent)
    expect(focusables).toEqual([
      'Close menu',
      'Beverages',
      'Développement durable et recyclage des capsules',
      'Deals',
      'My Account',
    ])
  })

  it('with flyouts switched off in the site configuration every category is a link', async () => {
    const { dialog } = await renderMenu({ navFlyoutEnabled: false })
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/c/beverages', '/durabilite', '/brewco-deals', '/account'])
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close menu'])
  })

  it('every row carries the analytics attributes of a top-level item', async () => {
    await renderMenu()
    for (const [el, uid] of [
      [row('Beverages'), 'BeveragesBarComponent'],
      [screen.getByRole('link', { name: 'Deals' }), 'DealsBarComponent'],
    ] as const) {
      expect(el.dataset.navLocation).toBe('top nav')
      expect(el.dataset.navComponent).toBe(uid)
      expect(el.dataset.navClickType).toBe('text')
      expect(el.hasAttribute('data-nav-header')).toBe(false)
    }
  })

  it('a category opens its panel, its back button naming the menu is focused, and the rest of the dialog is inert', async () => {
    const { dialog } = await renderMenu()
    const back = await openPanel('Beverages')
    expect(row('Beverages').getAttribute('aria-expanded')).toBe('true')
    const controlled = document.getElementById(row('Beverages').getAttribute('aria-controls') ?? '')
    expect(controlled?.contains(back)).toBe(true)
    expect(within(controlled!).getByRole('link', { name: 'Coffee pods' })).toBeTruthy()
    expect(document.activeElement).toBe(back)
    const inert = [...dialog.querySelectorAll('[inert]')]
    for (const el of [
      within(dialog).getByText('Close menu'),
      document.getElementById('oh-phone-category-BeveragesBarComponent')!,
      within(dialog).getByText('Deals'),
      within(dialog).getByText('My Account'),
    ]) {
      expect(inert.some((i) => i.contains(el))).toBe(true)
    }
    expect(inert.some((i) => i.contains(back))).toBe(false)
  })

  it(`back: closing at once, and exactly ${FLYOUT_BACK_CLOSE_MS} ms later the selection clears, the dialog is at the top and focus is on the category`, async () => {
    const { dialog } = await renderMenu()
    const back = await openPanel('Développement durable et recyclage des capsules')
    const panel = back.closest('[data-side]')!
    dialog.scrollTop = 240
    fireEvent.click(back)
    expect(panel.hasAttribute('data-closing')).toBe(true)
    act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS - 1))
    expect(panel.isConnected).toBe(true)
    expect(dialog.scrollTop).toBe(240)
    act(() => vi.advanceTimersByTime(1))
    expect(panel.isConnected).toBe(false)
    const category = row('Développement durable et recyclage des capsules')
    expect(category.getAttribute('aria-expanded')).toBe('false')
    expect(dialog.scrollTop).toBe(0)
    expect(document.activeElement).toBe(category)
    expect(dialog.querySelector('[inert]')).toBeNull()
  })

  it('a second back during the slide-out changes nothing; the category opens again afterwards', async () => {
    await renderMenu()
    const back = await openPanel('Beverages')
    fireEvent.click(back)
    act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS - 100))
    fireEvent.click(back)
    act(() => vi.advanceTimersByTime(100))
    expect(document.activeElement).toBe(row('Beverages'))
    expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull()
    const again = await openPanel('Beverages')
    expect(again.closest('[data-side]')?.hasAttribute('data-closing')).toBe(false)
    fireEvent.click(again)
    act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS))
    expect(document.activeElement).toBe(row('Beverages'))
  })

  it('Escape with a panel open goes back and never reaches the dialog; with none open it does', async () => {
    const { dialog } = await renderMenu()
    const reachedDialog = vi.fn()
    document.addEventListener('keydown', reachedDialog)
    try {
      const back = await openPanel('Beverages')
      fireEvent.keyDown(back, { key: 'Escape' })
      expect(back.closest('[data-side]')?.hasAttribute('data-closing')).toBe(true)
      // Focus may sit on the dialog itself (a press on the panel's background): still the panel's key.
      fireEvent.keyDown(dialog, { key: 'Escape' })
      expect(reachedDialog).not.toHaveBeenCalled()
      act(() => vi.advanceTimersByTime(FLYOUT_BACK_CLOSE_MS))
      expect(document.activeElement).toBe(row('Beverages'))
      fireEvent.keyDown(row('Beverages'), { key: 'Escape' })
      expect(reachedDialog).toHaveBeenCalledTimes(1)
    } finally {
      document.removeEventListener('keydown', reachedDialog)
    }
  })
})
