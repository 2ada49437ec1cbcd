// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SITE_CONFIG, parseSiteConfig, type SiteConfig } from '../../../contracts/siteConfig'
import { KernelProvider } from '../../../kernel/react/KernelProvider'
import { Slot } from '../../../kernel/react/Slot'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
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

function renderSearchSlot(siteConfig?: SiteConfig) {
  const { kernel } = createTestKernel([searchPlugin], siteConfig ? { context: { siteConfig } } : {})
  const ui = () => (
    <KernelProvider kernel={kernel}>
      <Slot name="header.search" />
    </KernelProvider>
  )
  const view = render(ui())
  return { ...view, kernel, again: () => view.rerender(ui()) }
}

/** The configuration the page server serves (a returning browser's stored copy decodes the same). */
const SERVED = parseSiteConfig([{ key: 'search.character.limit', value: '60' }])
/** The built-in defaults alone, as start-up marks them (host/data/loadHeaderData.ts `siteView`). */
const DEFAULTS_ONLY: SiteConfig = { ...DEFAULT_SITE_CONFIG, builtInOnly: true }

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

// Last: these load the combobox's module, which the first tests count as not loaded.
describe('the box and the site configuration (header spec §5 "disabled until site configuration is loaded")', () => {
  it('is usable at first paint because the served configuration is there (the live answer or the stored copy)', async () => {
    // The stored copy is the same decoded answer, kept by this browser: the same view.
    renderSearchSlot(SERVED)
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
    expect(box.disabled).toBe(false)
    expect(box.maxLength).toBe(60)
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(false)
    await act(async () => idle[0]?.())
    expect(await screen.findByRole('combobox')).toBeTruthy()
  })

  it('is disabled with no served configuration and no stored copy, and usable once the live answer replaces the defaults', async () => {
    const { kernel, again } = renderSearchSlot(DEFAULTS_ONLY)
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement
    expect(box.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Clear search' }) as HTMLButtonElement).disabled).toBe(true)
    // The combobox's code may come; the box still waits for the configuration.
    await act(async () => idle[0]?.())
    await act(async () => {})
    expect(screen.queryByRole('combobox')).toBeNull()
    // The live answer arrives: the host puts it in the context and draws the shell again.
    const context = kernel.services.get(headerContextRef)
    context.siteConfig = SERVED
    again()
    expect(await screen.findByRole('combobox')).toBeTruthy()
  })
})
