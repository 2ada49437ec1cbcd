// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HeaderPageResponse } from '../../../contracts/cms'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import { serverDown } from '../../../test/fakes/httpFailure'
import { shellPluginEntry } from '..'
import { preloadCmsComponents } from '../cms/CmsSlot'
import { NOTIFICATION_SCROLL_DELAY_MS, NOTIFICATION_SCROLL_MAX_PX } from './GlobalNotification'
import { TopRow } from './ShellRows'

/** The US consumer store's shell block (host/brands/usb2c.ts). */
const USB2C_SHELL = {
  brandSlug: 'brewco',
  displayName: 'Brewco',
  languages: ['en' as const],
  freeShipping: true,
  headerHeight: 80,
}

const streamOf = <T,>(value: T) => stateStream(new BehaviorSubject(value))

const withNotification: Resource<HeaderPageResponse> = {
  status: 'success',
  data: {
    contentSlots: {
      contentSlot: [
        {
          position: 'GlobalNotificationSlot',
          components: {
            component: [
              {
                typeCode: 'CMSParagraphComponent',
                uid: 'n1',
                visible: 'true',
                content: '<p>Sale™</p>',
                horizontalAlignment: 'LEFT',
              },
            ],
          },
        },
      ],
    },
  },
}

/** The top row as the app's webview draws it: the global notification alone (header spec §1). */
async function renderAt(scrollY: number, page: Resource<HeaderPageResponse> = withNotification) {
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true })
  const { kernel } = createTestKernel([shellPluginEntry(USB2C_SHELL)], {
    headerData: { page$: streamOf(page), navigation$: streamOf({ status: 'loading' }) as never },
  })
  const view = render(
    <KernelProvider kernel={kernel}>
      <TopRow webview />
    </KernelProvider>,
  )
  // The CMS renderer's chunk is in already (beforeAll): its promise settles in a microtask.
  await act(async () => {})
  return view
}

describe('global notification', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  beforeAll(async () => {
    await preloadCmsComponents()
  })
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    scrollTo = vi.fn()
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  })
  afterEach(() => vi.useRealTimers())

  it('scrolls to the top 1200 ms after it loads when the page is scrolled less than 150 px', async () => {
    expect(NOTIFICATION_SCROLL_DELAY_MS).toBe(1200)
    expect(NOTIFICATION_SCROLL_MAX_PX).toBe(150)
    await renderAt(149)
    expect(screen.getByRole('region', { name: 'Announcement' }).textContent).toContain('Sale')
    act(() => vi.advanceTimersByTime(1199))
    expect(scrollTo).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 })
  })

  it('leaves the shopper where they are at 150 px or more', async () => {
    await renderAt(150)
    act(() => vi.advanceTimersByTime(5000))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('renders nothing and never scrolls when the CMS has no notification or failed', async () => {
    const { container } = await renderAt(0, {
      status: 'error',
      error: serverDown({ status: 500, path: 'cms/pages', correlationId: 'c' }),
    })
    act(() => vi.advanceTimersByTime(5000))
    expect(container.innerHTML).toBe('')
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
