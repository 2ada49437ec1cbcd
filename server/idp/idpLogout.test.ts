import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { sameOriginUrl } from '../../site/safePath'
import { loadCorpus } from '../../test/corpus'
import { SERVER_BRANDS } from '../brands'
import { trustHosts } from '../http/trustedOrigin'
import { registerLogoutRoute } from './logoutRoute'

const corpus = loadCorpus('redirects')
const SHOP = 'https://shop.example'
const CLIENT_ID = SERVER_BRANDS.usb2c.auth.clientId

const app = new Hono()
// The store published as shop.example (PUBLIC_HOSTS); any other Host header is not believed.
app.use(trustHosts({ hosts: ['shop.example'], fallbackOrigin: 'http://localhost:4200' }))
registerLogoutRoute(app)
const logout = (returnTo?: string, clientId: string | undefined = CLIENT_ID, origin = SHOP) => {
  const query = new URLSearchParams()
  if (clientId !== undefined) query.set('client_id', clientId)
  if (returnTo !== undefined) query.set('returnTo', returnTo)
  return app.request(`${origin}/v2/logout?${query}`)
}

describe('GET /v2/logout', () => {
  it.each([
    'evil.example',
    'evil.example:4200',
    'shop.example.evil.example',
    'localhost.evil.example',
    'localhost@evil.example',
  ])('never builds its redirect from a Host header it does not serve: %s', async (host) => {
    for (const returnTo of [undefined, '/account']) {
      const query = new URLSearchParams({ client_id: CLIENT_ID, ...(returnTo ? { returnTo } : {}) })
      const res = await app.request(`/v2/logout?${query}`, { headers: { host } })
      expect(res.status).toBe(302)
      const location = res.headers.get('location') ?? ''
      expect(new URL(location).origin).toBe('http://localhost:4200')
      expect(location).not.toContain('evil')
    }
  })

  it('believes loopback names and the configured host', async () => {
    for (const host of ['localhost:4200', 'store.localhost:4200', '127.0.0.1:4200', 'shop.example']) {
      const res = await app.request(`/v2/logout?client_id=${CLIENT_ID}`, { headers: { host } })
      expect(new URL(res.headers.get('location') ?? '').host).toBe(host)
    }
  })

  it.each(corpus.offsite)('refuses offsite %j with a 400 page and no redirect', async (target) => {
    const res = await logout(target)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    const html = await res.text()
    expect(html).toContain('The address to return to after signing out is not allowed.')
    expect(html).not.toContain('evil')
  })

  it.each(corpus.onsite)('redirects onsite %j on the same origin', async (target) => {
    const res = await logout(target)
    expect(res.status).toBe(302)
    const location = res.headers.get('location') ?? ''
    expect(location).toBe(new URL(target, `${SHOP}/`).href)
    expect(new URL(location).origin).toBe(SHOP)
  })

  it.each(corpus.offsite)('refuses offsite %j as an absolute-looking address too', async (target) => {
    const res = await logout(`${SHOP}${target}`)
    if (res.status === 302) expect(new URL(res.headers.get('location') ?? '').origin).toBe(SHOP)
    else expect(res.status).toBe(400)
  })

  it('accepts the absolute return URL the header sends (logout page with referrer)', async () => {
    const res = await logout(`${SHOP}/logout?referrer=%2Fcart`)
    expect(res.headers.get('location')).toBe(`${SHOP}/logout?referrer=%2Fcart`)
  })

  it.each([
    'https://shop.example:8443/logout',
    'http://shop.example/logout',
    'https://user:pw@shop.example/',
    'logout',
    '',
  ])('refuses %j', async (target) => {
    const res = await logout(target)
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
  })

  it('refuses another client, goes home without returnTo, and speaks French when asked', async () => {
    expect((await logout('/', 'other-client')).status).toBe(400)
    const home = await logout(undefined)
    expect(home.headers.get('location')).toBe(`${SHOP}/`)
    const fr = await app.request(`${SHOP}/v2/logout?returnTo=%2F%2Fevil.com&ui_locales=fr-CA`)
    const html = await fr.text()
    expect(html).toContain('<html lang="fr-CA">')
    expect(html).toContain(
      "L'adresse de retour après la déconnexion n'est pas autorisée.".replace(/'/g, '&#39;'),
    )
  })

  it('judges the brand by host: a Canadian origin with its own client', async () => {
    const ca = 'http://cab2c.ca.localhost:4200'
    const res = await logout('/fr/accueil', SERVER_BRANDS.cab2c.auth.clientId, ca)
    expect(res.headers.get('location')).toBe(`${ca}/fr/accueil`)
  })
})

describe('sameOriginUrl', () => {
  it('never returns another origin for any corpus entry, absolute or path', () => {
    for (const raw of [...corpus.offsite, ...corpus.onsite]) {
      const url = sameOriginUrl(raw, SHOP, { allowPath: true })
      if (url) expect(url.origin).toBe(SHOP)
      if (corpus.offsite.includes(raw)) expect(url).toBeUndefined()
    }
  })

  it('takes paths only when allowed', () => {
    expect(sameOriginUrl('/cart', SHOP)).toBeUndefined()
    expect(sameOriginUrl('/cart', SHOP, { allowPath: true })?.href).toBe(`${SHOP}/cart`)
    expect(sameOriginUrl(`${SHOP}/cart`, SHOP)?.href).toBe(`${SHOP}/cart`)
  })
})
