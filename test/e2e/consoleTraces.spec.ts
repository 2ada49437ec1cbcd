import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, logIn, openHeader, PORT, SHOPPER } from './support'

/**
 * The console's page loads (docs/console.md): a shopper's page load read as a Jaeger waterfall, its
 * later sign-in as a trace of its own, and the search. Reads telemetry only: it runs with the store's
 * specs.
 */
const CONSOLE = `http://localhost:${PORT}/console`

async function signInAsMonitor(page: Page) {
  await page.goto(`${CONSOLE}/sign-in?next=/console/traces`)
  await page.getByLabel('E-mail').fill('monitor@brewco.example')
  await page.getByLabel('Password').fill('Watch1234')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

async function axeAtBothWidths(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, 'body')
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** A shopper's page load with a wrong password and a sign-in on it; its correlation id. */
async function shopperSignsIn(page: Page): Promise<string> {
  await openHeader(page, 'usb2c', '/')
  const correlationId = await page.evaluate(
    () => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId,
  )
  await page.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  await logIn(page, { ...SHOPPER, password: 'not-the-password' })
  await expect(page.getByRole('alert')).toContainText('We could not log you in')
  await page.locator('#logIn-panel').getByLabel('Password', { exact: true }).fill(SHOPPER.password)
  await page.locator('#logIn-panel').getByRole('button', { name: 'Log In', exact: true }).click()
  await expect(page.getByTestId('account-button')).toHaveText(/^Hi, /)
  // The shopper goes on to another page: the exporters send what the page left (on pagehide).
  await openHeader(page, 'usb2c', '/c/coffee')
  return correlationId
}

test('a page load reads as a Jaeger waterfall; the sign-in on it is a trace of its own, its 401 an error', async ({
  browser,
}) => {
  const store = await (await browser.newContext()).newPage()
  const correlationId = await shopperSignsIn(store)

  const monitor = await (await browser.newContext()).newPage()
  await signInAsMonitor(monitor)
  await monitor.getByLabel('Correlation id').fill(correlationId)
  await monitor.getByLabel('Started within').selectOption('15m')
  await monitor.getByRole('button', { name: 'Search' }).click()
  await monitor.getByRole('link', { name: 'page GET home' }).click()

  // Every span of the load has arrived once nothing hangs outside the page server's span, and the
  // sign-in is listed after it, as traces of their own.
  const waterfall = monitor.getByRole('region', { name: 'Waterfall' })
  const later = monitor.getByRole('region', { name: 'Later on this page' })
  await expect
    .poll(
      async () => {
        await monitor.reload()
        const top = await waterfall.locator('li[data-depth="0"]').count()
        return top === 1 && (await later.getByRole('link', { name: /auth\/login/ }).count()) >= 2
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(true)
  // The page load ended with start-up: no sign-in inside it.
  await expect(waterfall.getByRole('link', { name: /auth\/login/ })).toHaveCount(0)

  // One line per span: name, service and duration; bars on a time axis with ticks.
  const line = (name: string) =>
    waterfall
      .locator('li')
      .filter({ has: monitor.locator(':scope > .wfRow', { hasText: name }) })
      .first()
  await expect(line('page GET home')).toHaveAttribute('data-depth', '0')
  await expect(line('page GET home').locator(':scope > .wfRow .wfMeta')).toHaveText(
    /one-header-reference-server · [\d.]+ ms/,
  )
  await expect(line('header.start')).toHaveAttribute('data-depth', '1')
  expect(await waterfall.locator('.wfTicks span').count()).toBeGreaterThanOrEqual(3)
  // Bars in a wide track: the page server's span spans it whole.
  const track = await line('page GET home').locator(':scope > .wfRow .wfTrack').boundingBox()
  expect(track!.width).toBeGreaterThan(600)
  // The calls the page preloaded sit where they started: beside the start, under the page's span, before it.
  const preloaded = waterfall
    .locator('li[data-depth="1"]')
    .filter({ has: monitor.locator(':scope > .wfRow .wfName', { hasText: /^HTTP GET cms\// }) })
  expect(await preloaded.count()).toBeGreaterThan(0)
  const left = async (item: ReturnType<typeof line>) =>
    (await item.locator(':scope > .wfRow .wfBar').boundingBox())!.x
  expect(await left(preloaded.first())).toBeLessThan(await left(line('header.start')))
  // The critical path is marked.
  await expect(waterfall.locator('.wfRow.critical').first()).toBeVisible()

  // A subtree folds and unfolds.
  const pluginStart = waterfall.locator('.wfRow', { hasText: 'plugin.start auth' })
  await expect(pluginStart).toBeVisible()
  await line('header.start').locator(':scope > details > summary').click()
  await expect(pluginStart).toBeHidden()
  await line('header.start').locator(':scope > details > summary').click()
  await expect(pluginStart).toBeVisible()

  // A span opens its detail: status, attributes, resource.
  await line('header.start').locator(':scope > .wfRow .wfName').click()
  const detail = monitor.locator('.spanDetail')
  await expect(detail.getByRole('heading', { name: 'header.start' })).toBeVisible()
  await expect(detail.getByRole('table', { name: 'Attributes' })).toContainText('header.brand')
  await expect(detail.getByRole('table', { name: 'Resource' })).toContainText('service.name')
  // The text alternative: every span in a table.
  await monitor.getByText('The spans as a table (text alternative)').click()
  await expect(
    monitor.getByRole('region', { name: 'Spans table' }).getByRole('row', { name: /header\.start/ }),
  ).toBeVisible()
  await axeAtBothWidths(monitor)
  // At 390 px the waterfall fits the width (each span's text above its bar): nothing to scroll to,
  // and the page itself never runs off the right edge.
  await monitor.setViewportSize({ width: 390, height: 900 })
  const widths = await monitor.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    region: document.querySelector('.wf')!.scrollWidth,
    shown: document.querySelector('.wf')!.clientWidth,
  }))
  expect(widths.page).toBeLessThanOrEqual(390)
  expect(widths.region).toBeLessThanOrEqual(widths.shown)
  await monitor.setViewportSize({ width: 1440, height: 900 })

  // The wrong password's call is its own trace: answered 401, an error as the conventions say, the
  // server's span nested under the browser's call.
  const logins = later.getByRole('link', { name: /auth\/login/ })
  const [first] = await logins.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
  await monitor.goto(first!)
  await expect(monitor.getByText('A later action on')).toBeVisible()
  const loginLine = monitor.locator('li[data-depth="0"] > .wfRow').first()
  await expect(loginLine).toHaveClass(/error/)
  await expect(loginLine).toContainText('HTTP 401')
  await loginLine.locator('.wfName').click()
  const loginDetail = monitor.locator('.spanDetail')
  await expect(loginDetail.locator('dd').first()).toHaveText('error — HTTP 401')
  await expect(loginDetail).toContainText(/Kind\s*client/)
  await expect(
    monitor.locator('li[data-depth="1"] > .wfRow', { hasText: 'one-header-reference-server' }),
  ).toHaveCount(1)
})

test('the search finds page loads as Tempo does, sorts them, and goes from a log record to its trace and back', async ({
  browser,
}) => {
  const store = await (await browser.newContext()).newPage()
  await openHeader(store, 'usb2c', '/')
  const correlationId = await store.evaluate(
    () => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId,
  )
  await store.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
  )
  await logIn(store, { ...SHOPPER, password: 'not-the-password' })
  await expect(store.getByRole('alert')).toContainText('We could not log you in')
  await openHeader(store, 'usb2c', '/c/coffee')

  const monitor = await (await browser.newContext()).newPage()
  await signInAsMonitor(monitor)
  const search = async (fields: Record<string, string>) => {
    await monitor.goto(`${CONSOLE}/traces`)
    for (const [label, value] of Object.entries(fields)) {
      const input = monitor.getByLabel(label, { exact: true })
      if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(value)
      else await input.fill(value)
    }
    await monitor.getByRole('button', { name: 'Search' }).click()
  }
  const results = monitor.getByRole('region', { name: 'Results' })
  // The correlation id by its start; the wrong password's call by its attribute and service: a later
  // action, listed with the page loads.
  const prefix = correlationId.slice(0, 13)
  await expect
    .poll(
      async () => {
        await search({
          'Correlation id (or its start)': prefix,
          'Started within': '15m',
          Attribute: 'http.response.status_code=401',
          Service: 'one-header',
        })
        return results.getByRole('link', { name: /auth\/login/ }).count()
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(1)
  await expect(results.getByRole('row', { name: /auth\/login/ })).toContainText('later action')
  // The page load itself: by brand, language, page path, a span's name and a duration range.
  await search({
    'Correlation id (or its start)': prefix,
    Brand: 'usb2c',
    Language: 'English (en)',
    'Page path': '/',
    'Span name': 'header.start',
    'Took at least (ms)': '1',
    'Took at most (ms)': '600000',
  })
  await expect(results.getByRole('link', { name: 'page GET home' })).toHaveCount(1)
  await expect(results.getByRole('row', { name: /page GET home/ })).toContainText(correlationId)
  await search({
    'Correlation id (or its start)': prefix,
    'Span name': 'header.start',
    'Took at most (ms)': '0.001',
  })
  await expect(monitor.getByText('No page load matches.')).toBeVisible()
  // Sortable columns: total duration and page path among them.
  await search({ 'Correlation id (or its start)': prefix, 'Reported by': 'Either' })
  await expect(results.getByRole('columnheader', { name: /Page path/ })).toBeVisible()
  await results.getByRole('link', { name: /^Duration/ }).click()
  await expect(monitor).toHaveURL(/sort=duration&dir=desc/)
  await expect(results.getByRole('columnheader', { name: /^Duration/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  const durations = await results
    .locator('tbody tr td:nth-child(4)')
    .allTextContents()
    .then((cells) => cells.map((c) => Number.parseFloat(c)))
  expect(durations).toEqual([...durations].sort((a, b) => b - a))
  await axeAtBothWidths(monitor)
  // At 390 px the results scroll inside their region; the page itself never runs off the right edge.
  await monitor.setViewportSize({ width: 390, height: 900 })
  expect(await monitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await monitor.setViewportSize({ width: 1440, height: 900 })

  // From a trace to its log records, and from a record back to its trace.
  await results.getByRole('link', { name: 'page GET home' }).click()
  await monitor.getByRole('link', { name: 'Every log record of this shopper' }).click()
  await expect(monitor.getByRole('heading', { level: 1 })).toHaveText('Log records')
  const records = monitor.getByRole('region', { name: 'Results' })
  await expect(records.getByRole('row').nth(1)).toBeVisible()
  await axeAtBothWidths(monitor)
  const toTraces = records.getByRole('link', { name: /^Trace / })
  expect(await toTraces.count()).toBeGreaterThan(0)
  // Each record opens the trace it was written in: this shopper's page load or a later action on it.
  await toTraces.first().click()
  await expect(monitor.getByRole('region', { name: 'Waterfall' })).toBeVisible()
  await expect(monitor.locator('main')).toContainText(correlationId)
})
