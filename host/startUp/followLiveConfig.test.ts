// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { SiteConfigResponse } from '../../contracts/cms'
import type { LiveSiteConfig } from '../../kernel/config/liveSiteConfig'
import type { HttpResult } from '../../kernel/http/httpError'
import type { Kernel } from '../../kernel/kernel'
import type { BrandConfig } from '../brands/defineBrand'
import type { StartUpCall } from '../data/loadHeaderData'
import type { PageContext } from '../pageContext'
import { followLiveConfig } from './followLiveConfig'

const config = (disabled: string): SiteConfigResponse => ({
  siteConfigurations: { entry: [{ key: 'header.plugins.disabled', value: disabled }] },
  messageItems: { entry: [] },
})

describe('followLiveConfig on an open page', () => {
  it('asks again when the page is shown again and every minute, and hides a plugin switched off meanwhile', async () => {
    vi.useFakeTimers()
    let answer = config('')
    const ask = vi.fn(
      async (): Promise<HttpResult<SiteConfigResponse>> => ({ ok: true, data: answer, status: 200 }),
    )
    const hide = vi.fn()
    const kernel = { plugins: { hide, expect: vi.fn() } } as unknown as Kernel
    const siteCall: StartUpCall<SiteConfigResponse> = {
      first: Promise.resolve({ source: 'live', data: config('') }),
      later: Promise.resolve(undefined),
    }
    followLiveConfig(siteCall, {
      live: { replace: vi.fn() } as unknown as LiveSiteConfig,
      kernel,
      brand: { plugins: [{ id: 'nav' }, { id: 'loyalty' }] } as unknown as BrandConfig,
      page: { disabledPlugins: [] } as unknown as PageContext,
      disabled: new Set(),
      refresh: { ask, win: window },
    })
    await vi.advanceTimersByTimeAsync(0)
    // Unchanged: nothing hidden.
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(ask).toHaveBeenCalledTimes(1)
    expect(hide).not.toHaveBeenCalled()
    answer = config('loyalty')
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(hide).toHaveBeenCalledWith(['loyalty'])
    // The minute's refresh asks again; the same answer hides nothing twice.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(ask).toHaveBeenCalledTimes(3)
    expect(hide).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
  })
})
