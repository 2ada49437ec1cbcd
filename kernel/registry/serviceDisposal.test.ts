import { describe, expect, it } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'
import { createServiceRef, provide } from '../services/serviceRef'

/**
 * A service that holds something open (a subscription, a BroadcastChannel) declares its clean-up
 * with `provide(…, { dispose })`; the kernel runs it when the service leaves the container. The
 * last created goes first, so every clean-up still finds the services it depends on.
 */
const channelRef = createServiceRef<{ name: string; open: boolean }>('test.channel')
const syncRef = createServiceRef<{ name: string; channel: string }>('test.sync')
const watchRef = createServiceRef<{ name: string }>('test.watch')
const plainRef = createServiceRef<string>('test.plain')

function plugin(opts: { failInStart?: boolean; failIn?: 'watch' } = {}) {
  const disposed: string[] = []
  const manifest = definePlugin({
    id: 'disposing',
    services: [
      provide(channelRef, {}, () => ({ name: 'channel', open: true }), {
        dispose: (channel) => {
          channel.open = false
          disposed.push(channel.name)
        },
      }),
      provide(syncRef, { channel: channelRef }, ({ channel }) => ({ name: 'sync', channel: channel.name }), {
        dispose: (sync) => void disposed.push(`${sync.name} (its channel still open: ${sync.channel})`),
      }),
      // No clean-up declared: nothing runs for it, and it still leaves the container.
      provide(plainRef, {}, () => 'plain'),
      provide(
        watchRef,
        { sync: syncRef },
        () => {
          if (opts.failIn === 'watch') throw new Error('watch refused')
          return { name: 'watch' }
        },
        { dispose: (watch) => void disposed.push(watch.name) },
      ),
    ],
    start: () => {
      if (opts.failInStart) throw new Error('start-up refused')
      return () => void disposed.push('start hook clean-up')
    },
  })
  return { manifest, disposed }
}

describe('services declare their clean-up; the kernel runs it when they leave', () => {
  it('nothing is disposed while the plugin runs', () => {
    const p = plugin()
    const { kernel } = createTestKernel([p.manifest])
    expect(kernel.plugins.started).toEqual(['disposing'])
    expect(kernel.services.get(channelRef).open).toBe(true)
    expect(p.disposed).toEqual([])
  })

  it('stop(): the start hook clean-up, then the services in reverse creation order', () => {
    const p = plugin()
    const { kernel } = createTestKernel([p.manifest])
    const channel = kernel.services.get(channelRef)
    kernel.plugins.stop()
    expect(p.disposed).toEqual([
      'start hook clean-up',
      'watch',
      'sync (its channel still open: channel)',
      'channel',
    ])
    expect(channel.open).toBe(false)
    for (const ref of [channelRef, syncRef, watchRef, plainRef]) expect(kernel.services.has(ref)).toBe(false)
  })

  it('a start hook that fails: every service is disposed, last created first', () => {
    const p = plugin({ failInStart: true })
    const { kernel, faults } = createTestKernel([p.manifest])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['PLUGIN_SETUP_FAILED', 'disposing']])
    expect(p.disposed).toEqual(['watch', 'sync (its channel still open: channel)', 'channel'])
    expect(kernel.services.has(channelRef)).toBe(false)
  })

  it('a factory that fails: the services created before it are disposed, in reverse order', () => {
    const p = plugin({ failIn: 'watch' })
    const { kernel, faults } = createTestKernel([p.manifest])
    expect(faults[0]?.message).toContain('watch refused')
    expect(p.disposed).toEqual(['sync (its channel still open: channel)', 'channel'])
    expect(kernel.services.has(syncRef)).toBe(false)
  })

  it('a clean-up that throws does not stop the others', () => {
    const disposed: string[] = []
    const manifest = definePlugin({
      id: 'throwing',
      services: [
        provide(plainRef, {}, () => 'first', { dispose: (v) => void disposed.push(v) }),
        provide(channelRef, {}, () => ({ name: 'second', open: true }), {
          dispose: () => {
            throw new Error('already closed')
          },
        }),
      ],
    })
    const { kernel } = createTestKernel([manifest])
    kernel.plugins.stop()
    expect(disposed).toEqual(['first'])
    expect(kernel.services.has(plainRef)).toBe(false)
  })
})
