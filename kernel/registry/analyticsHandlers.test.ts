import { describe, expect, it } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'

/** A plugin that reports its own event. */
const reporter = (id: string, extra: Partial<Parameters<typeof definePlugin>[0]> = {}) =>
  definePlugin({
    id,
    analytics: [{ event: 'updateCart', tags: (e) => ({ event: `${id}_cart`, reason: e.payload.reason }) }],
    ...extra,
  })
/** The plugin that installs the sink (the analytics plugin, in the header). */
const sink = definePlugin({ id: 'sink', analyticsSink: () => ({ push: () => {} }) })

describe('plugins’ analytics handlers (each plugin declares its own)', () => {
  it('are registered under the plugin that declares them: each payload and fault names it', () => {
    const broken = definePlugin({
      id: 'broken',
      analytics: [
        {
          event: 'updateCart',
          tags: () => {
            throw new Error('bad map')
          },
        },
      ],
    })
    const { kernel, pushed, faults } = createTestKernel([sink, reporter('cart'), broken])
    kernel.bus.emit('updateCart', { reason: 'add' }, 'host')
    expect(pushed.map((p) => [p.pluginId, p.payload])).toEqual([
      ['cart', { event: 'cart_cart', reason: 'add' }],
    ])
    expect(faults).toEqual([
      expect.objectContaining({ code: 'ANALYTICS_HANDLER_FAILED', pluginId: 'broken' }),
    ])
    expect(faults[0]?.message).toContain("Plugin 'broken' could not map event 'updateCart'")
  })

  it('a sink that throws is reported under the plugin that installed it, once per event', () => {
    const failingSink = definePlugin({
      id: 'tags',
      analyticsSink: () => ({
        push: () => {
          throw new Error('tag manager down')
        },
      }),
    })
    const twice = definePlugin({
      id: 'cart',
      analytics: [{ event: 'updateCart', tags: () => [{ event: 'one' }, { event: 'two' }] }],
    })
    const { kernel, faults } = createTestKernel([failingSink, twice])
    kernel.bus.emit('updateCart', { reason: 'add' }, 'host')
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['EVENT_HANDLER_FAILED', 'tags']])
    expect(faults[0]?.message).toContain("'one' payload of event 'updateCart'")
  })

  it('are live only while a sink is installed: what comes before waits, then goes in the order raised', () => {
    const other = definePlugin({
      id: 'other',
      analytics: [
        { event: 'logout', tags: (e) => ({ event: 'other_logout', referrer: e.payload.referrer }) },
      ],
    })
    const { kernel, pushed } = createTestKernel([reporter('cart'), other], { pending: ['sink'] })
    kernel.bus.emit('updateCart', { reason: 'first' }, 'host')
    kernel.bus.emit('logout', { referrer: 'second' }, 'auth')
    kernel.bus.emit('updateCart', { reason: 'third' }, 'host')
    expect(pushed).toEqual([])
    kernel.plugins.add([{ manifest: sink }])
    kernel.bus.emit('logout', { referrer: 'live' }, 'auth')
    expect(pushed.map((p) => [p.pluginId, p.payload.event, p.payload.reason ?? p.payload.referrer])).toEqual([
      ['cart', 'cart_cart', 'first'],
      ['other', 'other_logout', 'second'],
      ['cart', 'cart_cart', 'third'],
      ['other', 'other_logout', 'live'],
    ])
  })

  it('a plugin switched off, or one that fails to start, reports nothing; a stopped header reports nothing', () => {
    const failing = reporter('failing', {
      start: () => {
        throw new Error('no start')
      },
    })
    // 'off' is the brand's plugin switched off: not in the list the kernel is given.
    const { kernel, pushed } = createTestKernel([sink, reporter('cart'), failing])
    kernel.bus.emit('updateCart', { reason: 'add' }, 'host')
    expect(pushed.map((p) => p.pluginId)).toEqual(['cart'])
    kernel.plugins.stop()
    kernel.bus.emit('updateCart', { reason: 'after stop' }, 'host')
    expect(pushed).toHaveLength(1)
  })

  it('a plugin that arrives after the sink goes live at once, with what was raised before it', () => {
    const { kernel, pushed } = createTestKernel([sink], { pending: ['cart'] })
    kernel.bus.emit('updateCart', { reason: 'early' }, 'host')
    kernel.plugins.add([{ manifest: reporter('cart') }])
    kernel.bus.emit('updateCart', { reason: 'live' }, 'host')
    expect(pushed.map((p) => p.payload.reason)).toEqual(['early', 'live'])
  })

  it.each<[string, unknown, RegExp]>([
    ['not a list', { updateCart: () => null }, /not a list/],
    ['a handler without tags', [{ event: 'updateCart' }], /without an event name or a tags function/],
    ['a handler without an event', [{ tags: () => null }], /without an event name or a tags function/],
    [
      'two handlers for one event',
      [
        { event: 'updateCart', tags: () => null },
        { event: 'updateCart', tags: () => null },
      ],
      /two analytics handlers for event 'updateCart'/,
    ],
  ])(
    'an invalid list (%s) keeps the plugin from starting, with a clear fault',
    (_what, analytics, message) => {
      const bad = definePlugin({ id: 'bad', analytics: analytics as never })
      const { kernel, faults } = createTestKernel([sink, bad])
      expect(kernel.plugins.started).toEqual(['sink'])
      expect(faults).toEqual([expect.objectContaining({ code: 'PLUGIN_INVALID', pluginId: 'bad' })])
      expect(faults[0]?.message).toMatch(message)
    },
  )
})
