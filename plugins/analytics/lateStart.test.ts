// @vitest-environment jsdom
import { BehaviorSubject } from 'rxjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ShopperAccount, type ShopperSession, shopperAccountRef } from '../../contracts/serviceRefs'
import type { TealiumTags } from '../../contracts/tealiumTags'
import type { KernelHttpClient } from '../../kernel/http/createHttpClient'
import { bindService } from '../../kernel/services/serviceBinding'
import { stateStream } from '../../kernel/state/stateStream'
import { createAnalyticsKernel } from '../../test/analyticsKernel'
import { createTestKernel } from '../../test/createTestKernel'
import { CUSTOMER_TAGS_KEY } from './customerTags'
import analyticsPlugin from './index'

/**
 * The analytics plugin draws no part, so it may start once every part of the header is live. What
 * the shopper did meanwhile still reaches its event handlers (the kernel's backlog): here, joining
 * the perks programme, after which the tab's copy of the customer fields (which said "not a member")
 * must not be used again.
 */
const CUSTOMER = '8000000101'
const tags = (loyalty: TealiumTags['customer_loyalty']): TealiumTags => ({
  customer_id: CUSTOMER,
  customer_status: 'registered',
  customer_group: 'customergroup',
  customer_price_group: '',
  customer_loyalty: loyalty,
  customer_auto_delivery: 'ADF',
})

function signedInShopper(): ShopperAccount {
  const session: ShopperSession = { status: 'signedIn', customerId: CUSTOMER, agent: null }
  return {
    session$: stateStream(new BehaviorSubject<ShopperSession>(session)),
    customer$: stateStream(new BehaviorSubject({ status: 'loading' } as never)),
    reloadCustomer: async () => {},
  }
}

/** The store's getTealiumTags, answering what the customer is now. */
function tealiumTags(answer: TealiumTags) {
  const asked: string[] = []
  const http: KernelHttpClient = {
    request: (async (req: { path: string }) => {
      asked.push(req.path)
      return { ok: true, status: 200, data: answer }
    }) as never,
    installTokenPort: () => () => {},
    addHeaderProvider: () => () => {},
  }
  return { http, asked }
}

afterEach(() => {
  sessionStorage.clear()
  delete (window as { utag?: unknown }).utag
})

describe('the analytics plugin starting after the shopper acted', () => {
  it('a perks opt-in raised before its code arrived drops the tab’s copy: the next page view says member', async () => {
    // The tab's copy from an earlier page: not a member yet.
    sessionStorage.setItem(
      CUSTOMER_TAGS_KEY,
      JSON.stringify({ customerId: CUSTOMER, at: Date.now(), tags: tags('not member') }),
    )
    const firstViews: unknown[] = []
    ;(window as { utag?: unknown }).utag = { link: () => {}, view: (data: unknown) => firstViews.push(data) }
    const shopper = signedInShopper()
    const page = createTestKernel([], {
      pending: ['analytics'],
      services: [bindService(shopperAccountRef, shopper)],
      http: tealiumTags(tags('member')).http,
    })
    // The shopper joins the programme from the header before the analytics code has started.
    page.kernel.bus.emit(
      'loyalty:optedIn',
      { origin: 'header', agent: false, alreadyOptedIn: false },
      'loyalty',
    )
    page.kernel.plugins.add([{ manifest: analyticsPlugin }])
    expect(page.kernel.plugins.started).toEqual(['analytics'])
    await vi.waitFor(() => expect(firstViews).toHaveLength(1))
    expect(sessionStorage.getItem(CUSTOMER_TAGS_KEY)).toBeNull()
    page.kernel.plugins.stop()

    // The next page asks the store again, and its page view carries the membership.
    const store = tealiumTags(tags('member'))
    const next = createAnalyticsKernel([], {
      services: [bindService(shopperAccountRef, signedInShopper())],
      http: store.http,
    })
    await vi.waitFor(() => expect(next.sent.filter((s) => s.call === 'view')).toHaveLength(1))
    expect(store.asked).toEqual(['getTealiumTags'])
    expect(next.sent.find((s) => s.call === 'view')?.data).toMatchObject({ customer_loyalty: 'member' })
  })
})
