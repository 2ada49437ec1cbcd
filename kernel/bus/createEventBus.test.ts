import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEventBus } from './createEventBus'
import type { KernelFault } from './events'

const setup = () => {
  const faults: KernelFault[] = []
  const bus = createEventBus({ correlationId: () => 'cid-1', onFault: (f) => faults.push(f), now: () => 42 })
  return { bus, faults }
}

describe('event bus', () => {
  it('delivers the payload in an envelope with correlation id, source and time', () => {
    const { bus } = setup()
    const seen: unknown[] = []
    bus.on('updateCart', (e) => seen.push(e), 'auth')
    bus.emit('updateCart', { reason: 'add' }, 'cart')
    expect(seen).toEqual([
      { type: 'updateCart', payload: { reason: 'add' }, correlationId: 'cid-1', source: 'cart', ts: 42 },
    ])
  })

  it('keeps calling the other handlers when one throws, and reports the thrower by plugin id', () => {
    const { bus, faults } = setup()
    const calls: string[] = []
    bus.on('logout', () => calls.push('a'), 'a')
    bus.on(
      'logout',
      () => {
        throw new Error('boom')
      },
      'bad-plugin',
    )
    bus.on('logout', () => calls.push('c'), 'c')
    bus.emit('logout', {}, 'host')
    expect(calls).toEqual(['a', 'c'])
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ code: 'EVENT_HANDLER_FAILED', pluginId: 'bad-plugin' })
    expect(faults[0]?.message).toContain("event 'logout'")
  })

  it('unsubscribes', () => {
    const { bus } = setup()
    let n = 0
    const off = bus.on('rotateToken', () => n++, 'x')
    bus.emit('rotateToken', {}, 'host')
    off()
    bus.emit('rotateToken', {}, 'host')
    expect(n).toBe(1)
  })

  it('onAny sees every event type', () => {
    const { bus } = setup()
    const types: string[] = []
    bus.onAny((e) => types.push(e.type), 'logging')
    bus.emit('rotateToken', {}, 'host')
    bus.emit('updateCart', {}, 'host')
    expect(types).toEqual(['rotateToken', 'updateCart'])
  })

  it('property: any mix of throwing and good handlers — every good one runs, each thrower is reported once', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 30 }), (throws) => {
        const { bus, faults } = setup()
        let good = 0
        throws.forEach((t, i) => {
          bus.on(
            'updateCart',
            () => {
              if (t) throw new Error(`h${i}`)
              good++
            },
            `p${i}`,
          )
        })
        bus.emit('updateCart', {}, 'host')
        expect(good).toBe(throws.filter((t) => !t).length)
        expect(faults.map((f) => f.pluginId)).toEqual(throws.flatMap((t, i) => (t ? [`p${i}`] : [])))
      }),
    )
  })

  it('a throwing fault reporter does not break emitting', () => {
    const bus = createEventBus({
      correlationId: () => 'c',
      onFault: () => {
        throw new Error('reporter down')
      },
    })
    let ran = false
    bus.on(
      'logout',
      () => {
        throw new Error('x')
      },
      'a',
    )
    bus.on('logout', () => (ran = true), 'b')
    expect(() => bus.emit('logout', {}, 'host')).not.toThrow()
    expect(ran).toBe(true)
  })
})
