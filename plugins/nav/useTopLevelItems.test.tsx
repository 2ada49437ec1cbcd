// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import type { NavComponent } from '../../contracts/cms'
import { SERVED_NAVIGATION } from '../../contracts/servedState'
import type { HeaderData } from '../../contracts/serviceRefs'
import { PartProvider } from '../../kernel/react/KernelProvider'
import { createKernelHandle } from '../../kernel/react/kernelHandle'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import type { Resource } from '../../kernel/state/resource'
import { stateStream } from '../../kernel/state/stateStream'
import { createTestKernel } from '../../test/createTestKernel'
import { useTopLevelItems } from './useTopLevelItems'

const item = (uid: string, name: string): NavComponent => ({
  uid,
  visible: 'true',
  highlighted: 'false',
  linkName: name,
  url: `/c/${uid.toLowerCase()}`,
})
const SERVED = [item('Beverages', 'Beverages'), item('Deals', 'Deals')]
const LIVE = [item('Beverages', 'Beverages'), item('Brewers', 'Brewers')]

/** What a bar would show: the names, "busy" while loading, or "empty". */
function Items() {
  const { items, busy } = useTopLevelItems()
  if (!items) return <p>{busy ? 'busy' : 'empty'}</p>
  return <p>{items.map((i) => i.name).join(', ')}</p>
}

/** A part hydrated from the served state (the page server drew SERVED), then joined by the kernel. */
function renderServedPart() {
  const navigation = new BehaviorSubject<Resource<NavComponent[]>>({ status: 'loading' })
  const headerData = {
    page$: stateStream(new BehaviorSubject<Resource<never>>({ status: 'loading' })),
    navigation$: stateStream(navigation),
  } as HeaderData
  const { kernel } = createTestKernel([], { headerData })
  const handle = createKernelHandle()
  render(
    <PartProvider
      handle={handle}
      context={kernel.services.get(headerContextRef)}
      data={{ [SERVED_NAVIGATION]: SERVED }}
    >
      <Items />
    </PartProvider>,
  )
  act(() => handle.attach(kernel))
  return { navigation }
}

afterEach(cleanup)

describe('the top-level items of a bar the page server drew', () => {
  it('shows the served navigation while the live one loads, then the live answer', () => {
    const { navigation } = renderServedPart()
    expect(screen.getByText('Beverages, Deals')).toBeTruthy()
    act(() => navigation.next({ status: 'success', data: LIVE }))
    expect(screen.getByText('Beverages, Brewers')).toBeTruthy()
  })

  it('keeps the served navigation when the live call fails (a CMS that hung until the time-out): never an empty bar', () => {
    const { navigation } = renderServedPart()
    act(() =>
      navigation.next({
        status: 'error',
        error: {
          class: 'timeout',
          payload: undefined,
          message: 'GET cms/content-slots/NavigationBarSlot timed out',
          method: 'GET',
          path: 'cms/content-slots/NavigationBarSlot',
          correlationId: 'c',
        },
      }),
    )
    expect(screen.getByText('Beverages, Deals')).toBeTruthy()
    // Header spec §4's reset takes a failure back to not loading: the served items still stay.
    act(() => navigation.next({ status: 'idle' }))
    expect(screen.getByText('Beverages, Deals')).toBeTruthy()
    // An answer that comes after all replaces them.
    act(() => navigation.next({ status: 'success', data: LIVE }))
    expect(screen.getByText('Beverages, Brewers')).toBeTruthy()
  })
})
