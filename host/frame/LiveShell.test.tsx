// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { HeaderPageResponse, NavComponent } from '../../contracts/cms'
import { labelsFrom } from '../../contracts/labels'
import { parseSiteConfig } from '../../contracts/siteConfig'
import { liveSiteConfig } from '../../kernel/config/liveSiteConfig'
import { definePlugin } from '../../kernel/plugin/definePlugin'
import { eagerSlot } from '../../kernel/plugin/slots'
import { KernelProvider, useService } from '../../kernel/react/KernelProvider'
import { headerContextRef } from '../../kernel/services/kernelRefs'
import type { Resource } from '../../kernel/state/resource'
import { stateStream } from '../../kernel/state/stateStream'
import { shellPluginEntry } from '../../plugins/shell'
import { createTestKernel } from '../../test/createTestKernel'
import { BRAND_CONFIGS } from '../brands'
import { LiveShell } from './LiveShell'

/** A plugin whose slot reads a label and a setting from the context, as the real plugins do. */
const reader = definePlugin({
  id: 'reader',
  slots: {
    'header.account': eagerSlot(function Reader() {
      const { labels, siteConfig } = useService(headerContextRef)
      return (
        <span data-testid="reader">
          {labels['header.log.in']} {siteConfig.searchCharacterLimit}
        </span>
      )
    }),
  },
})
const other = definePlugin({
  id: 'other',
  slots: { 'header.loyalty': eagerSlot(() => <span data-testid="other">other</span>) },
})

function setUp() {
  const page = new BehaviorSubject<Resource<HeaderPageResponse>>({ status: 'loading' })
  const navigation = new BehaviorSubject<Resource<NavComponent[]>>({ status: 'loading' })
  const { kernel, faults } = createTestKernel([shellPluginEntry(BRAND_CONFIGS.usb2c.shell), reader, other], {
    headerData: { page$: stateStream(page), navigation$: stateStream(navigation) },
    context: { reservedRows: ['notification', 'promo'] },
  })
  const context = kernel.services.get(headerContextRef)
  const live = liveSiteConfig(context)
  render(
    <KernelProvider kernel={kernel}>
      <LiveShell config={live} webview={false} />
    </KernelProvider>,
  )
  return { kernel, faults, live, page, context }
}

describe('the live shell', () => {
  beforeAll(() => {
    window.matchMedia ??= (() => ({
      matches: false,
      addEventListener() {},
      removeEventListener() {},
    })) as never
  })
  afterEach(cleanup)

  it('renders every slot again with the live labels and settings when they replace the first ones', () => {
    const { live, context, faults } = setUp()
    expect(screen.getByTestId('reader').textContent).toBe('Log In 100')
    const held = context
    act(() =>
      live.replace({
        siteConfig: parseSiteConfig([{ key: 'search.character.limit', value: '42' }]),
        labels: labelsFrom([{ key: 'header.log.in', value: 'Sign in' }]),
      }),
    )
    expect(screen.getByTestId('reader').textContent).toBe('Sign in 42')
    // Plugins keep the same context object, which now holds the live values.
    expect(held.labels['header.log.in']).toBe('Sign in')
    expect(live.version()).toBe(1)
    expect(faults).toEqual([])
  })

  it('hides the slots of a plugin the live configuration switches off, and only those', () => {
    const { kernel } = setUp()
    expect(screen.getByTestId('other')).toBeTruthy()
    act(() => kernel.plugins.hide(['other']))
    expect(screen.queryByTestId('other')).toBeNull()
    expect(screen.getByTestId('reader')).toBeTruthy()
    expect(kernel.plugins.isHidden('other')).toBe(true)
  })

  it('keeps the rows the page reserved while the header content loads, then hands them to the content', () => {
    const { page } = setUp()
    const reserved = () =>
      [...document.querySelectorAll('[data-reserved-row]')].map((e) => e.getAttribute('data-reserved-row'))
    expect(reserved()).toEqual(['notification', 'promo'])
    act(() => page.next({ status: 'success', data: { contentSlots: { contentSlot: [] } } }))
    expect(reserved()).toEqual([])
  })
})
