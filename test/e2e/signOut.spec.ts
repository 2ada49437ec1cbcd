import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { cookieNamed, expectNoAxeViolations, logIn, openHeader, SHELL, SHOPPER } from './support'

/**
 * Nothing of the last shopper outlives their sign-out — not on the logout page the
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
  test(`${side.brand}${side.home}: after signing out, the logout page and the next page greet nobody`, async ({
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
    await page.getByRole('button', { name: /^(Sign out|Se déconnecter)$/ }).click()
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

for (const side of SIDES) {
  test(`${side.brand}: opening the logout page by hand ends the session there too, and the next page greets nobody`, async ({
    page,
    context,
  }) => {
    await openHeader(page, side.brand)
    await logIn(page, SHOPPER)
    await expect(page.getByTestId('account-button')).toContainText(/^(Hi|Bienvenue)/)
    await openHeader(page, side.brand, side.home)
    await expect(header(page)).toContainText(side.greeting)
    // A shopper types the address into a page that has settled: none of its own cookie writes (the
    // customer's name once their data is in) is still on its way to land after the logout page's.
    await page.waitForLoadState('networkidle')
    // Not through the menu: the address, as a shopper on a shared computer might type it.
    await openHeader(page, side.brand, side.home.startsWith('/fr') ? '/fr/logout' : '/logout')
    await expect(page.getByTestId('account-button')).toHaveText(/^(Log In|Connexion)$/)
    await expectNobodyGreeted(page)
    for (const name of ['access_token', 'refresh_token', 'customerFirstName'])
      expect(await cookieNamed(context, name), name).toBeUndefined()
    // The visitor starts afresh (the page view of the logout page may count the new one).
    expect((await cookieNamed(context, 'visitorSegments'))?.value ?? 'UnknownUser').toBe('UnknownUser')
    await openHeader(page, side.brand, side.home)
    await expect(page.getByTestId('account-button')).toHaveText(/^(Log In|Connexion)$/)
    await expectNobodyGreeted(page)
  })
}

test('on a phone the account icon tells a signed-in shopper so (the person filled, in the brand colour), served and live, and not once signed out', async ({
  browser,
}) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  })
  const page = await context.newPage()
  const icon = () => header(page).getByTestId('account-button').locator('svg').first()
  await openHeader(page, 'usb2c', '/')
  await expect(icon()).not.toHaveAttribute('data-signed-in')
  const outColour = await icon().evaluate((svg) => getComputedStyle(svg).color)
  const outShape = await icon().locator('path').getAttribute('d')
  await logIn(page, SHOPPER)
  await expect(icon()).toHaveAttribute('data-signed-in', 'true')
  expect(await icon().evaluate((svg) => getComputedStyle(svg).color)).not.toBe(outColour)
  expect(await icon().locator('path').getAttribute('d')).not.toBe(outShape)
  // The page server's first view draws it so too, before any script.
  const served = await context.newPage()
  await served.route('**/assets/**/*.js', (route) => route.abort())
  await served.goto(page.url())
  await expect(served.getByTestId('account-button').locator('svg').first()).toHaveAttribute(
    'data-signed-in',
    'true',
  )
  await served.close()
  await context.close()
})
