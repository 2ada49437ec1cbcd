// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ReferenceServer } from '../createServer'
import { testStore } from '../db/testing/testStore'
import { renderSearchResults } from './searchResults'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false })
})
afterAll(() => server.close())

async function page(path: string, host = 'localhost') {
  const res = await server.app.request(path, { headers: { host } })
  expect(res.status, path).toBe(200)
  return res.text()
}

describe('search page results', () => {
  it('lists the products for the text below the header, inside main', async () => {
    const html = await page('/search?text=dark+roast')
    const main = html.slice(html.indexOf('<main'))
    expect(main).toContain('<h2 id="search-results-heading">Results for “dark roast”</h2>')
    expect(main).toMatch(/<p>(Showing 24 of )?\d+ products<\/p><ol><li><a href="\/coffee\/dark-roast/)
    expect(main).toContain('Dark Roast Coffee K-Cup Pods, 24 Count</a>')
  })

  it('shows French names and /fr links on /fr/recherche, accents optional', async () => {
    const html = await page('/fr/recherche?text=cafetiere+k-mini', 'cab2c.ca.localhost')
    expect(html).toContain('Résultats pour « cafetiere k-mini »')
    expect(html).toMatch(
      /<a href="\/fr\/Coffee-Makers\/[^"]+">Cafetière à portion individuelle K-Mini de Brewco/,
    )
  })

  it('escapes a text with markup and says when nothing matched', async () => {
    const html = await page(`/search?text=${encodeURIComponent('<script>alert(1)</script>')}`)
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('Results for “&lt;script&gt;alert(1)&lt;/script&gt;”')
    expect(html).toContain('No products match your search')
  })

  it('drops the suggestion marker and shows nothing extra without a text', async () => {
    expect(await page('/search?text=decaf@search_suggestion')).toContain('Results for “decaf”')
    expect(await page('/search')).not.toContain('search-results-heading')
    expect(await page('/cart?text=decaf')).not.toContain('search-results-heading')
  })

  it('escapes product names and urls too', () => {
    const html = renderSearchResults(
      { text: 'x', totalResults: 1, products: [{ name: 'A & <b>', url: '/p/"x"' }] },
      'en',
    )
    expect(html).toContain('<a href="/p/&quot;x&quot;">A &amp; &lt;b&gt;</a>')
    expect(html).toContain('<p>1 product</p>')
  })
})
