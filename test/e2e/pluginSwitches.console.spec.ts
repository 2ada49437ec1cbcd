import { expect, type Page, test } from '@playwright/test'
import { PORT } from './support'

/**
 * The plugin switches' pages with long text (docs/console.md, "Long text"). The file name ends in
 * `console.spec.ts`, so it runs in the console project, after every other spec: it changes usb2c's
 * live switches and puts them back.
 */
const CONSOLE = `http://localhost:${PORT}/console`
const ADMIN = { email: 'admin@brewco.example', password: 'Admin1234' }

async function signIn(page: Page, path: string) {
  await page.goto(`${CONSOLE}/sign-in?next=/console${path}`)
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
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
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      regionScrolls: region.scrollWidth > region.clientWidth,
      regionRight: region.getBoundingClientRect().right,
      lastHeaderRight: Math.max(...headers),
      tallestTime: Math.max(...times),
      lineHeight,
    }
  })

test('a 500-letter word in a reason: the history keeps its columns in view at 1440 px, scrolls as a whole at 390 px, dates on one line', async ({
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
  expect(narrow.regionScrolls).toBe(true)
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
