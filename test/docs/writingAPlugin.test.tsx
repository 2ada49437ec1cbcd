// @vitest-environment jsdom
/**
 * docs/writing-a-plugin.md shows its example plugin as the code of test/docs/examplePlugin.tsx, so the
 * example is type checked with the rest of the code and run here: the doc's code block must be that
 * file, word for word, and the plugin must start in a kernel and fill its slot.
 */
import { readFileSync } from 'node:fs'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KernelProvider } from '../../kernel/react/KernelProvider'
import { Slot } from '../../kernel/react/Slot'
import { createTestKernel } from '../createTestKernel'
import hello, { helloRef } from './examplePlugin'

const EXAMPLE = 'test/docs/examplePlugin.tsx'

/** The code block that follows the doc's `<!-- example: test/docs/examplePlugin.tsx -->` mark. */
function docExample(): string | undefined {
  const doc = readFileSync('docs/writing-a-plugin.md', 'utf8')
  const mark = doc.indexOf(`<!-- example: ${EXAMPLE} -->`)
  if (mark < 0) return undefined
  const fence = /```tsx\n([\s\S]*?)```/.exec(doc.slice(mark))
  return fence?.[1]
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the example plugin of docs/writing-a-plugin.md', () => {
  it('is the code the doc shows, word for word', () => {
    expect(docExample()).toBe(readFileSync(EXAMPLE, 'utf8'))
  })

  it('starts in a kernel with its options, fills its slot from its service, and follows its events', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    const { kernel, faults } = createTestKernel([{ manifest: hello, options: { greeting: 'Hi' } }])
    render(
      <KernelProvider kernel={kernel}>
        <Slot name="header.support" />
      </KernelProvider>,
    )
    expect((await screen.findByTestId('hello')).textContent).toBe('Hi, usb2c shopper')
    expect(console.info).toHaveBeenCalledWith('[hello] started for usb2c shopper')
    expect(faults).toEqual([])

    // Its `logout` handler makes its service forget the shopper.
    act(() => kernel.bus.emit('logout', {}, 'host'))
    expect(kernel.services.get(helloRef).who()).toBe('visitor')
  })

  it('takes the defaults when the brand file sets no options', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {})
    const { kernel } = createTestKernel([hello])
    render(
      <KernelProvider kernel={kernel}>
        <Slot name="header.support" />
      </KernelProvider>,
    )
    expect((await screen.findByTestId('hello')).textContent).toBe('Hello, usb2c shopper')
  })
})
