import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { collectConsole, expectNoAxeViolations, openHeader } from './support'

/**
 * axe-core's full default rule set (support.ts) over every brand, at desktop and phone width, with
 * the header closed, the login flyout open and the search flyout open; plus WCAG 2.5.3 "label in
 * name" (`label-content-name-mismatch`), which axe ships switched off as experimental.
 */
const PAGES: { brand: Brand; path: string }[] = [
  { brand: 'usb2c', path: '/' },
  { brand: 'cab2c', path: '/' },
  { brand: 'usafh', path: '/' },
  { brand: 'cab2c', path: '/fr/accueil' },
]
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]
const AXE = { enable: ['label-content-name-mismatch'] }

const SCANNED = '#oneHeaderContainer'
const header = (page: Page) => page.locator(SCANNED)
const searchBox = (page: Page) => header(page).getByRole('combobox', { name: /search|rechercher/i })

for (const { brand, path } of PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`axe, full default rules: ${brand} ${path} at ${viewport.name} ${viewport.width}px, closed, login flyout, search flyout`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height })
      const errors = collectConsole(page)
      await openHeader(page, brand, path)
      // Wait for what arrives after the shell: the mini-cart count and the search combobox.
      await expect(header(page).locator('header a[href$="/cart"]')).toHaveAttribute('aria-label', /\d/)
      await expect(searchBox(page)).toBeEnabled()

      await test.step('closed header', () => expectNoAxeViolations(page, SCANNED, AXE))

      await test.step('login flyout open', async () => {
        await page.getByTestId('account-button').click()
        // Looked for inside the scanned container, so a flyout portalled elsewhere fails here.
        const dialog = header(page).getByRole('dialog')
        await expect(dialog).toBeVisible()
        await expect(dialog.getByRole('tab').first()).toBeVisible()
        await expectNoAxeViolations(page, SCANNED, AXE)
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
      })

      await test.step('search flyout open', async () => {
        // Focused as a keyboard user does: on usafh phones the box cannot be tapped (test below).
        await searchBox(page).focus()
        await searchBox(page).fill(path.startsWith('/fr') ? 'café' : 'coffee')
        const flyout = header(page).getByRole('listbox')
        await expect(flyout).toBeVisible()
        await expect(flyout.getByRole('option').first()).toBeVisible()
        await expectNoAxeViolations(page, SCANNED, AXE)
        await searchBox(page).press('Escape')
        await expect(flyout).toBeHidden()
      })

      expect(errors.filter((e) => e.startsWith('error'))).toEqual([])
    })
  }
}

for (const brand of ['usb2c', 'cab2c', 'usafh'] as const) {
  test(`phone 390px: the search box of ${brand} can be tapped and opens the flyout`, async ({ page }) => {
    // The two-line "Brewco Commercial" logo once left the search column 0 px wide (the account
    // button covered the box); phones now show the logo's mark alone.
    await page.setViewportSize({ width: 390, height: 844 })
    await openHeader(page, brand, '/')
    await expect(searchBox(page)).toBeEnabled()
    await searchBox(page).click({ timeout: 5000 })
    await searchBox(page).fill('coffee')
    await expect(page.getByRole('listbox')).toBeVisible()
    // A usable box: wide enough to read what was typed.
    expect((await searchBox(page).boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120)
  })
}
