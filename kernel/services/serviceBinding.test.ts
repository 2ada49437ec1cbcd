import { describe, expect, it } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { busRef } from './kernelRefs'
import { bindService } from './serviceBinding'
import { createServiceRef, provide } from './serviceRef'

const pageRef = createServiceRef<{ title: string }>('host.page')
const titleRef = createServiceRef<string>('test.title')

describe('services the host provides (createKernel services)', () => {
  it('are in the container before plugins start: factories and start hooks get them', () => {
    let seenInStart: string | undefined
    const plugin = definePlugin({
      id: 'reader',
      services: [provide(titleRef, { page: pageRef }, ({ page }) => page.title)],
      start: (ctx) => {
        seenInStart = ctx.get(pageRef).title
      },
    })
    const { kernel, faults } = createTestKernel([plugin], {
      services: [bindService(pageRef, { title: 'Home' })],
    })
    expect(faults).toEqual([])
    expect(kernel.services.get(titleRef)).toBe('Home')
    expect(seenInStart).toBe('Home')
  })

  it("a ref of the kernel's own, or one bound twice, is refused with its id", () => {
    expect(() => createTestKernel([], { services: [bindService(busRef, {} as never)] })).toThrow(
      /service 'kernel\.bus' is already in the container/,
    )
    const twice = [bindService(pageRef, { title: 'a' }), bindService(pageRef, { title: 'b' })]
    expect(() => createTestKernel([], { services: twice })).toThrow(/'host\.page'/)
  })
})
