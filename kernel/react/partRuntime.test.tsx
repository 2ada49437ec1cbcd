// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { eagerSlot } from '../plugin/slots'
import { headerContextRef } from '../services/kernelRefs'
import { createServiceRef } from '../services/serviceRef'
import { PartProvider, useServed, useService, useServiceHandle } from './KernelProvider'
import { createKernelHandle } from './kernelHandle'
import { useEmit } from './PluginBoundary'
import { ServedPart } from './ServedPart'
import { useKeptPresses } from './useKeptPresses'

/**
 * The part runtime: what a part hydrated before the kernel reads (the served context and data), what
 * it may not (any other service, until the kernel has it), and how presses and events made before
 * the kernel are answered once it comes.
 */
const { kernel } = createTestKernel()
const context = kernel.services.get(headerContextRef)
const greetingRef = createServiceRef<{ hello: string }>('test.greeting')

afterEach(() => {
  cleanup()
  delete (window as { __oneHeaderPresses?: unknown }).__oneHeaderPresses
})

function Part() {
  const { lang } = useService(headerContextRef)
  const served = useServed<string>('who')
  const kernelService = useServiceHandle(headerContextRef)
  return (
    <p>
      {lang} {served} {kernelService ? 'with kernel' : 'before kernel'}
    </p>
  )
}

describe('a part before the kernel', () => {
  it('reads the served context and data, and draws again with the kernel when it is attached', () => {
    const handle = createKernelHandle()
    render(
      <PartProvider handle={handle} context={{ ...context, lang: 'fr' }} data={{ who: 'Émilie' }}>
        <Part />
      </PartProvider>,
    )
    expect(screen.getByText('fr Émilie before kernel')).toBeTruthy()
    act(() => handle.attach(kernel))
    // The kernel's context from now on (the test kernel's page is English).
    expect(screen.getByText('en Émilie with kernel')).toBeTruthy()
  })

  it('is refused any other service before the kernel, naming the hook to use', () => {
    const Asks = () => <p>{useService(greetingRef).hello}</p>
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() =>
      render(
        <PartProvider handle={createKernelHandle()} context={context}>
          <Asks />
        </PartProvider>,
      ),
    ).toThrow(/'test.greeting' was asked for before the kernel started; read it with useServiceHandle/)
    vi.mocked(console.error).mockRestore()
  })

  it('raises events that reach the bus, in order and once, when the kernel starts', () => {
    const handle = createKernelHandle()
    let emit: ReturnType<typeof useEmit> = () => {}
    const Emits = () => {
      emit = useEmit()
      return null
    }
    render(
      <PartProvider handle={handle} context={context}>
        <Emits />
      </PartProvider>,
    )
    const heard: string[] = []
    kernel.bus.on('updateCart', ({ payload }) => heard.push(payload.reason ?? ''), 'test')
    emit('updateCart', { reason: 'first' })
    emit('updateCart', { reason: 'second' })
    expect(heard).toEqual([])
    handle.attach(kernel)
    expect(heard).toEqual(['first', 'second'])
  })
})

describe('a press kept for a control that could not answer yet', () => {
  function Control({ ready, onPress }: { ready: boolean; onPress: () => void }) {
    const ref = useRef<HTMLButtonElement | null>(null)
    useKeptPresses('account', ready, ref)
    return (
      <button type="button" ref={ref} onClick={onPress}>
        Log In
      </button>
    )
  }

  it('is answered once by the control when it can, in order, and never twice', () => {
    const presses = [
      { key: 'account', href: '/login', done: false },
      { key: 'mobileMenu', href: null, done: false },
    ]
    ;(window as { __oneHeaderPresses?: unknown }).__oneHeaderPresses = presses
    const onPress = vi.fn()
    const { rerender } = render(<Control ready={false} onPress={onPress} />)
    expect(onPress).not.toHaveBeenCalled()
    rerender(<Control ready onPress={onPress} />)
    expect(onPress).toHaveBeenCalledTimes(1)
    expect(presses.map((p) => p.done)).toEqual([true, false])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Log In' }))
    rerender(<Control ready={false} onPress={onPress} />)
    rerender(<Control ready onPress={onPress} />)
    expect(onPress).toHaveBeenCalledTimes(1)
  })
})

/** The perks plugin's part drawn once, before any kernel; `others` run beside perks when one comes. */
function servedPerksPart(...others: ReturnType<typeof definePlugin>[]) {
  const Offer = () => <p>perks offer</p>
  const perks = definePlugin({ id: 'perks', slots: { 'header.loyalty': eagerSlot(Offer) } })
  const { kernel: running } = createTestKernel([perks, ...others])
  const handle = createKernelHandle()
  render(
    <ServedPart
      pluginId="perks"
      slot="header.loyalty"
      options={undefined}
      context={context}
      handle={handle}
      Component={Offer}
    />,
  )
  return { running, handle }
}

describe('a part drawn once, its plugin switched off later', () => {
  it('goes as its slot does once the plugin has run: the live configuration hid it, the shopper no longer sees it', () => {
    const { running, handle } = servedPerksPart()
    expect(screen.getByText('perks offer')).toBeTruthy()
    act(() => handle.attach(running))
    expect(screen.getByText('perks offer')).toBeTruthy()
    act(() => running.plugins.hide(['perks']))
    expect(screen.queryByText('perks offer')).toBeNull()
  })
})

describe('a part drawn once, another plugin contributing to its slot', () => {
  it("draws the other plugin's contribution beside its own once the kernel runs it, in its own boundary", () => {
    const Extra = () => <p>page extra</p>
    const { running, handle } = servedPerksPart(
      definePlugin({ id: 'page', slots: { 'header.loyalty': eagerSlot(Extra) } }),
    )
    expect(screen.queryByText('page extra')).toBeNull()
    act(() => handle.attach(running))
    expect(screen.getAllByText('perks offer')).toHaveLength(1)
    expect(screen.getByText('page extra')).toBeTruthy()
  })
})
