import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, openHeader, PORT, urlFor } from './support'

/**
 * The plugin switches' pages with long text (docs/console.md, "Long text"). The file name ends in
 * `console.spec.ts`, so it runs in the console project, after every other spec: it changes usb2c's
 * live switches and puts them back.
 */
const CONSOLE = `http://localhost:${PORT}/console`
const ADMIN = { email: 'admin@brewco.example', password: 'Admin1234' }
const CAB2C_TEAM = { email: 'brand.cab2c@brewco.example', password: 'Switch1234' }

/** Signs in (the admin unless told), in the page's own browser context. */
async function signIn(page: Page, path: string, who = ADMIN) {
  await page.goto(`${CONSOLE}/sign-in?next=/console${path}`)
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

/** How the history table sits in the page at the present width. */
const historyLayout = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('[role=region][aria-labelledby=history]') as HTMLElement
    const table = region.querySelector('table')!
    const lineHeight = Number.parseFloat(getComputedStyle(document.body).lineHeight)
    const times = [...table.querySelectorAll('time')].map((t) => t.getBoundingClientRect().height)
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect().right)
    const cells = [...table.querySelectorAll('tbody td, tbody th')].map(
      (c) => c.getBoundingClientRect().right,
    )
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      regionScrolls: region.scrollWidth > region.clientWidth,
      regionRight: region.getBoundingClientRect().right,
      lastHeaderRight: Math.max(...headers),
      rightmostCell: Math.max(...cells),
      tallestTime: Math.max(...times),
      lineHeight,
    }
  })

