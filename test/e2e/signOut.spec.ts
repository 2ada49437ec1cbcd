import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { cookieNamed, expectNoAxeViolations, logIn, openHeader, SHELL, SHOPPER } from './support'

/**
 * Issue 35, item 1: nothing of the last shopper outlives their sign-out — not on the logout page the
 * server draws, not on the next page, not in the visitor-segments cookie, the visitor profile or the
 * stored navigation copy.
 */
const GREETINGS = [
  'Welcome back',
  'Bon retour',
  'Auto Delivery is on its way',
  'livraison automatique est en route',
]

const header = (page: Page) => page.locator('#oneHeaderContainer')

async function expectNobodyGreeted(page: Page) {
  for (const text of GREETINGS) await expect(header(page)).not.toContainText(text)
  const stored = await page.evaluate(() => {
    const nav = Object.keys(localStorage)
      .filter((k) => k.startsWith('one-header:last-good:'))
      .map((k) => JSON.parse(localStorage.getItem(k) ?? '{}') as { audience?: string; navigation?: unknown })
      .filter((e) => e.navigation !== undefined && e.audience !== 'UnknownUser')
    return { profile: localStorage.getItem('oneHeader.visitorProfile'), navigationOfOthers: nav.length }
  })
  expect(stored.navigationOfOthers).toBe(0)
  expect(stored.profile ?? '').not.toContain('known_user":true')
}

const SIDES: { brand: Brand; home: string; greeting: string; row?: string }[] = [
  { brand: 'usb2c', home: '/', greeting: 'Welcome back!', row: 'Your Auto Delivery is on its way.' },
  { brand: 'cab2c', home: '/fr/accueil', greeting: 'Bon retour!' },
  { brand: 'usafh', home: '/', greeting: 'Welcome back!' },
]

for (const side of SIDES) {
  test(`${side.brand}${side.home}: after signing out, the logout page and the next page greet nobody (issue 35)`, async ({
    page,
    context,
  }) => {
    await openHeader(page, side.brand)
    await logIn(page, SHOPPER)
    await expect(page.getByTestId('account-button')).toContainText(/^(Hi|Bienvenue)/)
    // The next page: the store greets the customer it knows.
    await openHeader(page, side.brand, side.home)
    await expect(header(page)).toContainText(side.greeting)
    if (side.row) await expect(header(page)).toContainText(side.row)
    await expect(page.locator(SHELL).first()).toBeAttached()
    await page.getByTestId('account-button').click()
    await page.getByRole('link', { name: /^(Sign out|Se déconnecter)$/ }).click()
    await page.waitForURL((url) => /^(\/fr)?\/logout$/.test(url.pathname))
    expect((await cookieNamed(context, 'visitorSegments'))?.value ?? 'UnknownUser').toBe('UnknownUser')
    await expect(page.getByTestId('account-button')).toBeVisible()
    await expectNobodyGreeted(page)
    await openHeader(page, side.brand, side.home)
    await expect(page.getByTestId('account-button')).toBeVisible()
    await expectNobodyGreeted(page)
    if (side.brand === 'usb2c') await expectNoAxeViolations(page)
  })
}
