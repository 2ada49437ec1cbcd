import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { PORT, SHELL } from './support'

/** A host name the server does not trust (not loopback, not in PUBLIC_HOSTS), mapped to this machine. */
const UNTRUSTED_CA_HOST = 'cab2c.ca.example'
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${UNTRUSTED_CA_HOST} 127.0.0.1`],
  },
})

/** Every REST call the page makes, as `origin /rest/v2/{brand}`, preloads included. */
function recordRestCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    const brand = /^\/rest\/v2\/([^/]+)\//.exec(url.pathname)?.[1]
    if (brand) calls.push(`${url.origin} ${brand}`)
  })
  return calls
}

/** Types into the search box, so the header makes calls of its own besides start-up's. */
async function search(page: Page) {
  await page.getByRole('combobox', { name: /search|rechercher/i }).fill('coffee')
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible()
}

test('a cab2c page behind an untrusted host name makes every call for cab2c (it called usb2c too)', async ({
  page,
}) => {
  const calls = recordRestCalls(page)
  const origin = `http://${UNTRUSTED_CA_HOST}:${PORT}`
  await page.goto(`${origin}/c/coffee`)
  await page.waitForFunction(() => 'oneHeader' in window)
  await expect(page.locator(SHELL).first()).toHaveAttribute('data-brand', 'cab2c')
  await search(page)
  expect(calls.length).toBeGreaterThan(4)
  expect(new Set(calls)).toEqual(new Set([`${origin} cab2c`]))
})

test("a page served from elsewhere gets the header of its brand input, calling its baseUrl input's API", async ({
  page,
  request,
}) => {
  // The header's code and styles, as any page that mounts it links them; nothing else of our pages.
  const served = await (await request.get(`http://localhost:${PORT}/c/coffee`)).text()
  // (Our pages start the entry, their first modulepreload, once their first frame is painted.)
  const entry = /<link rel="modulepreload" href="([^"]+)">/.exec(served)?.[1]
  expect(entry).toMatch(/^\/assets\/main-/)
  const assets = [
    // (Our pages carry the first paint's styles in their head and name their sheets by disabled links.)
    ...(served.match(/<link rel="stylesheet"[^>]*>/g) ?? []).map((link) => link.replace(' disabled', '')),
    `<script type="module" src="${entry}"></script>`,
  ]
  const api = `http://localhost:${PORT}`
  const campaign = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campaign</title>
${assets.join('\n')}</head><body>
<input type="hidden" id="baseUrl" value="${api}">
<input type="hidden" id="brand" value="cab2c">
<div id="oneHeaderContainer"></div><main><h1>Our campaign</h1></main></body></html>`
  const elsewhere = await servePageElsewhere(campaign, api)
  try {
    const calls = recordRestCalls(page)
    await page.goto(`${elsewhere.origin}/our-campaign`)
    await page.waitForFunction(() => 'oneHeader' in window)
    await expect(page.locator(SHELL).first()).toHaveAttribute('data-brand', 'cab2c')
    await search(page)
    expect(calls.length).toBeGreaterThan(3)
    expect(new Set(calls)).toEqual(new Set([`${api} cab2c`]))
  } finally {
    await elsewhere.close()
  }
})

/**
 * Another web server on this machine (`pages.localhost`, another port): it serves `html` at
 * /our-campaign and passes everything else (the header's code, its images) on to the store.
 */
async function servePageElsewhere(html: string, store: string) {
  const server = createServer(async (req, res) => {
    if (req.url === '/our-campaign') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
      return
    }
    const answer = await fetch(`${store}${req.url}`)
    const type = answer.headers.get('content-type')
    res.writeHead(answer.status, type ? { 'content-type': type } : {})
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://pages.localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