test('a 500-letter word in a reason: the history keeps its columns in view at 1440 px, stacks each version as a card at 390 px, dates on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, '/brands/usb2c')
  const word = 'W'.repeat(500)
  await page.getByRole('checkbox', { name: 'Loyalty (perks) on' }).uncheck()
  await page.getByLabel(/^Reason for the change/).fill(word)
  await page.getByRole('button', { name: 'Review the change' }).click()
  await page.getByRole('button', { name: /^Save as version/ }).click()
  await expect(page.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
  await expect(page.getByRole('row').filter({ hasText: word })).toHaveCount(1)

  const wide = await historyLayout(page)
  expect(wide.pageWidth).toBeLessThanOrEqual(wide.viewport)
  expect(wide.regionScrolls).toBe(false)
  expect(wide.lastHeaderRight).toBeLessThanOrEqual(wide.regionRight + 1)
  expect(wide.tallestTime).toBeLessThan(wide.lineHeight * 1.5)

  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(async () => (await historyLayout(page)).viewport).toBe(390)
  const narrow = await historyLayout(page)
  expect(narrow.pageWidth).toBeLessThanOrEqual(390)
  // Each version is a card of labelled lines: nothing to scroll sideways to, every cell in the window.
  expect(narrow.regionScrolls).toBe(false)
  expect(narrow.rightmostCell).toBeLessThanOrEqual(390)
  expect(narrow.tallestTime).toBeLessThan(narrow.lineHeight * 1.5)

  // The compare page shows the reason too, wrapped.
  await page
    .getByRole('link', { name: /^What version \d+ changed$/ })
    .first()
    .click()
  await expect(page.getByText(word)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // Put loyalty back on for the specs after this one.
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`${CONSOLE}/brands/usb2c`)
  await page.getByRole('checkbox', { name: 'Loyalty (perks) on' }).check()
  await page.getByLabel(/^Reason for the change/).fill('Loyalty back after the long-text check')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await page.getByRole('button', { name: /^Save as version/ }).click()
  await expect(page.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
})

test('cab2c switches loyalty off in French only: the French pages, served and live, have none; the English ones keep it', async ({
  browser,
}) => {
  const consolePage = await (await browser.newContext()).newPage()
  await consolePage.setViewportSize({ width: 1440, height: 900 })
  await signIn(consolePage, '/brands/cab2c')
  const fr = consolePage.getByRole('checkbox', { name: 'Loyalty (perks) on the FR store' })
  await fr.uncheck()
  await expect(consolePage.getByRole('checkbox', { name: 'Loyalty (perks) on the EN store' })).toBeChecked()
  await consolePage.getByLabel(/^Reason for the change/).fill('Perks tried in English first')
  await consolePage.getByRole('button', { name: 'Review the change' }).click()
  await expect(consolePage.getByRole('heading', { level: 3 })).toHaveText(['FR store'])
  await consolePage.getByRole('button', { name: /^Save as version/ }).click()
  await expect(consolePage.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)

  const store = await (await browser.newContext()).newPage()
  await store.setViewportSize({ width: 1600, height: 1000 })
  // The page server draws each language's first view with that language's switches.
  const served = async (path: string) => (await store.goto(urlFor('cab2c', path)))!.text()
  expect(await served('/c/coffee')).toContain('data-loyalty')
  expect(await served('/fr/c/coffee')).not.toContain('data-loyalty')
  await openHeader(store, 'cab2c', '/fr/c/coffee')
  await expect(store.locator('[data-loyalty]')).toHaveCount(0)
  await openHeader(store, 'cab2c', '/c/coffee')
  await expect(store.locator('[data-loyalty]').first()).toBeAttached()

  // Put it back for the specs after this one.
  await consolePage.getByRole('checkbox', { name: 'Loyalty (perks) on the FR store' }).check()
  await consolePage.getByLabel(/^Reason for the change/).fill('Perks back in French')
  await consolePage.getByRole('button', { name: 'Review the change' }).click()
  await consolePage.getByRole('button', { name: /^Save as version/ }).click()
  await expect(consolePage.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
})

test('a preview names itself on the store with a ribbon, reaches no other visitor, and is ended from the store', async ({
  browser,
}) => {
  const consolePage = await (await browser.newContext()).newPage()
  await consolePage.setViewportSize({ width: 1440, height: 900 })
  await signIn(consolePage, '/brands/cab2c')
  for (const lang of ['EN', 'FR'])
    await consolePage.getByRole('checkbox', { name: `Loyalty (perks) on the ${lang} store` }).uncheck()
  const [preview] = await Promise.all([
    consolePage.context().waitForEvent('page'),
    consolePage.getByRole('button', { name: 'Preview the store with these switches' }).click(),
  ])
  await preview.setViewportSize({ width: 1440, height: 900 })
  await preview.waitForFunction(() => 'oneHeader' in window)
  const ribbon = preview.getByRole('region', { name: 'Preview' })
  await expect(ribbon).toContainText(
    /You are previewing plugin switches: a change to version \d+, not saved\./,
  )
  await expect(preview.locator('[data-loyalty]')).toHaveCount(0)
  await expectNoAxeViolations(preview, '[data-preview-ribbon]')

  // Another visitor, at the same moment, gets the live store: no ribbon, loyalty there.
  const other = await (await browser.newContext()).newPage()
  await other.setViewportSize({ width: 1440, height: 900 })
  await openHeader(other, 'cab2c', '/')
  await expect(other.locator('[data-preview-ribbon]')).toHaveCount(0)
  await expect(other.locator('[data-loyalty]').first()).toBeAttached()

  // The ribbon's link ends the preview and stays on the page.
  await ribbon.getByRole('link', { name: 'End the preview' }).click()
  await preview.waitForFunction(() => 'oneHeader' in window)
  expect(new URL(preview.url()).pathname).toBe('/')
  await expect(preview.locator('[data-preview-ribbon]')).toHaveCount(0)
  await expect(preview.locator('[data-loyalty]').first()).toBeAttached()
})

test('a brand team’s change that switches consent off in French is refused with why; an admin confirms it a second time', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, '/brands/cab2c', CAB2C_TEAM)
  await expect(page.getByRole('row', { name: /Cookie consent/ })).toContainText('Privacy and legal team')
  await expect(page.getByRole('row', { name: /Cookie consent/ })).toContainText(
    'Canada’s privacy and cookie notices',
  )
  await page.getByRole('checkbox', { name: 'Cookie consent on the FR store' }).uncheck()
  await page.getByLabel(/^Reason for the change/).fill('Banner test')
  await page.getByRole('button', { name: 'Review the change' }).click()
  await expect(page.getByText('The cookie banner disappears')).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('A brand team cannot save this; an admin decides.')
  await expect(page.getByRole('button', { name: /^Save as version/ })).toHaveCount(0)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, 'body')
  }

  // The admin is asked for a box and a reason before it saves; then puts consent back.
  const admin = await (await browser.newContext()).newPage()
  await admin.setViewportSize({ width: 1440, height: 900 })
  await signIn(admin, '/brands/cab2c')
  await admin.getByRole('checkbox', { name: 'Cookie consent on the FR store' }).uncheck()
  await admin.getByLabel(/^Reason for the change/).fill('Banner vendor outage')
  await admin.getByRole('button', { name: 'Review the change' }).click()
  await admin.getByRole('checkbox', { name: /^I confirm that consent may be switched off on cab2c/ }).check()
  await admin.getByLabel(/^Why it may go/).fill('Legal agreed, LEG-12')
  await expectNoAxeViolations(admin, 'body')
  await admin.getByRole('button', { name: /^Save as version/ }).click()
  await expect(admin.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
  await expect(admin.getByRole('row').filter({ hasText: 'Legal agreed, LEG-12' })).toContainText(
    'FR: consent',
  )
  await admin.getByRole('checkbox', { name: 'Cookie consent on the FR store' }).check()
  await admin.getByLabel(/^Reason for the change/).fill('Banner back')
  await admin.getByRole('button', { name: 'Review the change' }).click()
  await admin.getByRole('button', { name: /^Save as version/ }).click()
  await expect(admin.getByRole('status')).toHaveText(/^Saved as version \d+\.$/)
})

