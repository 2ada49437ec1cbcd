import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, openHeader } from './support'

/**
 * The brewer-offer flow (nav spec §1: "1 pick brewer, 2 choose pods, 3 confirm order, with back
 * steps"), reached from the navigation's Starter Kits panel: the steps, back with the choices kept,
 * the kit in the header's cart once however often the order is sent, in both languages, at 1440 px
 * and on a phone with touch, and axe at every step.
 */

const cartCount = async (page: Page) =>
  Number(
    (
      await page.locator('a[aria-label^="Cart"], a[aria-label^="Panier"]').first().getAttribute('aria-label')
    )?.match(/\d+/)?.[0] ?? 0,
  )

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test('from the Starter Kits panel: pick a brewer, choose pods, back and forth, confirm once (1440 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c')
  await expect(page.locator('[data-part="header.cart"][data-live]')).toBeAttached()
  const before = await cartCount(page)
  await page.getByRole('button', { name: 'Starter Kits menu' }).click()
  await page.getByRole('link', { name: 'Build your kit' }).first().click()
  await page.waitForURL(/openedKSK=KSKBBAD/)

  await expect(page.getByRole('heading', { name: 'Step 1 of 3: Pick a brewer' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('radio', { name: /K-Mini/ }).check()
  await page.getByRole('button', { name: 'Next: choose pods' }).click()

  await expect(page.getByRole('heading', { name: 'Step 2 of 3: Choose pods' })).toBeVisible()
  const boxes = page.getByRole('spinbutton')
  await expect(boxes).toHaveCount(8)
  // Three boxes: the step says what is missing, and keeps the counts.
  await boxes.nth(0).fill('3')
  await page.getByRole('button', { name: 'Next: confirm order' }).click()
  await expect(page.getByRole('alert')).toHaveText('Choose 4 boxes in all; you have 3.')
  await expect(page.getByRole('spinbutton').nth(0)).toHaveValue('3')
  await expectNoAxeViolations(page)
  await page.getByRole('spinbutton').nth(1).fill('1')
  await page.getByRole('button', { name: 'Next: confirm order' }).click()

  await expect(page.getByRole('heading', { name: 'Step 3 of 3: Confirm order' })).toBeVisible()
  await expect(page.getByText(/^Brewco K-Mini Single Serve Coffee Maker, Black$/)).toBeVisible()
  await expect(page.getByText(/^3 × .+K-Cup Pods, 24 Count$/)).toBeVisible()
  await expectNoAxeViolations(page)
  // Back twice: the counts, then the brewer, are still chosen.
  await page.getByRole('link', { name: 'Back: choose pods' }).click()
  await expect(page.getByRole('spinbutton').nth(0)).toHaveValue('3')
  await expect(page.getByRole('spinbutton').nth(1)).toHaveValue('1')
  await page.getByRole('link', { name: 'Back: pick a brewer' }).click()
  await expect(page.getByRole('radio', { name: /K-Mini/ })).toBeChecked()
  await page.getByRole('button', { name: 'Next: choose pods' }).click()
  await expect(page.getByRole('spinbutton').nth(0)).toHaveValue('3')
  await page.getByRole('button', { name: 'Next: confirm order' }).click()

  // A double click sends the form twice at most; the kit goes in once (1 brewer + 4 boxes).
  await page.getByRole('button', { name: 'Confirm order' }).dblclick()
  await expect(page.getByRole('status').filter({ hasText: 'Your kit is in your cart' })).toBeVisible()
  await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(before + 5)
  // The browser's back to the confirm step (its form, its key, as they were) and a second send.
  const done = page.url()
  await page.goBack()
  await page.getByRole('button', { name: 'Confirm order' }).click()
  await page.waitForURL(done)
  await expect(page.getByRole('status').filter({ hasText: 'Your kit is in your cart' })).toBeVisible()
  await expect(page.locator('[data-part="header.cart"][data-live]')).toBeAttached()
  await expect.poll(() => cartCount(page), { timeout: 10_000 }).toBe(before + 5)
  await expectNoAxeViolations(page)
})

test.describe('on a phone with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('cab2c in French: the free brewer offers the K-Mini only, the steps fit the screen', async ({
    page,
  }) => {
    await openHeader(page, 'cab2c', '/fr/trousse-de-demarrage-brewco')
    await page.getByRole('link', { name: 'Cafetière gratuite' }).tap()
    await expect(page.getByRole('heading', { name: 'Étape 1 sur 3 : Choisir une cafetière' })).toBeVisible()
    await expect(page.getByRole('radio')).toHaveCount(3)
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('radio', { name: /argent brossé/ }).tap()
    await page.getByRole('button', { name: 'Suivant : choisir les capsules' }).tap()
    await expect(page.getByRole('heading', { name: 'Étape 2 sur 3 : Choisir les capsules' })).toBeVisible()
    await page.getByRole('spinbutton').nth(2).fill('12')
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Suivant : confirmer la commande' }).tap()
    await expect(page.getByRole('heading', { name: 'Étape 3 sur 3 : Confirmer la commande' })).toBeVisible()
    await expect(page.getByText(/^12 × Café .+capsules K-Cup, 24 unités$/)).toBeVisible()
    expect(await noSidewaysScroll(page)).toBe(true)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Retour : choisir les capsules' }).tap()
    await expect(page.getByRole('spinbutton').nth(2)).toHaveValue('12')
  })
})
