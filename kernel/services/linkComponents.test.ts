import { describe, expect, it, vi } from 'vitest'
import { createLinkComponents } from './linkComponents'

const load = async () => ({ default: () => null })

describe('link components registry', () => {
  it('registers under the plugin namespace, tells listeners, and removes again', () => {
    const registry = createLinkComponents()
    const listener = vi.fn()
    registry.subscribe(listener)
    const remove = registry.register('shell', 'shell.languageLinks', { load })
    expect(registry.get('shell.languageLinks')).toMatchObject({ pluginId: 'shell', load })
    expect(listener).toHaveBeenCalledTimes(1)
    const before = registry.version()
    remove()
    expect(registry.get('shell.languageLinks')).toBeUndefined()
    expect(registry.version()).toBe(before + 1)
    remove() // twice is harmless
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('refuses a taken id and an id outside the plugin namespace', () => {
    const registry = createLinkComponents()
    registry.register('shell', 'shell.languageLinks', { load })
    expect(() => registry.register('nav', 'shell.languageLinks', { load })).toThrow(/must be 'nav\.<name>'/)
    expect(() => registry.register('shell', 'shell.languageLinks', { load })).toThrow(
      "link component 'shell.languageLinks' is already registered by 'shell'",
    )
    expect(() => registry.register('shell', 'shell.<img>', { load })).toThrow(/letters and digits/)
  })

  it('a stale removal never takes out a later registration of the same id', () => {
    const registry = createLinkComponents()
    const first = registry.register('shell', 'shell.a', { load })
    first()
    registry.register('shell', 'shell.a', { load })
    first()
    expect(registry.get('shell.a')).toBeDefined()
  })
})
