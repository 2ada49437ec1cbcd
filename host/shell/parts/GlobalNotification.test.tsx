// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HeaderPageResponse } from '../../../contracts/cms'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import type { Resource } from '../../../kernel/state/resource'
import { stateStream } from '../../../kernel/state/stateStream'
import { createTestKernel } from '../../../test/createTestKernel'
import { serverDown } from '../../../test/fakes/httpFailure'
import {
  GlobalNotification,
  NOTIFICATION_SCROLL_DELAY_MS,
  NOTIFICATION_SCROLL_MAX_PX,
} from './GlobalNotification'

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

function renderAt(scrollY: number, page: Resource<HeaderPageResponse> = withNotification) {
  Object.defineProperty(window, 'scrollY', { value: scrollY, configurable: true })
  const { kernel } = createTestKernel([], {
    headerData: { page$: streamOf(page), navigation$: streamOf({ status: 'loading' }) as never },
  })
  return render(
    <KernelProvider kernel={kernel}>
      <GlobalNotification />
    </KernelProvider>,
  )
}

describe('global notification', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  beforeEach(() => {
    vi.useFakeTimers()
    scrollTo = vi.fn()
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  })
  afterEach(() => vi.useRealTimers())

  it('scrolls to the top 1200 ms after it loads when the page is scrolled less than 150 px', () => {
    expect(NOTIFICATION_SCROLL_DELAY_MS).toBe(1200)
    expect(NOTIFICATION_SCROLL_MAX_PX).toBe(150)
    renderAt(149)
    expect(screen.getByRole('region', { name: 'Announcement' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(1199))
    expect(scrollTo).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 })
  })

  it('leaves the shopper where they are at 150 px or more', () => {
    renderAt(150)
    act(() => vi.advanceTimersByTime(5000))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('renders nothing and never scrolls when the CMS has no notification or failed', () => {
    const { container } = renderAt(0, {
      status: 'error',
      error: serverDown({ status: 500, path: 'cms/pages', correlationId: 'c' }),
    })
    act(() => vi.advanceTimersByTime(5000))
    expect(container.innerHTML).toBe('')
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
