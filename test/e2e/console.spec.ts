import { type Browser, expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, openHeader, PORT, SHELL, SHOPPER, urlFor } from './support'

/**
 * The operators' console (docs/console.md). It changes the live site configuration, so
 * this file runs in its own Playwright project after every other spec (playwright.config.ts) and
 * puts back what it switched.
 */
const CONSOLE = `http://localhost:${PORT}/console`
const CAB2C_TEAM = { email: 'brand.cab2c@brewco.example', password: 'Switch1234' }
const ADMIN = { email: 'admin@brewco.example', password: 'Admin1234' }
const LOYALTY_REQUEST = /loyalty|LoyaltyDetails|kpcEmailSignup/i

async function signIn(page: Page, who: { email: string; password: string }, path = '/brands') {
  await page.goto(`${CONSOLE}/sign-in?next=/console${path}`)
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

/** Zero axe violations on the whole console page, at 1440 and at 390 px. */
async function axeAtBothWidths(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, 'body')
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('a brand team member switches loyalty off on cab2c with a reason; an open page follows; the history puts it back', async ({
  browser,
}) => {
  const store = await (await browser.newContext()).newPage()
  await store.setViewportSize({ width: 1600, height: 1000 })
  await openHeader(store, 'cab2c', '/c/coffee')
  await expect(store.locator('[data-loyalty]').first()).toBeAttached()

  const consolePage = await (await browser.newContext()).newPage()
  await signIn(consolePage, CAB2C_TEAM, '/brands/cab2c')
  await axeAtBothWidths(consolePage)
  // Keyboard only: the loyalty switches (cab2c has one per language), the reason, then the review and Save.
  for (const lang of ['EN', 'FR']) {
    const loyalty = consolePage.getByRole('checkbox', { name: `Loyalty (perks) on the ${lang} store` })
    await loyalty.focus()
    await consolePage.keyboard.press('Space')
    await expect(loyalty).not.toBeChecked()
  }
  // The preview opens the store with the switch off, in a new tab of this browser only; nothing is saved.
  const [preview] = await Promise.all([
    consolePage.context().waitForEvent('page'),
    consolePage.getByRole('button', { name: 'Preview the store with these switches' }).click(),
  ])
  await preview.waitForFunction(() => 'oneHeader' in window)
  await expect(preview.locator(SHELL).first()).toBeAttached()
  expect(new URL(preview.url()).host).toBe(new URL(urlFor('cab2c', '/')).host)
  await expect(preview.locator('[data-loyalty]')).toHaveCount(0)
  await preview.close()
  await consolePage.getByLabel(/^Reason for the change/).fill('Perks paused for the weekend')
  await consolePage.getByRole('button', { name: 'Review the change' }).focus()
  await consolePage.keyboard.press('Enter')
  // The change is told before it is saved: loyalty turns off in both languages, and what goes with it.
  await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText('Your change to cab2c')
  await expect(consolePage.getByRole('row', { name: /Loyalty \(perks\)/ })).toContainText('on → off')
  await expect(consolePage.getByText('footer.newsletter').first()).toBeVisible()
  await axeAtBothWidths(consolePage)
  await consolePage.getByRole('button', { name: /^Save as version/ }).focus()
  await consolePage.keyboard.press('Enter')
  await expect(consolePage.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)

  // The open page follows when it is shown again: the loyalty parts go, and nothing asks for loyalty.
  const requested: string[] = []
  store.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await store.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(store.locator('[data-loyalty]')).toHaveCount(0)
  await store.waitForTimeout(500)
  expect(requested.filter((p) => LOYALTY_REQUEST.test(p))).toEqual([])
  // The next page does not even load its code.
  await openHeader(store, 'cab2c', '/c/coffee')
  await store.waitForTimeout(500)
  expect(requested.filter((p) => LOYALTY_REQUEST.test(p) || p.includes('plugins/loyalty'))).toEqual([])
  await expect(store.locator('[data-loyalty]')).toHaveCount(0)

  // The history names the change; putting the version before it back restores loyalty.
  const row = consolePage.getByRole('row').filter({ hasText: 'Perks paused for the weekend' })
  // What that version changed, read later from the history.
  await row.getByRole('link', { name: /^What version \d+ changed$/ }).click()
  await expect(consolePage.getByRole('row', { name: /Loyalty \(perks\)/ })).toContainText('on → off')
  await axeAtBothWidths(consolePage)
  await consolePage.getByRole('link', { name: 'Back to the history' }).click()
  await expect(row).toContainText(CAB2C_TEAM.email)
  await expect(row).toContainText('loyalty')
  const before = consolePage
    .getByRole('row')
    .filter({ hasText: 'The value before the console kept versions' })
  const version = (await before.getByRole('rowheader').textContent())!.trim()
  await before.getByLabel(`Reason to put version ${version} back`).fill('Weekend over')
  await before.getByRole('button', { name: `Put version ${version} back` }).click()
  await expect(consolePage.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
  await expect(consolePage.getByRole('checkbox', { name: 'Loyalty (perks) on the EN store' })).toBeChecked()
  await expect(consolePage.getByRole('row').filter({ hasText: 'Weekend over' })).toContainText(
    `Put back version ${version}`,
  )
  await openHeader(store, 'cab2c', '/c/coffee')
  await expect(store.locator('[data-loyalty]').first()).toBeAttached()
})

async function editorOn(browser: Browser, path: string) {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, ADMIN, path)
  return page
}

test('a second editor’s stale save is refused; a form without its CSRF token and a shopper’s token are refused', async ({
  browser,
}) => {
  const first = await editorOn(browser, '/brands/usafh')
  const second = await editorOn(browser, '/brands/usafh')
  await first.getByLabel(/^Reason for the change/).fill('Checked the switches')
  await first.getByRole('button', { name: 'Review the change' }).click()
  await first.getByRole('button', { name: /^Save as version/ }).click()
  await expect(first.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
  await second.getByLabel(/^Reason for the change/).fill('My older view')
  await second.getByRole('button', { name: 'Review the change' }).click()
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Someone saved first')
  await expect(second.getByRole('alert')).toContainText(`saved by ${ADMIN.email}`)
  await axeAtBothWidths(second)

  // A form whose CSRF token is gone (a forged post would have none) changes nothing.
  await second.goto(`${CONSOLE}/brands/usafh`)
  await second.getByLabel(/^Reason for the change/).fill('forged')
  await second.getByRole('button', { name: 'Review the change' }).click()
  await second.locator('form[action="/console/brands/usafh"] input[name="csrf"]').evaluate((i) => i.remove())
  await second.getByRole('button', { name: /^Save as version/ }).click()
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('The form could not be checked')
  await second.goto(`${CONSOLE}/brands/usafh`)
  await expect(second.getByRole('table', { name: 'History' })).not.toContainText('forged')

  // A shopper's access token opens nothing here.
  const login = await second.request.post(urlFor('usb2c', '/api/auth/login'), { data: SHOPPER })
  const token = ((await login.json()) as { access_token: string }).access_token
  expect(token).toBeTruthy()
  const refused = await second.request.get(`${CONSOLE}/brands`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(refused.status()).toBe(401)
  expect(await refused.text()).toContain('The console takes no shopper or agent token')
})

/** How far the page reaches sideways, and the window's width: the first never more than the second. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }))

test('at 390 px no console page slides sideways: a page load’s detail, the audit log, the operators, a brand’s plugins', async ({
  browser,
}) => {
  // A shopper's page load, then another page: the exporters send what the first page left.
  const store = await (await browser.newContext()).newPage()
  await openHeader(store, 'usb2c', '/')
  await store.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  await openHeader(store, 'usb2c', '/c/coffee')

  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await signIn(admin, ADMIN, '/traces')
  // Every page load the store sent, served or browser-reported, the later actions included.
  const list = `${CONSOLE}/traces?within=15m&source=all`
  await expect(async () => {
    await admin.goto(list)
    await expect(admin.locator('main a[href^="/console/traces/"]').first()).toBeVisible({ timeout: 1000 })
  }).toPass()
  const traces = await admin
    .locator('main a[href^="/console/traces/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).href))].slice(0, 6))
  for (const trace of traces) {
    await admin.goto(trace)
    await expect(admin.getByRole('region', { name: 'Waterfall' })).toBeVisible()
    expect(await pageWidth(admin), trace).toEqual({ page: 390, window: 390 })
    // The waterfall fits too: nothing inside it to scroll to.
    const wf = await admin
      .getByRole('region', { name: 'Waterfall' })
      .evaluate((el) => ({ scroll: el.scrollWidth, shown: el.clientWidth }))
    expect(wf.scroll, trace).toBeLessThanOrEqual(wf.shown)
  }
  // A span's name is the page's heading: one long unbroken word wraps rather than widen the page.
  await admin.locator('h1').evaluate((h1) => {
    h1.textContent = `HTTP GET cms/content-slots/${'AccountMenuBannerSlot'.repeat(3)}`
  })
  expect(await pageWidth(admin)).toEqual({ page: 390, window: 390 })

  for (const path of ['/audit', '/operators', '/brands/cab2c', '/brands/usb2c']) {
    await admin.goto(`${CONSOLE}${path}`)
    expect(await pageWidth(admin), path).toEqual({ page: 390, window: 390 })
  }
  // Each operator's row is a card: its Change within the window's width, not off in a scroll region.
  await admin.goto(`${CONSOLE}/operators`)
  const box = await admin.locator('summary', { hasText: /^Change brand\.cab2c@/ }).boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
})
