// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { BehaviorSubject } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { eagerSlot, lazySlot } from '../plugin/slots'
import { createServiceRef, provide } from '../services/serviceRef'
import { stateStream } from '../state/stateStream'
import { KernelProvider, useKernel, useOptionalService } from './KernelProvider'
import { usePluginId } from './PluginBoundary'
import { Slot } from './Slot'
import { useStream } from './useStream'

describe('<Slot>', () => {
  it('renders each contribution in its own boundary: a crash hides only that one and is reported by plugin id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Crash = () => {
      throw new Error('render bug')
    }
    const Fine = () => <p>fine from {usePluginId()}</p>
    const { kernel, faults } = createTestKernel([
      definePlugin({ id: 'crashy', slots: { 'header.loyalty': eagerSlot(Crash) } }),
      definePlugin({ id: 'good', slots: { 'header.loyalty': eagerSlot(Fine) } }),
    ])
    render(
      <KernelProvider kernel={kernel}>
        <Slot name="header.loyalty" />
      </KernelProvider>,
    )
    expect(await screen.findByText('fine from good')).toBeTruthy()
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['SLOT_RENDER_FAILED', 'crashy']])
    expect(faults[0]?.message).toContain("slot 'header.loyalty'")
    vi.restoreAllMocks()
  })

  it('loads lazy contributions and renders nothing for an empty slot', async () => {
    const { kernel } = createTestKernel([
      definePlugin({
        id: 'lazy',
        slots: { 'header.search': lazySlot(async () => ({ default: () => <p>lazy</p> })) },
      }),
    ])
    const { container } = render(
      <KernelProvider kernel={kernel}>
        <Slot name="header.search" />
        <div data-testid="empty">
          <Slot name="header.account" />
        </div>
      </KernelProvider>,
    )
    expect(await screen.findByText('lazy')).toBeTruthy()
    expect(screen.getByTestId('empty').innerHTML).toBe('')
    // No wrapper element from the slot or its boundary: the lazy slot is exactly its content, the
    // empty one leaves nothing at all.
    expect(container.innerHTML).toBe('<p>lazy</p><div data-testid="empty"></div>')
  })

  it('a plugin whose code arrives after the shell rendered fills its slot then', async () => {
    const { kernel } = createTestKernel([], { pending: ['late'] })
    render(
      <KernelProvider kernel={kernel}>
        <div data-testid="search">
          <Slot name="header.search" />
        </div>
      </KernelProvider>,
    )
    expect(screen.getByTestId('search').innerHTML).toBe('')
    act(() =>
      kernel.plugins.add([
        {
          manifest: definePlugin({
            id: 'late',
            slots: { 'header.search': eagerSlot(() => <p>late box</p>) },
          }),
        },
      ]),
    )
    expect(screen.getByTestId('search').innerHTML).toBe('<p>late box</p>')
  })

  it('useOptionalService follows a service whose plugin starts late', () => {
    const countRef = createServiceRef<number>('test.lateCount')
    const { kernel } = createTestKernel([], { pending: ['counter'] })
    const Probe = () => <p>count {String(useOptionalService(countRef) ?? 'none')}</p>
    render(
      <KernelProvider kernel={kernel}>
        <Probe />
      </KernelProvider>,
    )
    expect(screen.getByText('count none')).toBeTruthy()
    act(() =>
      kernel.plugins.add([
        { manifest: definePlugin({ id: 'counter', services: [provide(countRef, {}, () => 3)] }) },
      ]),
    )
    expect(screen.getByText('count 3')).toBeTruthy()
  })

  it('keeps a slot free (data-slot-reserve) while a plugin that fills it loads, until it starts or is given up', () => {
    const Account = () => <button type="button">Log In</button>
    const late = definePlugin({ id: 'late', slots: { 'header.account': eagerSlot(Account) } })
    const { kernel } = createTestKernel([], {
      pending: ['late', 'never'],
      reservations: { late: ['header.account'], never: ['header.loyalty'] },
    })
    const { container } = render(
      <KernelProvider kernel={kernel}>
        <div data-testid="account">
          <Slot name="header.account" />
        </div>
        <div data-testid="loyalty">
          <Slot name="header.loyalty" />
        </div>
        <div data-testid="nav">
          <Slot name="header.nav" />
        </div>
      </KernelProvider>,
    )
    expect(screen.getByTestId('account').innerHTML).toBe(
      '<span data-slot-reserve="header.account" aria-hidden="true"></span>',
    )
    expect(screen.getByTestId('loyalty').innerHTML).toBe(
      '<span data-slot-reserve="header.loyalty" aria-hidden="true"></span>',
    )
    // No pending plugin fills the navigation: nothing is held for it.
    expect(screen.getByTestId('nav').innerHTML).toBe('')
    act(() => kernel.plugins.add([{ manifest: late }], { pending: ['never'] }))
    expect(screen.getByTestId('account').innerHTML).toBe('<button type="button">Log In</button>')
    act(() => kernel.plugins.abandon(['never']))
    expect(screen.getByTestId('loyalty').innerHTML).toBe('')
    expect(container.querySelectorAll('[data-slot-reserve]')).toHaveLength(0)
  })

  it('keeps the slot free while its plugin has arrived but waits for one still loading (after)', () => {
    const Loyalty = () => <span>Join Perks</span>
    const loyalty = definePlugin({
      id: 'loyalty',
      after: ['auth'],
      slots: { 'header.loyalty': eagerSlot(Loyalty) },
    })
    const { kernel } = createTestKernel([], {
      pending: ['auth', 'loyalty'],
      reservations: { loyalty: ['header.loyalty'] },
    })
    render(
      <KernelProvider kernel={kernel}>
        <div data-testid="waiting-loyalty">
          <Slot name="header.loyalty" />
        </div>
      </KernelProvider>,
    )
    const held = '<span data-slot-reserve="header.loyalty" aria-hidden="true"></span>'
    expect(screen.getByTestId('waiting-loyalty').innerHTML).toBe(held)
    // Its code arrives first: it waits for auth, and its slot stays held meanwhile.
    act(() => kernel.plugins.add([{ manifest: loyalty }], { pending: ['auth'] }))
    expect(kernel.plugins.started).toEqual([])
    expect(screen.getByTestId('waiting-loyalty').innerHTML).toBe(held)
    act(() => kernel.plugins.add([{ manifest: definePlugin({ id: 'auth' }) }]))
    expect(screen.getByTestId('waiting-loyalty').innerHTML).toBe('<span>Join Perks</span>')
  })

  it('useKernel outside the provider throws a helpful message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Probe = () => {
      useKernel()
      return null
    }
    expect(() => render(<Probe />)).toThrow(/outside <KernelProvider>/)
    vi.restoreAllMocks()
  })
})

describe('useStream', () => {
  it('shows a state stream current value on the first render and follows updates', () => {
    const subject = new BehaviorSubject('first')
    const stream = stateStream(subject)
    const seen: string[] = []
    const Probe = () => {
      const v = useStream(stream, 'initial')
      seen.push(v)
      return <p>{v}</p>
    }
    render(<Probe />)
    expect(seen[0]).toBe('first')
    act(() => subject.next('second'))
    expect(screen.getByText('second')).toBeTruthy()
  })
})
