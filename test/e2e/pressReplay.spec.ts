import { expect, type Page, test } from '@playwright/test'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import { cookieNamed, expectNoAxeViolations, holdRequests, SHELL, START_UP_CHUNK, urlFor } from './support'

/**
 * A press made before its part is live is answered once, the live way, when the part takes
 * over (site/pressRecorder.ts); a part whose code never comes falls back to the plain behaviour. Each
 * test holds back the one plugin chunk whose part it presses, so the press is surely made on the
 * served control, then lets it in.
 */
const CHUNK = {
  /**
   * The navigation's code: its part's entry (the bar is hydrated from it before the kernel) and its
   * plugin. Held, the bar stays as the page server drew it, its buttons' presses kept.
   */
  nav: /\/assets\/(?:part-)?nav-[\w-]+\.js$/,
  auth: /\/assets\/auth-[\w-]+\.js$/,
  search: /\/assets\/search-[\w-]+\.js$/,
  consent: /\/assets\/consent-[\w-]+\.js$/,
  /** Start-up itself: no part goes live before it, the shell's rows (the language selector) included. */
  startUp: START_UP_CHUNK,
}
const header = (page: Page) => page.locator('#oneHeaderContainer')

/** Holds `chunk` back until the returned release is called. */
const holdChunk = holdRequests

/** Opens a page whose header is taken over, with the held part still served. */
async function openServed(page: Page, path = '/c/coffee') {
  await page.goto(urlFor('usb2c', path))
  await expect(page.locator(SHELL)).toBeAttached()
}

/** The presses the recorder kept: how many, and how many were answered. */
const presses = (page: Page) =>
  page.evaluate(() => {
    const queue = (window as Window & { __oneHeaderPresses?: { done: boolean }[] }).__oneHeaderPresses ?? []
    return { recorded: queue.length, answered: queue.filter((p) => p.done).length }
  })

test('a panel button pressed before the navigation is live opens its panel once when it takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const release = await holdChunk(page, CHUNK.nav)
  await openServed(page)
  const served = header(page).locator('button[data-replay="nav:BeveragesBarComponent"][data-replay-pending]')
  await expect(served).toBeEnabled()
  // Pressed twice (an impatient shopper): answered once, so the panel ends up open, not toggled shut.
  await served.click()
  await served.click()
  expect(await presses(page)).toEqual({ recorded: 1, answered: 0 })
  release()
  const live = header(page).getByRole('button', { name: 'Beverages menu' })
  await expect(live).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator('#oh-flyout-BeveragesBarComponent')).toBeVisible()
  await page.waitForTimeout(500)
  await expect(live).toHaveAttribute('aria-expanded', 'true')
  await expect(live).toBeFocused()
  expect(await presses(page)).toEqual({ recorded: 1, answered: 1 })
  expect(new URL(page.url()).pathname).toBe('/c/coffee')
  await expectNoAxeViolations(page)
})

test('"Log In" pressed before the auth plugin is live opens the sign-in flyout, without a detour through /login', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const release = await holdChunk(page, CHUNK.auth)
  await openServed(page)
  const served = header(page).locator('a[data-testid="account-button"][data-replay-pending]')
  await served.click()
  await page.waitForTimeout(300)
  expect(new URL(page.url()).pathname).toBe('/c/coffee')
  release()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(header(page).locator('button[data-testid="account-button"]')).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  expect(await presses(page)).toEqual({ recorded: 1, answered: 1 })
  expect(new URL(page.url()).pathname).toBe('/c/coffee')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the first view has the menu button, and a tap on it before the auth plugin is live opens the menu once', async ({
    page,
  }) => {
    const release = await holdChunk(page, CHUNK.auth)
    await openServed(page)
    const served = header(page).locator('button[data-replay="mobileMenu"][data-replay-pending]')
    await expect(served).toBeVisible()
    await expect(served).toHaveAccessibleName('Open menu')
    await expectNoAxeViolations(page)
    await served.tap()
    release()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await presses(page)).toEqual({ recorded: 1, answered: 1 })
    await expectNoAxeViolations(page)
  })
})

test('text typed before the search plugin is live keeps its caret and brings its suggestions once it is', async ({
  page,
}) => {
  const release = await holdChunk(page, CHUNK.search)
  await openServed(page, '/cart')
  const box = header(page).getByRole('searchbox', { name: /search/i })
  await box.click()
  await page.keyboard.type('cold')
  release()
  const combobox = header(page).getByRole('combobox', { name: /search/i })
  await expect(combobox).toHaveValue('cold')
  await expect(combobox).toBeFocused()
  await expect(page.getByRole('listbox')).toBeVisible()
  await page.keyboard.type(' brew')
  await expect(combobox).toHaveValue('cold brew')
})

test.describe('a visitor the cookie banner asks', () => {
  test.use({ storageState: NO_CONSENT_STORAGE_STATE })

  test('"Reject all" pressed before the consent plugin is live is answered once: the choice is stored and the banner goes', async ({
    page,
    context,
  }) => {
    const release = await holdChunk(page, CHUNK.consent)
    await openServed(page)
    const reject = header(page).locator('button[data-replay="consent:reject"][data-replay-pending]')
    await expect(reject).toBeEnabled()
    await reject.click()
    release()
    await expect(header(page).locator('[data-consent-banner]')).toHaveCount(0)
    expect(await presses(page)).toEqual({ recorded: 1, answered: 1 })
    expect(await cookieNamed(context, 'oneHeaderConsent')).toBeTruthy()
  })
})

test('"EN" pressed on the French home page before the selector is live takes a shopper who had chosen French to the English one, and records the choice', async ({
  page,
  context,
}) => {
  // The shopper chose French earlier: the page server sends the bare home address to the French home.
  await context.addCookies([{ name: 'languageChosen', value: 'true', url: urlFor('cab2c', '/') }])
  const release = await holdChunk(page, CHUNK.startUp)
  await page.goto(urlFor('cab2c', '/fr/accueil'))
  await header(page)
    .getByRole('group', { name: /langue/i })
    .getByRole('link', { name: 'EN' })
    .click()
  release()
  // Answered as the live link answers it: the choice is recorded, then the page is left for English
  // (followed as a plain link, the old choice sent it back to /fr/accueil).
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.locator('html')).toHaveAttribute('lang', /^en/)
  expect((await cookieNamed(context, 'languageChosen'))?.value).toBe('false')
})

test('a part whose code never comes: its recorded press gets the plain behaviour (the panel button goes to its page)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.route(CHUNK.nav, (route) => route.fulfill({ status: 404, body: 'not found' }))
  await openServed(page, '/cart')
  await header(page).locator('button[data-replay="nav:BeveragesBarComponent"]').click()
  // Kept for a while first (site/pressRecorder.ts PRESS_FALLBACK_MS: 3 s), in case the code comes.
  await page.waitForTimeout(1000)
  expect(new URL(page.url()).pathname).toBe('/cart')
  await expect(page).toHaveURL(/\/c\/beverages$/, { timeout: 10_000 })
})
