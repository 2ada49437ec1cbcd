// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import type { Swiper as SwiperInstance } from 'swiper'
import { afterEach, expect, it } from 'vitest'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { createTestKernel } from '../../../test/createTestKernel'
import LearnMoreCarousel, { CAROUSEL_SETTINGS } from './LearnMoreCarousel'

afterEach(cleanup)

/** The Swiper the carousel made: Swiper keeps its instance on its container element. */
const swiperOf = (container: HTMLElement) =>
  (container.querySelector('.swiper') as (HTMLElement & { swiper?: SwiperInstance }) | null)?.swiper

it('moves one slide at a time in 500 ms, never loops and never moves on its own (header spec §2)', async () => {
  expect(CAROUSEL_SETTINGS).toEqual({ slidesPerView: 1, loop: false, speed: 500 })
  const { kernel } = createTestKernel([])
  const { container } = render(
    <KernelProvider kernel={kernel}>
      <LearnMoreCarousel />
    </KernelProvider>,
  )
  const swiper = swiperOf(container)
  expect(swiper?.params).toMatchObject({ slidesPerView: 1, loop: false, speed: 500 })
  expect([undefined, false]).toContain(swiper?.params.autoplay as unknown)
  // At the last slide Next is unavailable: no loop back to the first.
  const next = screen.getByRole('button', { name: /next/i })
  await act(async () => next.click())
  await act(async () => next.click())
  await act(async () => next.click())
  expect(swiper?.activeIndex).toBe(2)
  expect(next.getAttribute('aria-disabled')).toBe('true')
})
