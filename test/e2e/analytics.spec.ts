import { expect, test } from '@playwright/test'
import { BANNER_FLAG_COOKIE, CONSENT_COOKIE, formatConsentCookie } from '../../contracts/consentCookie'
import { CONSENT_POLICY_VERSION } from '../../server/fixtures/siteConfig'
import { openHeader, PORT } from './support'
import { links, utagCalls, views } from './utagCalls'

test('a page view on each page type reaches the stand-in, with page_name, page_id and page_type', async ({
  page,
}) => {
  for (const [path, type] of [
    ['/', 'home'],
    ['/c/coffee', 'category'],
    ['/search?text=dark', 'search results'],
    ['/cart', 'cart'],
    ['/my-account', 'profile'],
    ['/sustainability', 'content'],
  ] as const) {
    await openHeader(page, 'usb2c', path)
    await expect.poll(async () => (await views(page)).at(-1)?.page_id).toBe(path.split('?')[0])
    const view = (await views(page)).at(-1)
    expect(view).toEqual({
      event: 'page_view',
      page_name: await page.title(),
      page_id: path.split('?')[0],
      page_type: type,
      page_language: 'en',
      site_brand: 'usb2c',
      // A first visit: the visitor profile (site/visitorProfile.ts) knows nothing yet.
      customer_segments: 'UnknownUser',
      customer_csr: true,
    })
  }
  // One view per page, never twice.
  expect(await views(page)).toHaveLength(6)
})

test('search on Enter reaches the stand-in before the search page opens', async ({ page }) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect.poll(async () => (await views(page)).length).toBe(1)
  const box = page.getByRole('combobox')
  await box.fill('cold brew')
  await box.press('Enter')
  await page.waitForURL((url) => url.pathname === '/search')
  // (On a busy machine the flyout's answer may open before Enter: its tiles' impressions are sent too.)
  expect((await links(page)).filter((link) => link.event === 'search')).toEqual([
    { event: 'search', search_term: 'cold brew', search_type: 'typed' },
  ])
})

test('the queue holds what is raised while the tag manager arrives 3 s late: nothing lost or doubled', async ({
  page,
}) => {
  let served = 0
  await page.route('**/utag.js', async (route) => {
    await new Promise((r) => setTimeout(r, 3000))
    served += 1
    await route.continue()
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  await page.evaluate(() => {
    const bus = (window as unknown as { oneHeader: { kernel: { bus: { emit: (...a: unknown[]) => void } } } })
      .oneHeader.kernel.bus
    bus.emit('page:brewerRegistrationFailed', { reason: 'serial_invalid' }, 'page')
    bus.emit('page:backupCreated', { kind: 'smart' }, 'page')
  })
  expect(await page.evaluate(() => 'utag' in window)).toBe(false)
  await expect.poll(() => utagCalls(page), { timeout: 8000 }).toHaveLength(3)
  await page.waitForTimeout(500)
  const calls = await utagCalls(page)
  expect(served).toBe(1)
  expect(calls.map((c) => [c.call, c.data.event])).toEqual([
    ['view', 'page_view'],
    ['link', 'BrewerReg_Failure'],
    ['link', 'smart_backup'],
  ])
})

test('an analytical denial: the tag manager is not loaded and nothing is sent', async ({ context, page }) => {
  const host = 'localhost'
  await context.addCookies([
    {
      name: CONSENT_COOKIE,
      value: formatConsentCookie({
        choices: { functional: true, analytical: false, targeting: true },
        policyVersion: CONSENT_POLICY_VERSION,
        consentId: 'e2e-denied',
      }),
      domain: host,
      path: '/',
    },
    { name: BANNER_FLAG_COOKIE, value: 'true', domain: host, path: '/' },
  ])
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/utag.js')) asked.push(r.url())
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  await page.waitForTimeout(1000)
  expect(asked).toEqual([])
  expect(await page.evaluate(() => 'utag' in window)).toBe(false)
  expect(PORT).toBeGreaterThan(0)
})
