// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NavComponent } from '../../../contracts/cms'
import type { HeaderData } from '../../../contracts/serviceRefs'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import navPlugin from '../index'
import NavBar from './NavBar'
import { HOVER_OPENS } from './useFlyouts'

// Counts the times the panels' code is fetched, and holds it back until the test lets it arrive.
const fetched = vi.hoisted(() => ({ count: 0, arrive: () => {} }))
vi.mock('../panels/FlyoutPanel', async (original) => {
  fetched.count += 1
  await new Promise<void>((resolve) => {
    fetched.arrive = resolve
  })
  return original()
})

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
        componentId: 'Pods',
        mode: 'LOW_IMPORTANCE',
        linkName: 'Coffee pods',
        linkUrl: '/c/coffee-pods',
        section: 'body',
        visible: 'true',
      },
    ],
  },
]

afterEach(cleanup)

describe('the panel’s code loads on first intent (speed and memory)', () => {
  it('not on the first paint; a pointer over an item asks for it once; the first open waits for it showing nothing, then opens', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === HOVER_OPENS,
      addEventListener() {},
      removeEventListener() {},
    })) as never
    const navigation: Resource<NavComponent[]> = { status: 'success', data: NAV }
    const headerData = {
      page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
      navigation$: stateStream(new BehaviorSubject(navigation)),
    } as HeaderData
    const { kernel } = createTestKernel([navPlugin], { siteConfig: { navFlyoutEnabled: true }, headerData })
    render(
      <KernelProvider kernel={kernel}>
        <NavBar />
      </KernelProvider>,
    )
    await act(() => Promise.resolve())
    expect(fetched.count).toBe(0)

    const item = screen.getByRole('button', { name: 'Beverages menu' }).closest('li')!
    fireEvent.pointerEnter(item, { pointerType: 'mouse' })
    fireEvent.focus(screen.getByRole('link', { name: 'Beverages' }))
    await act(() => Promise.resolve())
    expect(fetched.count).toBe(1)

    // Opened before the code is in: the button says open, and there is no panel box, empty or not.
    fireEvent.click(screen.getByRole('button', { name: 'Beverages menu' }))
    expect(screen.getByRole('button', { name: 'Beverages menu' }).getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById('oh-flyout-BeveragesBarComponent')).toBeNull()
    expect(item.querySelectorAll('div')).toHaveLength(0)

    act(() => fetched.arrive())
    await waitFor(() =>
      expect(
        document.getElementById('oh-flyout-BeveragesBarComponent')?.querySelector('a')?.getAttribute('href'),
      ).toBe('/c/coffee-pods'),
    )
    expect(fetched.count).toBe(1)
  })
})
