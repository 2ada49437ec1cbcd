import { describe, expect, it, vi } from 'vitest'
import { createTestKernel } from '../../test/createTestKernel'
import { definePlugin } from '../plugin/definePlugin'

const load = async () => ({ default: () => null })

/** Custom link components are a manifest field: registered while their plugin runs, and only then. */
describe('link components (manifest linkComponents)', () => {
  it('registers under the plugin namespace, tells listeners, and removes again when the plugin stops', () => {
    const { kernel } = createTestKernel([], { pending: ['shell'] })
    const listener = vi.fn()
    kernel.plugins.subscribe(listener)
    kernel.plugins.add([
      { manifest: definePlugin({ id: 'shell', linkComponents: { languageLinks: { load } } }) },
    ])
    expect(kernel.plugins.linkComponents.get('shell.languageLinks')).toMatchObject({
      pluginId: 'shell',
      contribution: { load },
    })
    expect([...kernel.plugins.linkComponents.keys()]).toEqual(['shell.languageLinks'])
    expect(listener).toHaveBeenCalledTimes(1)
    kernel.plugins.stop()
    expect(kernel.plugins.linkComponents.get('shell.languageLinks')).toBeUndefined()
    kernel.plugins.stop() // twice is harmless
    expect(listener).toHaveBeenCalledTimes(3)
    expect(kernel.plugins.linkComponents.size).toBe(0)
  })

  it('hands the plugin its decoded options (usePluginOptions inside the component)', () => {
    const plugin = definePlugin({ id: 'demo', linkComponents: { badge: { load } } })
    const { kernel } = createTestKernel([{ manifest: plugin, options: { tone: 'warm' } }])
    expect(kernel.plugins.linkComponents.get('demo.badge')?.options).toEqual({ tone: 'warm' })
  })

  it('refuses a name outside the plugin namespace, a name that is not letters and digits, and no load', () => {
    const { kernel, faults } = createTestKernel([
      definePlugin({ id: 'nav', linkComponents: { 'shell.languageLinks': { load } } }),
      definePlugin({ id: 'shell', linkComponents: { '<img>': { load } } }),
      definePlugin({ id: 'other', linkComponents: { widget: {} as never } }),
    ])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([
      ['PLUGIN_INVALID', 'nav'],
      ['PLUGIN_INVALID', 'shell'],
      ['PLUGIN_INVALID', 'other'],
    ])
    expect(faults[0]?.message).toMatch(/registers it as 'nav\.<name>'/)
    expect(faults[1]?.message).toMatch(/'<img>': a name is letters and digits/)
    expect(faults[2]?.message).toContain("link component 'widget' without a load function")
    expect(kernel.plugins.started).toEqual([])
    expect(kernel.plugins.linkComponents.size).toBe(0)
  })

  it('a taken id is refused: a second plugin of the same id never replaces the running one', () => {
    const first = async () => ({ default: () => 'first' })
    const { kernel, faults } = createTestKernel([
      definePlugin({ id: 'shell', linkComponents: { languageLinks: { load: first } } }),
    ])
    kernel.plugins.add([
      { manifest: definePlugin({ id: 'shell', linkComponents: { languageLinks: { load } } }) },
    ])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['PLUGIN_DUPLICATE_ID', 'shell']])
    expect(kernel.plugins.linkComponents.get('shell.languageLinks')?.contribution.load).toBe(first)
  })

  it('a plugin that fails to start registers nothing; a hidden one is taken out at once', () => {
    const { kernel, faults } = createTestKernel([
      definePlugin({
        id: 'broken',
        linkComponents: { a: { load } },
        start: () => {
          throw new Error('no')
        },
      }),
      definePlugin({ id: 'shown', linkComponents: { a: { load } } }),
      definePlugin({ id: 'hidden', linkComponents: { a: { load } } }),
    ])
    expect(faults.map((f) => [f.code, f.pluginId])).toEqual([['PLUGIN_SETUP_FAILED', 'broken']])
    expect([...kernel.plugins.linkComponents.keys()]).toEqual(['shown.a', 'hidden.a'])
    const listener = vi.fn()
    kernel.plugins.subscribe(listener)
    kernel.plugins.hide(['hidden'])
    expect([...kernel.plugins.linkComponents.keys()]).toEqual(['shown.a'])
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('a stopped plugin that is added again registers afresh (the old removal is spent)', () => {
    const plugin = definePlugin({ id: 'shell', linkComponents: { a: { load } } })
    const { kernel } = createTestKernel([plugin])
    kernel.plugins.stop()
    kernel.plugins.add([{ manifest: plugin }])
    kernel.plugins.stop()
    kernel.plugins.add([{ manifest: plugin }])
    expect(kernel.plugins.linkComponents.get('shell.a')).toBeDefined()
  })
})
