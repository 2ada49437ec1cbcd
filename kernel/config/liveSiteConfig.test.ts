import { describe, expect, it } from 'vitest'
import { labelsFrom } from '../../contracts/labels'
import { DEFAULT_SITE_CONFIG, parseSiteConfig } from '../../contracts/siteConfig'
import type { HeaderContext } from '../services/kernelRefs'
import { liveSiteConfig } from './liveSiteConfig'

describe('the live site configuration', () => {
  it('replaces configuration and labels in the same context object and tells every listener', () => {
    const context: HeaderContext = {
      brand: 'usb2c',
      lang: 'en',
      correlationId: 'c',
      location: { pathname: '/', search: '', hash: '' },
      siteConfig: DEFAULT_SITE_CONFIG,
      labels: labelsFrom([]),
      hiddenInputs: {},
    }
    const live = liveSiteConfig(context)
    const heard: number[] = []
    live.subscribe(() => {
      throw new Error('a broken listener')
    })
    const stop = live.subscribe(() => heard.push(live.version()))
    const next = {
      siteConfig: parseSiteConfig([{ key: 'header.allowed.cookies', value: 'CustomerID' }]),
      labels: labelsFrom([{ key: 'header.cart.label', value: 'Bag' }]),
    }
    live.replace(next)
    expect(context.siteConfig.allowedCookies).toEqual(['CustomerID'])
    expect(context.labels['header.cart.label']).toBe('Bag')
    expect(heard).toEqual([1])
    stop()
    live.replace(next)
    expect(heard).toEqual([1])
    expect(live.version()).toBe(2)
  })
})
