import { expect, type Locator, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import { expectNoAxeViolations, logIn, openHeader, SHOPPER } from './support'

/**
 * The account panels (login flyout, account menu) fit the window, scroll
 * inside themselves, never widen the page (a phone slid it 270 px sideways) and are never covered by
 * the cookie banner: "Sign out" is always there to be pressed.
 */

/** Nothing wider than the screen: the page cannot be slid sideways, and the backdrop is the screen's width. */
async function expectPageNotWidened(page: Page, width: number) {
  const sizes = await page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    overlay: document.querySelector('[data-testid=account-overlay]')?.getBoundingClientRect().width,
  }))
  expect(sizes).toEqual({ inner: width, scroll: width, overlay: width })
}

/** The panel ends inside the window, and `target`, scrolled to inside it, is what a press there hits. */
async function expectReachable(page: Page, panel: Locator, target: Locator) {
  const height = page.viewportSize()?.height ?? 0
  const box = await panel.boundingBox()
  expect(box && box.y + box.height).toBeLessThanOrEqual(height)
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }))
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
    return r.bottom <= window.innerHeight && r.right <= window.innerWidth && !!top && el.contains(top)
  })
  expect(hit).toBe(true)
}

const signOutLink = (page: Page) => page.getByRole('button', { name: /^(Sign out|Se déconnecter)$/ })
/** The open panel: the login flyout or the account menu, right after the account button. */
const accountPanel = (page: Page) => page.locator('[data-testid=account-button] + div')

test.describe('phone, 390 px with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the login flyout and the account menu stay on the screen; "Sign out" is reachable', async ({
    page,
  }) => {
    await openHeader(page, 'usb2c')
    // US English on the US store (item 11).
    await expect(page.getByRole('complementary', { name: 'Our app' })).toContainText(
      'Reorder your favorites in two taps with our app.',
    )
    await expect(page.getByRole('link', { name: 'Perks program terms' })).toBeAttached()
    await page.getByTestId('account-button').click()
    await expect(page.locator('#logIn-panel')).toBeVisible()
    await expectPageNotWidened(page, 390)
    await expectNoAxeViolations(page)
    await expectReachable(
      page,
      accountPanel(page),
      page.locator('#logIn-panel').getByRole('button', { name: 'Log In', exact: true }),
    )
    await page.getByTestId('account-button').click()
    await logIn(page, SHOPPER)
    await expect(page.getByTestId('account-button')).toHaveAttribute('aria-expanded', 'false')
    await page.getByTestId('account-button').click()
    await expect(signOutLink(page)).toBeAttached()
    await expectPageNotWidened(page, 390)
    // The header stays where it was: the account button is still on the screen.
    const button = await page.getByTestId('account-button').boundingBox()
    expect(button && button.x >= 0 && button.x + button.width <= 390).toBe(true)
    await expectReachable(page, accountPanel(page), signOutLink(page))
    await expectNoAxeViolations(page)
  })
})

test.describe('desktop, 1440 x 900, with the cookie banner up', () => {
  test.use({ viewport: { width: 1440, height: 900 }, storageState: NO_CONSENT_STORAGE_STATE })

  const SIDES: { brand: Brand; path: string }[] = [
    { brand: 'usb2c', path: '/' },
    { brand: 'cab2c', path: '/fr/accueil' },
  ]
  for (const side of SIDES) {
    test(`${side.brand}${side.path}: the account menu fits the window and the banner never covers it`, async ({
      page,
    }) => {
      await openHeader(page, side.brand)
      await logIn(page, SHOPPER)
      await expect(page.getByTestId('account-button')).toContainText(/^(Hi|Bienvenue)/)
      await openHeader(page, side.brand, side.path)
      await expect(page.locator('[data-consent-banner]')).toBeVisible()
      await page.getByTestId('account-button').click()
      await expect(signOutLink(page)).toBeAttached()
      await expectReachable(page, accountPanel(page), signOutLink(page))
      if (side.brand === 'usb2c') await expectNoAxeViolations(page)
    })
  }
})

/**
 * The account menu's last entry is on the screen as the menu opens, no scrolling inside it: on a
 * laptop (1280 x 720) and a small phone (390 x 664), in every brand, in English and in French.
 */
for (const { width, height } of [
  { width: 1280, height: 720 },
  { width: 390, height: 664 },
]) {
  for (const [brand, path] of [
    ['usb2c', '/c/coffee'],
    ['cab2c', '/fr/c/cafe'],
    ['cab2c', '/c/coffee'],
    ['usafh', '/c/coffee'],
  ] as const) {
    test(`${brand}${path} at ${width} x ${height}: the account menu's last entry is in view without scrolling`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 })
      await openHeader(page, brand)
      await logIn(page, SHOPPER)
      await expect(page.getByTestId('account-button')).toHaveAttribute('aria-expanded', 'false')
      await page.setViewportSize({ width, height })
      await openHeader(page, brand, path)
      await page.getByTestId('account-button').click()
      await expect(signOutLink(page)).toBeVisible()
      // On a laptop the whole menu fits; on a phone its entries come first, the extras (banner,
      // loyalty card) may follow below.
      if (width >= 992) {
        const fits = await accountPanel(page).evaluate((el) => el.scrollHeight <= el.clientHeight + 1)
        expect(fits, 'no scroll inside the menu').toBe(true)
      }
      const scrolled = await accountPanel(page).evaluate((el) => el.scrollTop)
      expect(scrolled).toBe(0)
      await expect(signOutLink(page)).toBeInViewport({ ratio: 1 })
      // It is what a press there hits (nothing covers it).
      const hit = await signOutLink(page).evaluate((el) => {
        const r = el.getBoundingClientRect()
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2))
      })
      expect(hit).toBe(true)
      const out = await signOutLink(page).boundingBox()
      expect(out && out.y + out.height).toBeLessThanOrEqual(height)
    })
  }
}
