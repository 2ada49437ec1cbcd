import { expect, type Page, test } from '@playwright/test'
import { collectConsole, countShifts, openHeader, PORT } from './support'

/**
 * Progressive start: the shell renders once configuration and header data are in, and a
 * plugin whose code is slow or missing never holds back the rest of the header.
 */
const header = (page: Page) => page.locator('#oneHeaderContainer')
const accountButton = (page: Page) => header(page).getByTestId('account-button')
/** The search plugin's own chunk (not SearchBox-…/SearchFlyout-…, which are capitalised). */
const SEARCH_PLUGIN_CHUNK = /\/assets\/search-[\w-]+\.js$/

async function expectRestOfHeaderWorks(page: Page) {
  await expect(header(page).getByRole('navigation').first().getByRole('link').first()).toBeVisible()
  await expect(header(page).locator('a[href$="/cart"]')).toBeVisible()
  await accountButton(page).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
}

test('a search plugin chunk 3 s late: the rest of the header is complete and working at once, search joins later', async ({
  page,
}) => {
  // The chunk is 3 s late, and later still if the checks below take longer on a slow machine: the
  // test proves the rest of the header works without it, not how fast this machine is.
  let released = 0
  let checked = () => {}
  const restChecked = new Promise<void>((resolve) => {
    checked = resolve
  })
  await page.route(SEARCH_PLUGIN_CHUNK, async (route) => {
    await Promise.all([restChecked, new Promise((r) => setTimeout(r, 3000))])
    released = Date.now()
    await route.continue()
  })
  await openHeader(page, 'usb2c', '/cart')
  await expectRestOfHeaderWorks(page)
  // All of that happened before the search code arrived.
  expect(released).toBe(0)
  checked()
  await expect(header(page).getByRole('combobox', { name: /search/i })).toBeEnabled({ timeout: 15_000 })
  expect(released).toBeGreaterThan(0)
  expect(
    await page.evaluate(() => (window as unknown as { oneHeader: { started: string[] } }).oneHeader.started),
  ).toContain('search')
})

test('a search plugin chunk that answers 404: the rest of the header works, and the fault is logged with its plugin id', async ({
  page,
}) => {
  const console = collectConsole(page)
  await page.route(SEARCH_PLUGIN_CHUNK, (route) => route.fulfill({ status: 404, body: 'not found' }))
  await openHeader(page, 'usb2c', '/cart')
  await expectRestOfHeaderWorks(page)
  await expect
    .poll(() => console.some((m) => /PLUGIN_SETUP_FAILED plugin=search correlationId=[\w-]+/.test(m)))
    .toBe(true)
  await expect(header(page).getByRole('combobox')).toHaveCount(0)
  expect(
    await page.evaluate(() => (window as unknown as { oneHeader: { started: string[] } }).oneHeader.started),
  ).not.toContain('search')
})

test('the search box takes typing before its combobox code arrives, and the combobox takes over with the text and focus', async ({
  page,
}) => {
  let release: () => void = () => {}
  const gate = new Promise<void>((r) => {
    release = r
  })
  await page.route(/\/assets\/SearchBox-[\w-]+\.js$/, async (route) => {
    await gate
    await route.continue()
  })
  await openHeader(page, 'usb2c', '/cart')
  const plain = header(page).getByRole('searchbox', { name: /search/i })
  await expect(plain).toBeEnabled()
  await plain.click()
  await page.keyboard.type('pods')
  release()
  const combobox = header(page).getByRole('combobox', { name: /search/i })
  await expect(combobox).toHaveValue('pods')
  await expect(combobox).toBeFocused()
  await expect(page.getByRole('listbox')).toBeVisible()
})

test('Enter in the search box before its combobox code arrives goes to the search page', async ({ page }) => {
  await page.route(/\/assets\/SearchBox-[\w-]+\.js$/, () => {
    // Never answered: the plain box is all there is.
  })
  await openHeader(page, 'usb2c', '/cart')
  const plain = header(page).getByRole('searchbox', { name: /search/i })
  await plain.fill('dark roast')
  await plain.press('Enter')
  await expect(page).toHaveURL(`http://localhost:${PORT}/search?text=dark+roast`)
})

/** The auth plugin's own chunk (not AccountLinks-…/AccountMenu-…, which are capitalised). */
const AUTH_PLUGIN_CHUNK = /\/assets\/auth-[\w-]+\.js$/

// The served account control holds the account part's place while the auth plugin's code is held
// back, and the live button takes exactly its box: on a desktop as wide as "Log In" with
// its icon (no fixed 176 px box, no empty band beside it), beside the loyalty box.
for (const { width, buttonWidth } of [
  { width: 1600, buttonWidth: 'its label' },
  { width: 1440, buttonWidth: 'its label' },
  { width: 992, buttonWidth: 'its label' },
  { width: 390, buttonWidth: 40 },
] as const) {
  test(`at ${width} px, an auth chunk held back: the served account control keeps its place, so nothing moves when the live one takes over`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const shifts = await countShifts(page)
    // The chunk arrives only when the test has measured the served control (at least 1.5 s late), so
    // a slow machine cannot let it in before the measurement.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(AUTH_PLUGIN_CHUNK, async (route) => {
      await Promise.all([released, new Promise((r) => setTimeout(r, 1500))])
      await route.continue()
    })
    await openHeader(page, 'usb2c', '/c/coffee')
    const served = header(page).locator('a[data-testid="account-button"][data-replay-pending]')
    await expect(served).toHaveCount(1)
    const held = await served.boundingBox()
    if (buttonWidth === 40) expect(held?.width).toBe(40)
    else {
      // The icon (20), the gap (6), "Log In" and the padding (2 × 10): about 104 px, never 176.
      expect(held?.width).toBeGreaterThan(80)
      expect(held?.width).toBeLessThan(130)
    }
    expect(held?.height).toBe(40)
    release()
    const live = header(page).locator('button[data-testid="account-button"]')
    await expect(live).toBeVisible({ timeout: 15_000 })
    await expect(served).toHaveCount(0)
    expect(await live.boundingBox()).toEqual(held)
    await page.waitForTimeout(300)
    expect(await shifts()).toBe(0)
  })
}
