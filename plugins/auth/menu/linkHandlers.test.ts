// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { labelsFrom } from '../../../contracts/labels'
import { type LinkClickHandler, linkHandlersRef } from '../../../contracts/serviceRefs'
import { DEFAULT_SITE_CONFIG } from '../../../contracts/siteConfig'
import { createEventBus } from '../../../kernel/bus/createEventBus'
import { createHttpClient } from '../../../kernel/http/createHttpClient'
import { loginFlyoutRef } from '../authRefs'
import { startAuthPlugin } from '../test/startAuthPlugin'
import { memoryStorage } from '../tokens/storage'
import { fakeChannelHub, memoryCookies } from '../tokens/testing'
import { createLinkHandlers } from './linkHandlers'
import '../events'

/** A click as the browser gives it to a link's listener: cancelable, so a handler can keep the page. */
const click = () => new MouseEvent('click', { cancelable: true })

function registry() {
  const logged: { eventType: string; message: string }[] = []
  const args = {
    signOut: vi.fn(async () => {}),
    identityProviderLogout: vi.fn(async () => {}),
    siteConfig: () => DEFAULT_SITE_CONFIG,
  }
  const handlers = createLinkHandlers(args, (eventType, message) => void logged.push({ eventType, message }))
  return { handlers, args, logged }
}

describe('the named link handlers (header spec §3 clickHandler; navigation spec §3, §7)', () => {
  it('runs a registered handler with the event, a sign-out, the identity provider’s logout and the site configuration', () => {
    const { handlers, args } = registry()
    const seen: Parameters<LinkClickHandler>[] = []
    handlers.register('probe', (...given) => void seen.push(given))
    const event = click()
    expect(handlers.run('probe', event)).toBe(true)
    expect(seen).toHaveLength(1)
    const [given, signOut, idpLogout, siteConfig] = seen[0]!
    expect(given).toBe(event)
    expect(signOut).toBe(args.signOut)
    expect(idpLogout).toBe(args.identityProviderLogout)
    expect(siteConfig).toBe(DEFAULT_SITE_CONFIG)
  })

  it('an unknown name runs nothing, leaves the click a plain link’s, and is logged once', () => {
    const { handlers, logged } = registry()
    handlers.register('logout', () => {})
    const event = click()
    expect(handlers.run('alert(document.cookie)', event)).toBe(false)
    expect(handlers.run('alert(document.cookie)', click())).toBe(false)
    expect(event.defaultPrevented).toBe(false)
    expect(logged).toEqual([
      {
        eventType: 'LINK_HANDLER_UNKNOWN',
        message:
          "no link handler is named 'alert(document.cookie)' (registered: logout); the link is a plain link",
      },
    ])
  })

  it('refuses a taken name or one that is not a name; a handler that throws is logged, the link goes on', () => {
    const { handlers, logged } = registry()
    const first = vi.fn()
    handlers.register('openJoinModal', first)
    handlers.register('openJoinModal', () => {
      throw new Error('second')
    })
    handlers.register('javascript:alert(1)', () => {})
    expect(handlers.names()).toEqual(['openJoinModal'])
    handlers.run('openJoinModal', click())
    expect(first).toHaveBeenCalledTimes(1)
    const remove = handlers.register('broken', () => {
      throw new Error('boom')
    })
    expect(handlers.run('broken', click())).toBe(false)
    remove()
    expect(handlers.names()).toEqual(['openJoinModal'])
    expect(logged.map((l) => l.eventType)).toEqual([
      'LINK_HANDLER_REFUSED',
      'LINK_HANDLER_REFUSED',
      'LINK_HANDLER_FAILED',
    ])
  })
})

describe('the auth plugin’s own handlers, as its manifest registers them', () => {
  afterEach(() => vi.unstubAllGlobals())

  function anonymousTab() {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }))
    const bus = createEventBus({ correlationId: () => 'cid', onFault: () => {} })
    const logouts: unknown[] = []
    bus.on('logout', (e) => void logouts.push(e.payload), 'test')
    const identityLogouts: string[] = []
    const started = startAuthPlugin({
      http: createHttpClient({ brand: 'usb2c', origin: 'http://shop.test', correlationId: () => 'cid' }),
      bus,
      cookies: memoryCookies().writer,
      context: {
        brand: 'usb2c',
        lang: 'en',
        correlationId: 'cid',
        location: { pathname: '/c/coffee', search: '', hash: '' },
        siteConfig: { ...DEFAULT_SITE_CONFIG, logoutCallbackUrl: '/logout' },
        labels: labelsFrom([]),
        hiddenInputs: {},
      },
      environment: {
        storage: { session: memoryStorage(), local: memoryStorage() },
        locks: null,
        broadcastChannel: fakeChannelHub().open,
        page: { href: () => 'http://shop.test/c/coffee', replace: () => {}, assign: () => {} },
        identity: {
          loginWithRedirect: async () => {},
          handleRedirectCallback: async () => undefined,
          logout: async (returnTo) => void identityLogouts.push(returnTo),
        },
      },
    })
    return { ...started, logouts, identityLogouts }
  }

  it('registers logout and openLoginPopup', async () => {
    const t = anonymousTab()
    await t.auth.ready
    expect(t.services.get(linkHandlersRef).names()).toEqual(['logout', 'openLoginPopup'])
    t.auth.dispose()
  })

  it('logout: keeps the shopper on the page and signs out through the header (the logout event, then the provider)', async () => {
    const t = anonymousTab()
    await t.auth.ready
    const event = click()
    expect(t.services.get(linkHandlersRef).run('logout', event)).toBe(true)
    expect(event.defaultPrevented).toBe(true)
    await vi.waitFor(() => expect(t.identityLogouts).toHaveLength(1))
    expect(t.logouts).toEqual([{ referrer: '/c/coffee' }])
    expect(t.identityLogouts[0]).toBe('http://shop.test/logout?referrer=%2Fc%2Fcoffee')
    t.auth.dispose()
  })

  it('openLoginPopup: keeps the shopper on the page and asks for the sign-in flyout', async () => {
    const t = anonymousTab()
    await t.auth.ready
    const asked: string[] = []
    const sub = t.services.get(loginFlyoutRef).requests$.subscribe((tab) => asked.push(tab))
    const event = click()
    expect(t.services.get(linkHandlersRef).run('openLoginPopup', event)).toBe(true)
    expect(event.defaultPrevented).toBe(true)
    expect(asked).toEqual(['logIn'])
    sub.unsubscribe()
    t.auth.dispose()
  })

  it('a handler another plugin registers gets the identity provider’s logout alone (no header sign-out)', async () => {
    const t = anonymousTab()
    await t.auth.ready
    const handlers = t.services.get(linkHandlersRef)
    handlers.register(
      'providerOnly',
      (_event, _signOut, identityProviderLogout) => void identityProviderLogout(),
    )
    handlers.run('providerOnly', click())
    await vi.waitFor(() =>
      expect(t.identityLogouts).toEqual(['http://shop.test/logout?referrer=%2Fc%2Fcoffee']),
    )
    expect(t.logouts).toEqual([])
    t.auth.dispose()
  })
})
