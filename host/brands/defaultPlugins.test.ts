import { describe, expect, it } from 'vitest'
import { BRAND_NAMES, BRANDS } from '../../site/brand'
import { DEFAULT_PLUGINS, withDefaultPlugins } from './defaultPlugins'
import { BRAND_CONFIGS } from './index'

const ids = (list: readonly { id: string }[]) => list.map((p) => p.id)

describe('the default plugins and what a brand file changes', () => {
  it('a brand’s entry takes the place of the default of its id, in the default order', () => {
    const consent = { id: 'consent', options: { notices: 'ca' } } as const
    const out = withDefaultPlugins([consent])
    expect(ids(out)).toEqual(ids(DEFAULT_PLUGINS))
    expect(out.find((p) => p.id === 'consent')).toBe(consent)
    expect(out.filter((p) => p.id !== 'consent')).toEqual(DEFAULT_PLUGINS.filter((p) => p.id !== 'consent'))
  })

  it('every brand runs the default plugins in the default order, its own options where it differs', () => {
    for (const brand of BRANDS) {
      expect(ids(BRAND_CONFIGS[brand].plugins)).toEqual([
        'logging',
        'analytics',
        'consent',
        'content',
        'nav',
        'search',
        'auth',
        'loyalty',
      ])
    }
    expect(BRAND_CONFIGS.cab2c.plugins.find((p) => p.id === 'search')?.options).toMatchObject({
      imageSuffix: '_CA',
    })
    expect(BRAND_CONFIGS.usb2c.plugins.find((p) => p.id === 'search')?.options).toBeUndefined()
  })

  it('the logo shows the brand’s name as site/brand.ts spells it', () => {
    for (const brand of BRANDS) expect(BRAND_CONFIGS[brand].shell.displayName).toBe(BRAND_NAMES[brand].logo)
  })
})
