import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { honourChosenLanguage } from './chosenLanguage'

function app() {
  const a = new Hono()
  a.use(honourChosenLanguage())
  a.get('*', (c) => c.text(`page ${c.req.path}`))
  return a
}

describe('the page server honours the language-chosen cookie (header spec §4)', () => {
  it('sends a shopper who chose French from / to /fr/accueil, keeping the query', async () => {
    const res = await app().request('/?utm=x', { headers: { cookie: 'languageChosen=true' } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/fr/accueil?utm=x')
    expect(res.headers.get('vary')).toBe('Cookie')
  })

  it('serves / in English after choosing English or without a choice, and any other page as asked', async () => {
    for (const cookie of ['languageChosen=false', '']) {
      const res = await app().request('/', { headers: { cookie } })
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('page /')
      expect(res.headers.get('vary')).toContain('Cookie')
    }
    const other = await app().request('/c/coffee', { headers: { cookie: 'languageChosen=true' } })
    expect(await other.text()).toBe('page /c/coffee')
  })

  it('says the home page varies on the cookie without rebuilding the answer the page route made', async () => {
    const made: Response[] = []
    const kept: Response[] = []
    const a = new Hono()
    a.use(async (c, next) => {
      await next()
      kept.push(c.res)
    })
    a.use(honourChosenLanguage())
    a.get('*', (c) => {
      const res = c.html('<p>home</p>')
      made.push(res)
      return res
    })
    const res = await a.request('/')
    expect(res.headers.get('vary')).toBe('Cookie')
    // The same answer: its string body keeps @hono/node-server's fast path.
    expect(kept[0]).toBe(made[0])
  })
})
