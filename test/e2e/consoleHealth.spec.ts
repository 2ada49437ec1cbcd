import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, openHeader, PORT } from './support'

/**
 * The console's health view (docs/console.md): a shopper's page load sends its real-user measures
 * when it is left, and monitoring staff read them per store as charts with budgets and tables, and go
 * from a point to that moment's slowest page loads and their waterfalls. Reads telemetry only: it
 * runs with the store's specs.
 */
const CONSOLE = `http://localhost:${PORT}/console`

async function signInAsMonitor(page: Page) {
  await page.goto(`${CONSOLE}/sign-in?next=/console/health`)
  await page.getByLabel('E-mail').fill('monitor@brewco.example')
  await page.getByLabel('Password').fill('Watch1234')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

test('a shopper’s page load reaches the health view, which passes axe and fits at 390 and 1440 px', async ({
  browser,
}) => {
  const store = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await openHeader(store, 'usb2c', '/')
  await store.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  // Leaving the page sends its measures (on pagehide).
  await openHeader(store, 'usb2c', '/c/coffee')

  const monitor = await (await browser.newContext()).newPage()
  await signInAsMonitor(monitor)
  await expect
    .poll(
      async () => {
        await monitor.goto(`${CONSOLE}/health?brand=usb2c&device=mobile&period=hour`)
        return monitor.getByRole('heading', { name: 'Header live (every part)' }).count()
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(1)
  await expect(monitor.getByRole('heading', { level: 2, name: /page loads?, last hour/ })).toBeVisible()
  await expect(monitor.getByText('budget 750 ms').first()).toBeAttached()
  // The page's layout shift came too (none: 0, its budget).
  await expect(monitor.getByRole('heading', { name: 'Cumulative layout shift' })).toBeVisible()
  await expect(
    monitor.getByRole('heading', { name: 'Each part’s time to live, slowest first' }),
  ).toBeVisible()

  for (const width of [1440, 390]) {
    await monitor.setViewportSize({ width, height: 900 })
    // Open the tables too: they are the charts' text.
    for (const summary of await monitor.getByText('The chart as a table').all()) await summary.click()
    await expectNoAxeViolations(monitor, 'body')
    // Nothing runs off the page: only the tables' own regions scroll.
    expect(await monitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await monitor.screenshot({ path: test.info().outputPath(`health-${width}.png`), fullPage: true })
    await monitor.reload()
  }

  // From a point of the chart to that moment's slowest page loads, and on to a waterfall.
  await monitor.setViewportSize({ width: 1440, height: 900 })
  await monitor
    .getByRole('link', { name: /^Slowest page loads of / })
    .first()
    .click()
  const slowest = monitor.getByRole('region', { name: /Slowest page loads by header live/ })
  await expect(slowest).toBeVisible()
  await expectNoAxeViolations(monitor, 'body')
  await slowest
    .getByRole('link', { name: /^Page load [0-9a-f]{8}$/ })
    .first()
    .click()
  await expect(monitor.getByRole('region', { name: 'Waterfall' })).toBeVisible()
  await expect(monitor.getByText('part.live').first()).toBeAttached()
})
