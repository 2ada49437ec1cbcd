import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { agentSessionRef } from '../../contracts/serviceRefs'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { eagerSlot } from '../plugin/slots'
import { headerContextRef } from '../services/kernelRefs'
import { createServiceRef, provide } from '../services/serviceRef'

const Empty = () => null
const countRef = createServiceRef<{ n: number }>('test.count')
const doubleRef = createServiceRef<{ n: number }>('test.double')
/** A plugin that installs an analytics sink: plugins' analytics handlers are live only while one is. */
const SINK = definePlugin({ id: 'sink', analyticsSink: () => ({ push: () => {} }) })

describe('plugin registry', () => {
  it('starts plugins in dependency order, wiring services from their providers', () => {
    const order: string[] = []
    const base = definePlugin({
      id: 'base',
      services: [
        provide(countRef, {}, () => {
          order.push('base')
          return { n: 2 }
        }),
      ],
    })
    const user = definePlugin({
      id: 'user',
      requires: ['base'],
      services: [
        provide(doubleRef, { count: countRef }, ({ count }) => {
          order.push('user')
          return { n: count.n * 2 }
        }),
      ],
    })
    const { kernel, faults } = createTestKernel([user, base])
    expect(faults).toEqual([])
    expect(order).toEqual(['base', 'user'])
    expect(kernel.plugins.started).toEqual(['base', 'user'])
    expect(kernel.services.get(doubleRef).n).toBe(4)
  })

  it('hide takes a switched-off plugin out of every slot at once, tells subscribers, and ignores its late arrival', () => {
    const one = definePlugin({ id: 'one', slots: { 'header.cart': eagerSlot(Empty) } })
    const two = definePlugin({
      id: 'two',
      slots: { 'header.cart': eagerSlot(Empty), 'header.logo': eagerSlot(Empty) },
    })
    const late = definePlugin({ id: 'late', slots: { 'header.logo': eagerSlot(Empty) } })
    const { kernel } = createTestKernel([one, two])
    let told = 0
    kernel.plugins.subscribe(() => {
      told += 1
    })
    const before = kernel.plugins.slots.get('header.cart')
    kernel.plugins.hide(['two', 'late'])
    expect(kernel.plugins.slots.get('header.cart')?.map((e) => e.pluginId)).toEqual(['one'])
    expect(kernel.plugins.slots.get('header.cart')).not.toBe(before)
    expect(kernel.plugins.slots.get('header.logo')).toEqual([])
    expect(told).toBe(1)
    expect([kernel.plugins.isHidden('two'), kernel.plugins.isHidden('one')]).toEqual([true, false])
    kernel.plugins.add([{ manifest: late }])
    expect(kernel.plugins.started).not.toContain('late')
    expect(kernel.plugins.slots.get('header.logo')).toEqual([])
    kernel.plugins.hide(['two'])
    expect(told).toBe(2) // the add above told; hiding again changes nothing and tells nobody
  })

  it('ctx.optional gives a service when some plugin provides it, undefined when none does', () => {
    const seen: unknown[] = []
    const base = definePlugin({ id: 'base', services: [provide(countRef, {}, () => ({ n: 1 }))] })
    const reader = definePlugin({
      id: 'reader',
      start: (ctx) => {
        seen.push(ctx.optional(countRef)?.n, ctx.optional(doubleRef))
      },
    })
    createTestKernel([base, reader])
    expect(seen).toEqual([1, undefined])
  })

  it('disables a plugin whose setup throws, with a coded fault naming it, and keeps the others', () => {
    const bad = definePlugin({
      id: 'bad',
      slots: { 'header.search': eagerSlot(Empty) },
      start: () => {
        throw new Error('cannot read options')
      },
    })
    const good = definePlugin({ id: 'good', slots: { 'header.nav': eagerSlot(Empty) } })
    const { kernel, faults } = createTestKernel([bad, good])
    expect(kernel.plugins.started).toEqual(['good'])
    expect(faults).toHaveLength(1)
    expect(faults[0]).toMatchObject({ code: 'PLUGIN_SETUP_FAILED', pluginId: 'bad' })
    expect(faults[0]?.message).toContain("Plugin 'bad' failed to start")
    expect(kernel.plugins.slots.has('header.search')).toBe(false)
    expect(kernel.plugins.slots.get('header.nav')).toHaveLength(1)
  })

  it('names the switched-off requirement and the brand', () => {
    const search = definePlugin({ id: 'search', requires: ['consent'] })
    const { faults, kernel } = createTestKernel([search], { context: { brand: 'usafh' } })
    expect(kernel.plugins.started).toEqual([])
    expect(faults[0]).toMatchObject({
      code: 'PLUGIN_MISSING_REQUIREMENT',
      pluginId: 'search',
      message: "Plugin 'search' needs 'consent', which brand 'usafh' has switched off.",
    })
  })

  it('disables dependents of a plugin that failed at setup', () => {
    const a = definePlugin({
      id: 'a',
      start: () => {
        throw new Error('x')
      },
    })
    const b = definePlugin({ id: 'b', requires: ['a'] })
    const { faults, kernel } = createTestKernel([a, b])
    expect(kernel.plugins.started).toEqual([])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([
      ['PLUGIN_SETUP_FAILED', 'a'],
      ['PLUGIN_DISABLED_BY_DEPENDENCY', 'b'],
    ])
  })

  it('rejects bad ids, duplicate ids, unknown slots and cycles with their codes', () => {
    const { faults, kernel } = createTestKernel([
      definePlugin({ id: 'Bad Id' }),
      definePlugin({ id: 'dup' }),
      definePlugin({ id: 'dup' }),
      { manifest: definePlugin({ id: 'slotty', slots: { 'header.nowhere': eagerSlot(Empty) } as never }) },
      definePlugin({ id: 'x', requires: ['y'] }),
      definePlugin({ id: 'y', requires: ['x'] }),
    ])
    expect(kernel.plugins.started).toEqual(['dup'])
    expect(faults.map((f) => f.code).sort()).toEqual(
      [
        'PLUGIN_DEPENDENCY_CYCLE',
        'PLUGIN_DEPENDENCY_CYCLE',
        'PLUGIN_DUPLICATE_ID',
        'PLUGIN_INVALID',
        'PLUGIN_UNKNOWN_SLOT',
      ].sort(),
    )
  })

  it('validates brand options against the plugin schema', () => {
    const withOptions = definePlugin({ id: 'ship', options: v.object({ threshold: v.number() }) })
    const { faults } = createTestKernel([{ manifest: withOptions, options: { threshold: 'sixty' } }])
    expect(faults[0]).toMatchObject({ code: 'PLUGIN_INVALID', pluginId: 'ship' })
    expect(faults[0]?.message).toContain('threshold')
    let seen: unknown
    const ok = definePlugin({
      id: 'ship',
      options: v.object({ threshold: v.number() }),
      start: (c) => void (seen = c.options),
    })
    createTestKernel([{ manifest: ok, options: { threshold: 60 } }])
    expect(seen).toEqual({ threshold: 60 })
  })

  it('wires event handlers and turns analytics handlers into tag payloads with the correlation id', () => {
    const seen: string[] = []
    const p = definePlugin({
      id: 'cart',
      events: { updateCart: (e) => void seen.push(e.source) },
      analytics: [{ event: 'updateCart', tags: (e) => ({ event: 'cart_update', reason: e.payload.reason }) }],
    })
    const { kernel, pushed } = createTestKernel([SINK, p])
    kernel.bus.emit('updateCart', { reason: 'add' }, 'host')
    expect(seen).toEqual(['host'])
    expect(pushed).toEqual([
      {
        payload: { event: 'cart_update', reason: 'add' },
        pluginId: 'cart',
        correlationId: 'test-correlation-id',
      },
    ])
  })

  it('reports a throwing analytics handler without stopping other handlers', () => {
    const p = definePlugin({
      id: 'an',
      analytics: [
        {
          event: 'logout',
          tags: () => {
            throw new Error('bad map')
          },
        },
      ],
    })
    let ok = false
    const q = definePlugin({ id: 'other', events: { logout: () => void (ok = true) } })
    const { kernel, faults } = createTestKernel([SINK, p, q])
    kernel.bus.emit('logout', {}, 'host')
    expect(ok).toBe(true)
    expect(faults[0]).toMatchObject({ code: 'ANALYTICS_HANDLER_FAILED', pluginId: 'an' })
  })

  it('stop() unsubscribes handlers and runs clean-ups', () => {
    let n = 0
    let cleaned = false
    const p = definePlugin({
      id: 'p',
      events: { rotateToken: () => void n++ },
      start: () => () => void (cleaned = true),
    })
    const { kernel } = createTestKernel([p])
    kernel.plugins.stop()
    kernel.bus.emit('rotateToken', {}, 'host')
    expect(n).toBe(0)
    expect(cleaned).toBe(true)
  })

  it('property: whatever subset of plugins throws, exactly the others (and not their dependents) start', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ throws: fc.boolean(), dependsOnPrev: fc.boolean() }), { maxLength: 12 }),
        (specs) => {
          const plugins = specs.map((s, i) =>
            definePlugin({
              id: `p${i}`,
              requires: s.dependsOnPrev && i > 0 ? [`p${i - 1}`] : [],
              start: () => {
                if (s.throws) throw new Error('no')
              },
            }),
          )
          const { kernel } = createTestKernel(plugins)
          const expected: string[] = []
          const up = new Set<number>()
          specs.forEach((s, i) => {
            const depOk = !(s.dependsOnPrev && i > 0) || up.has(i - 1)
            if (!s.throws && depOk) {
              up.add(i)
              expected.push(`p${i}`)
            }
          })
          expect(kernel.plugins.started).toEqual(expected)
        },
      ),
    )
  })
})

describe('agent flag', () => {
  it('is asked of the plugin that provides agentSessionRef; without one the kernel has no agent flag of its own', () => {
    let agent = false
    const auth = definePlugin({ id: 'auth', services: [provide(agentSessionRef, {}, () => () => agent)] })
    const withAuth = createTestKernel([auth]).kernel.services.get(agentSessionRef)
    expect(withAuth()).toBe(false)
    agent = true
    expect(withAuth()).toBe(true)
    const without = createTestKernel([]).kernel
    expect(without.services.has(agentSessionRef)).toBe(false)
    expect('isAgent' in without.services.get(headerContextRef)).toBe(false)
  })
})
