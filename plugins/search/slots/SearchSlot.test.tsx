// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { createTestKernel } from '../../../test/createTestKernel'
import searchPlugin from '../index'
import { pageHandOver } from './handOver'

// The combobox's module (with Floating UI) is replaced by a marker, counting how often it is loaded.
const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('./SearchBox', () => {
  loads.count += 1
  return {
    default: ({ handOver }: { handOver: { text: string; focused: boolean } }) => (
      <input
        role="combobox"
        aria-expanded="false"
        defaultValue={handOver.text}
        data-focused={handOver.focused}
      />
    ),
  }
})

// Idle callbacks are run by the test, when it says the browser is idle.
let idle: (() => void)[] = []
beforeEach(() => {
  idle = []
  ;(window as unknown as { requestIdleCallback: (cb: () => void) => number }).requestIdleCallback = (cb) =>
    idle.push(cb)
  ;(window as unknown as { cancelIdleCallback: () => void }).cancelIdleCallback = () => {}
})
afterEach(() => {
  cleanup()
  // What the shopper typed is kept for the page's life: each test is a new page.
  Object.assign(pageHandOver, { text: '', focused: false, touched: false })
})

function renderSearchSlot() {
  const { kernel } = createTestKernel([searchPlugin])
  return render(
    <KernelProvider kernel={kernel}>
      <Slot name="header.search" />
    </KernelProvider>,
  )
}

it('renders the plain, enabled search form first and does not load the combobox code on the way to the whole header', async () => {
  renderSearchSlot()
  const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
  expect(box.disabled).toBe(false)
  expect(box.form?.getAttribute('action')).toBe('/search')
  await act(async () => {})
  expect(loads.count).toBe(0)
  expect(screen.queryByRole('combobox')).toBeNull()
})

it('loads the combobox when the shopper shows intent (focus), keeping what was typed', async () => {
  renderSearchSlot()
  const box = screen.getByRole('searchbox', { name: 'Search' })
  fireEvent.input(box, { target: { value: 'deca' } })
  fireEvent.focus(box)
  const combobox = (await screen.findByRole('combobox')) as HTMLInputElement
  expect(combobox.value).toBe('deca')
  expect(combobox.dataset.focused).toBe('true')
  expect(idle).toHaveLength(1) // asked for when idle too, but intent came first
})

it('loads the combobox when the browser is first idle, without any intent', async () => {
  renderSearchSlot()
  expect(screen.queryByRole('combobox')).toBeNull()
  expect(idle).toHaveLength(1)
  await act(async () => idle[0]?.())
  expect(await screen.findByRole('combobox')).toBeTruthy()
})

it('asks for idle at the latest 100 ms after the slot is on screen: a busy start-up does not keep the box plain', () => {
  const timeouts: (number | undefined)[] = []
  ;(
    window as unknown as { requestIdleCallback: (cb: () => void, o?: { timeout?: number }) => number }
  ).requestIdleCallback = (cb, options) => {
    timeouts.push(options?.timeout)
    return idle.push(cb)
  }
  renderSearchSlot()
  expect(timeouts).toEqual([100])
})
