import { expect, type Page, test } from '@playwright/test'
import { openHeader, PORT } from './support'

/**
 * A brand team schedules a plugin-switch change (docs/console.md, "Scheduled changes"): it is
 * pending, then applied on the store and written down as the next version. A schedule is at least
 * two minutes ahead, so instead of waiting the spec moves the server's schedule clock forward
 * (server/http/testClock.ts; the browser tests' server starts with TEST_CLOCK=1). The file name ends
 * in `console.spec.ts`: it runs in the console project, after the store's specs, and puts usb2c's
 * switches back.
 */
const CONSOLE = `http://localhost:${PORT}/console`
const USB2C_TEAM = { email: 'brand.usb2c@brewco.example', password: 'Switch1234' }
const REASON = 'Perks paused for the overnight stock count'

async function signIn(page: Page, path: string) {
  await page.goto(`${CONSOLE}/sign-in?next=/console${path}`)
  await page.getByLabel('E-mail').fill(USB2C_TEAM.email)
  await page.getByLabel('Password').fill(USB2C_TEAM.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

/** Moves the server's schedule clock to at least `atLeastMs`; what it reads then. */
async function moveClock(page: Page, atLeastMs: number): Promise<number> {
  const res = await page.request.post(`http://localhost:${PORT}/__test/clock`, { data: { atLeastMs } })
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { nowMs: number }).nowMs
}

test('a brand team schedules loyalty off: pending until its time, then gone from the store and the next version in the history', async ({
  browser,
}) => {
  const team = await (await browser.newContext()).newPage()
  await team.setViewportSize({ width: 1440, height: 900 })
  await signIn(team, '/brands/usb2c')
  const newest = Number(
    await team.getByRole('table', { name: 'History' }).locator('tbody tr th').first().innerText(),
  )

  // Three minutes ahead of the server's clock, on the minute (the field takes minutes).
  const serverNow = await moveClock(team, 0)
  const atMs = Math.ceil((serverNow + 3 * 60_000) / 60_000) * 60_000
  const at = new Date(atMs).toISOString().slice(0, 16)
  await team.getByRole('checkbox', { name: 'Loyalty (perks) on' }).uncheck()
  await team.getByLabel(/^Reason for the change/).fill(REASON)
  await team.getByRole('button', { name: 'Review the change' }).click()
  await team.getByLabel(/^Or apply it at \(UTC/).fill(at)
  await team.getByRole('button', { name: 'Schedule it' }).click()
  await expect(team.getByRole('status')).toHaveText('Scheduled: it is shown below until it applies.')
  await expect(team.getByRole('heading', { name: /^Pending: a change scheduled for/ })).toBeVisible()
  await expect(team.getByText(REASON)).toBeVisible()

  // Until its time the store keeps loyalty.
  const store = await (await browser.newContext()).newPage()
  await store.setViewportSize({ width: 1600, height: 1000 })
  await openHeader(store, 'usb2c', '/c/coffee')
  await expect(store.locator('[data-loyalty]').first()).toBeAttached()

  // Its time comes: the store's next page has no loyalty, served or live.
  await moveClock(team, atMs)
  await openHeader(store, 'usb2c', '/c/coffee')
  await expect(store.locator('[data-loyalty]')).toHaveCount(0)

  // The console: nothing pending, the change is the next version, saying when it was scheduled for.
  await team.goto(`${CONSOLE}/brands/usb2c`)
  await expect(team.getByRole('heading', { name: /^Pending:/ })).toHaveCount(0)
  const row = team.getByRole('table', { name: 'History' }).locator('tbody tr').first()
  await expect(row.locator('th')).toHaveText(String(newest + 1))
  await expect(row).toContainText(`Scheduled for ${at.replace('T', ' ')} UTC: ${REASON}`)
  await expect(team.getByRole('checkbox', { name: 'Loyalty (perks) on' })).not.toBeChecked()

  // Put loyalty back for the specs after this one.
  await team.getByRole('checkbox', { name: 'Loyalty (perks) on' }).check()
  await team.getByLabel(/^Reason for the change/).fill('Perks back after the stock count')
  await team.getByRole('button', { name: 'Review the change' }).click()
  await team.getByRole('button', { name: /^Save as version/ }).click()
  await expect(team.getByRole('status')).toHaveText(`Saved as version ${newest + 2}.`)
})
