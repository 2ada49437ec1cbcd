// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import {
  eagerSlot,
  NESTED_SLOTS,
  SHELL_SLOT_NAMES,
  SLOT_NAMES,
  type SlotName,
} from '../../kernel/plugin/slots'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { shellPluginEntry } from '../../plugins/shell'
import { createTestKernel } from '../../test/createTestKernel'
import { BRAND_CONFIGS } from '../brands'
import { Shell } from './Shell'

const SHELL_OPTIONS = BRAND_CONFIGS.usb2c.shell

/** A plugin that puts a marker into every declared slot. */
const everywhere = definePlugin({
  id: 'marker',
  slots: Object.fromEntries(
    SLOT_NAMES.map((name) => [name, eagerSlot(() => <span data-testid={`marker-${name}`} />)]),
  ) as Record<SlotName, ReturnType<typeof eagerSlot>>,
})

function renderShellWithMarkers() {
  window.matchMedia ??= (() => ({
    matches: false,
    addEventListener() {},
    removeEventListener() {},
  })) as never
  const { kernel, faults } = createTestKernel([shellPluginEntry(SHELL_OPTIONS), everywhere])
  render(
    <KernelProvider kernel={kernel}>
      <Shell webview={false} />
    </KernelProvider>,
  )
  return faults
}

describe('the shell renders every declared slot', () => {
  afterEach(cleanup)
  it.each(SHELL_SLOT_NAMES)('%s', (name) => {
    const faults = renderShellWithMarkers()
    expect(screen.getAllByTestId(`marker-${name}`)).toHaveLength(1)
    expect(faults).toEqual([])
  })

  // A nested slot lives in a plugin's own view (plugins/auth/slots/MobileMenu.test.tsx shows the phone
  // menu's dialog renders its categories place): the shell itself never does, and only shell slots host one.
  it.each(Object.entries(NESTED_SLOTS))("%s is not the shell's: it lives inside %s", (name, host) => {
    const faults = renderShellWithMarkers()
    expect(screen.queryAllByTestId(`marker-${name}`)).toHaveLength(0)
    expect(screen.getAllByTestId(`marker-${host}`)).toHaveLength(1)
    expect(faults).toEqual([])
  })
})

describe('site configuration newButtonUI (header spec §3)', () => {
  afterEach(cleanup)
  it.each([
    [true, 'new'],
    [false, 'classic'],
  ])('newButtonUI %s marks the shell root %s', (newButtonUI, ui) => {
    window.matchMedia ??= (() => ({
      matches: false,
      addEventListener() {},
      removeEventListener() {},
    })) as never
    const { kernel } = createTestKernel([shellPluginEntry(SHELL_OPTIONS)], {
      siteConfig: { newButtonUI },
    })
    const { container } = render(
      <KernelProvider kernel={kernel}>
        <Shell webview={false} />
      </KernelProvider>,
    )
    expect(container.querySelector('[data-brand]')?.getAttribute('data-button-ui')).toBe(ui)
  })
})
