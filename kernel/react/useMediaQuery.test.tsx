// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { useMediaQuery } from './useMediaQuery'

const PHONE = '(max-width: 991px)'

/** A matchMedia stub whose answer the test changes, telling listeners as the browser does. */
function stubMatchMedia(initially: boolean) {
  let matches = initially
  const listeners = new Set<() => void>()
  const list = {
    get matches() {
      return matches
    },
    media: PHONE,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  }
  const matchMedia = vi.fn(() => list)
  window.matchMedia = matchMedia as never
  return {
    matchMedia,
    listeners,
    set(next: boolean) {
      matches = next
      for (const fn of listeners) fn()
    },
  }
}

function Probe() {
  return <p>{useMediaQuery(PHONE) ? 'phone' : 'desktop'}</p>
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia
})

test('answers the query, follows its changes and parses it once however often it renders', () => {
  const media = stubMatchMedia(false)
  const { rerender, unmount } = render(<Probe />)
  expect(screen.getByText('desktop')).toBeTruthy()
  act(() => media.set(true))
  expect(screen.getByText('phone')).toBeTruthy()
  for (let i = 0; i < 5; i++) rerender(<Probe />)
  expect(media.matchMedia).toHaveBeenCalledTimes(1)
  unmount()
  expect(media.listeners.size).toBe(0)
})

test('a window whose matchMedia is replaced is asked again, not answered from the old list', () => {
  stubMatchMedia(false)
  render(<Probe />).unmount()
  stubMatchMedia(true)
  render(<Probe />)
  expect(screen.getByText('phone')).toBeTruthy()
})

test('a window without matchMedia (an embedding webview, jsdom) matches nothing and does not throw', () => {
  render(<Probe />)
  expect(screen.getByText('desktop')).toBeTruthy()
})
