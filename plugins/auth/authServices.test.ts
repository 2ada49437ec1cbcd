import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_COOKIES } from '../../contracts/auth'
import { labelsFrom } from '../../contracts/labels'
import { DEFAULT_SITE_CONFIG } from '../../contracts/siteConfig'
import { createEventBus } from '../../kernel/bus/createEventBus'
import { createHttpClient } from '../../kernel/http/createHttpClient'
import { authSessionRef } from './authRefs'
import { authStartupRef, expiryWarningRef, sessionStateRef, tabSyncRef, tokenStoreRef } from './authServices'
import { startAuthPlugin } from './test/startAuthPlugin'
import { unsignedJwt } from './tokens/jwt'
import { memoryStorage } from './tokens/storage'
import { AUTH_CHANNEL } from './tokens/tabSync'
import { fakeChannelHub, fakeFetch, memoryCookies } from './tokens/testing'
import './events'

/**
 * The account layer's services are declared in the auth manifest, so the kernel starts them and, when
 * the plugin stops, disposes of them: no timer, subscription or channel of a stopped plugin lives on.
 */
const REST = '/rest/v2/usb2c/'

function signedInTab() {
  const server = fakeFetch((req) => {
    const path = req.url.pathname
    if (path.endsWith('/getAdType')) return { status: 200, body: { adType: 'NONE' } }
    if (path.endsWith('/getSessionCartGuid')) return { status: 200, body: { sessioncartguid: 'guid-1' } }
    return { status: 200, body: { isLoggedIn: true, firstName: 'Ann', cartCount: 0 } }
  })
  vi.stubGlobal('fetch', server.fetch)
  const cookies = memoryCookies()
  cookies.jar.set(AUTH_COOKIES.accessToken, unsignedJwt({ sub: 'c', exp: Date.now() / 1000 + 3600 }))
  cookies.jar.set(AUTH_COOKIES.refreshToken, 'refresh-1')
  const hub = fakeChannelHub()
  const bus = createEventBus({ correlationId: () => 'cid', onFault: () => {} })
  const logouts: string[] = []
  const logs: string[] = []
  bus.on('logout', (e) => void logouts.push(e.source), 'test')
  const started = startAuthPlugin({
    http: createHttpClient({ brand: 'usb2c', origin: 'http://shop.test', correlationId: () => 'cid' }),
    bus,
    cookies: cookies.writer,
    logger: { log: (record) => void logs.push(record.eventType), addSink: () => () => {} },
    context: {
      brand: 'usb2c',
      lang: 'en',
      correlationId: 'cid',
      location: { pathname: '/', search: '', hash: '' },
      siteConfig: DEFAULT_SITE_CONFIG,
      labels: labelsFrom([]),
      hiddenInputs: {},
    },
    environment: {
      storage: { session: memoryStorage(), local: memoryStorage() },
      locks: null,
      broadcastChannel: hub.open,
      page: { href: () => 'http://shop.test/', replace: () => {}, assign: () => {} },
    },
  })
  // Another tab on the same channel, telling this one that the shopper signed out there.
  const otherTabLogsOut = () => hub.open(AUTH_CHANNEL).postMessage({ type: 'loggedOut', reason: 'logout' })
  return { ...started, server, logouts, logs, otherTabLogsOut }
}

describe('the auth plugin as declared services', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('the kernel creates each declared service; the public session is composed from them', async () => {
    const t = signedInTab()
    await t.auth.ready
    for (const ref of [tokenStoreRef, tabSyncRef, sessionStateRef, expiryWarningRef, authStartupRef])
      expect(t.services.has(ref)).toBe(true)
    expect(t.services.get(authSessionRef).state$.value().status).toBe('signedIn')
    expect(t.running.started).toEqual(['auth'])
    expect(t.logs).toEqual([])
    t.auth.dispose()
  })

  it('stopping the plugin disposes of them: the expiry checks, the tab channel and the services are gone', async () => {
    vi.useFakeTimers()
    const t = signedInTab()
    await t.auth.ready
    expect(vi.getTimerCount()).toBe(1) // the session-expiry check, every second while signed in
    t.auth.dispose()
    expect(vi.getTimerCount()).toBe(0)
    for (const ref of [tokenStoreRef, tabSyncRef, sessionStateRef, expiryWarningRef, authSessionRef])
      expect(t.services.has(ref)).toBe(false)
    t.otherTabLogsOut()
    expect(t.logouts).toEqual([]) // the channel is closed and the echo unsubscribed
  })

  it('while running, another tab’s logout is heard (the check above is not vacuous)', async () => {
    const t = signedInTab()
    await t.auth.ready
    t.otherTabLogsOut()
    expect(t.logouts).toEqual(['auth.otherTab'])
    // Signed out here too: the anonymous shopper's data is read again.
    await vi.waitFor(() => expect(t.server.to(`${REST}users/anonymous/getCustomerDetails`)).toHaveLength(1))
    expect(t.logs).toEqual([])
    t.auth.dispose()
  })
})