test('a 10 % roll-out without search: each visitor keeps the header they got on every page; rolled back at once', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage()
  await admin.setViewportSize({ width: 1440, height: 900 })
  await signIn(admin, '/brands/usb2c')
  await admin.getByRole('checkbox', { name: 'Search on' }).uncheck()
  await admin.getByLabel(/^Reason for the change/).fill('Search redesign, 10 % first')
  await admin.getByRole('button', { name: 'Review the change' }).click()
  await admin.getByLabel(/^Or roll it out to a share of visitors/).fill('10')
  await admin.getByRole('button', { name: 'Roll it out' }).click()
  await expect(admin.getByRole('heading', { name: 'Roll-out: 10 % of visitors' })).toBeVisible()
  await expectNoAxeViolations(admin, 'body')

  // What the server gives 100 visitors' keys: about a tenth get the change.
  const gets = async (key: string) => {
    const res = await admin.request.get(
      `http://localhost:${PORT}/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER`,
      { headers: { cookie: `oh_visitor=${key}` } },
    )
    return /"header\.plugins\.disabled","value":"([^"]*)"/.exec(await res.text())?.[1] === 'search'
  }
  const keys = Array.from({ length: 100 }, (_, i) => `e2e-visitor-key-${i}`)
  const inIt = await Promise.all(keys.map(gets))
  const count = inIt.filter(Boolean).length
  expect(count).toBeGreaterThan(0)
  expect(count).toBeLessThan(30)

  // One visitor in it and one not: each keeps theirs page after page.
  for (const key of [keys[inIt.indexOf(true)]!, keys[inIt.indexOf(false)]!]) {
    const context = await browser.newContext()
    await context.addCookies([{ name: 'oh_visitor', value: key, url: urlFor('usb2c', '/') }])
    const store = await context.newPage()
    await store.setViewportSize({ width: 1440, height: 900 })
    const expected = (await gets(key)) ? 0 : 1
    for (const path of ['/', '/c/coffee', '/cart']) {
      await openHeader(store, 'usb2c', path)
      await expect(store.getByRole('combobox', { name: /search/i })).toHaveCount(expected)
    }
    await context.close()
  }

  // Rolled back at once: every key has the live switches again.
  await admin.getByRole('button', { name: 'Roll back at once' }).click()
  await expect(admin.getByRole('status')).toHaveText(
    'Rolled back: every visitor has the live switches again.',
  )
  expect((await Promise.all(keys.map(gets))).filter(Boolean)).toEqual([])
})
