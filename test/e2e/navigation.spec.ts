import { expect, type Page, test } from '@playwright/test'
import { countShifts, expectNoAxeViolations, openHeader, switchSiteConfig } from './support'

const nav = (page: Page) => page.getByRole('navigation', { name: /^(main|navigation principale)$/i })
const toggle = (page: Page, name: string) => nav(page).getByRole('button', { name })
const panel = (page: Page, uid: string) => page.locator(`#oh-flyout-${uid}`)

test('desktop: hovering an item opens its flyout panel, leaving closes it; links go where the CMS says; axe clean open', async ({
  page,
}) => {
  const shifts = await countShifts(page)
  // Wide enough for the Recipes item to be in the bar itself, not under "More".
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(toggle(page, 'Beverages menu')).toBeEnabled()
  await nav(page).getByRole('link', { name: 'Beverages', exact: true }).hover()
  await expect(toggle(page, 'Beverages menu')).toHaveAttribute('aria-expanded', 'true')
  const beverages = panel(page, 'BeveragesBarComponent')
  await expect(beverages.getByRole('link', { name: 'Coffee pods' })).toHaveAttribute('href', '/c/coffee-pods')
  await expect(beverages.getByRole('heading', { name: 'More drinks' })).toBeVisible()
  await expect(beverages.getByRole('link', { name: 'Coffee Auto Delivery' })).toBeVisible()
  // It hangs below the header's main row, on the left; recipes open on the right.
  const box = await beverages.boundingBox()
  const row = await nav(page).boundingBox()
  expect(box && row && box.y >= row.y + row.height).toBe(true)
  await expectNoAxeViolations(page)
  // Off the item and off its panel (which spans the header's row, 16 px in from each side).
  await page.mouse.move(4, 700)
  await expect(beverages).toHaveCount(0)
  await nav(page).getByRole('link', { name: 'Recipes', exact: true }).hover()
  const recipes = panel(page, 'RecipeBarComponent')
  await expect(recipes.getByRole('link', { name: 'Caramel latte' })).toHaveAttribute(
    'href',
    '/recipes/hot-coffee/caramel-latte',
  )
  // Anchored at its item: its right edge at or beyond the item's, inside the window.
  const right = await recipes.boundingBox()
  const item = await nav(page).getByRole('link', { name: 'Recipes', exact: true }).boundingBox()
  const rightEdge = Math.round((right?.x ?? 0) + (right?.width ?? 0))
  expect(rightEdge).toBeGreaterThanOrEqual(Math.floor((item?.x ?? 0) + (item?.width ?? 0)))
  expect(rightEdge).toBeLessThanOrEqual(1440 - 16)
  // Items without a panel (Deals) are links alone; the first view drew the same buttons: no shift.
  await expect(toggle(page, 'Deals menu')).toHaveCount(0)
  expect(await shifts()).toBe(0)
})

test('keyboard only: Tab to the disclosure button, Enter opens, Tab walks the panel, Escape closes with focus back', async ({
  page,
}) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(toggle(page, 'Beverages menu')).toBeEnabled()
  await nav(page).getByRole('link', { name: 'Beverages', exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(toggle(page, 'Beverages menu')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toggle(page, 'Beverages menu')).toHaveAttribute('aria-expanded', 'true')
  // As a shopper does: Tab once the panel is there (its code arrives on the first intent).
  await expect(panel(page, 'BeveragesBarComponent')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(
    panel(page, 'BeveragesBarComponent').getByRole('link', { name: 'Coffee', exact: true }),
  ).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(panel(page, 'BeveragesBarComponent')).toHaveCount(0)
  await expect(toggle(page, 'Beverages menu')).toBeFocused()
  // Space toggles too; Tab past the panel's last link closes it (focus left the item).
  await page.keyboard.press('Space')
  await expect(toggle(page, 'Beverages menu')).toHaveAttribute('aria-expanded', 'true')
  await panel(page, 'BeveragesBarComponent').getByRole('link', { name: 'Coffee Auto Delivery' }).focus()
  await page.keyboard.press('Tab')
  await expect(panel(page, 'BeveragesBarComponent')).toHaveCount(0)
  await expect(nav(page).getByRole('link', { name: 'Brewers', exact: true })).toBeFocused()
})

test('phone (390 px): in the menu, a tap on a category opens the full-screen slide-in with its back button focused; back returns to the list; French labels', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await openHeader(page, 'cab2c', '/fr/c/coffee')
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  const category = page.getByRole('dialog').getByRole('button', { name: 'Boissons', exact: true })
  await category.click()
  const open = panel(page, 'BeveragesBarComponent')
  const back = open.getByRole('button', { name: 'Retour à Boissons' })
  await expect(back).toBeFocused()
  await expect(open.getByRole('link', { name: 'Capsules de café' }).first()).toHaveAttribute(
    'href',
    '/fr/c/coffee-pods',
  )
  // It slides in (0.4 s) and then covers the screen.
  await expect.poll(() => open.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 800 })
  await expectNoAxeViolations(page, 'body')
  await back.click()
  await expect(open).toHaveCount(0)
  await expect(category).toBeFocused()
})

test('site configuration header.cb.nav.flyout.enabled false: the bar is plain links, no disclosure buttons (header spec §3)', async ({
  page,
  context,
}) => {
  await switchSiteConfig(context, { 'header.cb.nav.flyout.enabled': 'false' })
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(nav(page).getByRole('link', { name: 'Beverages', exact: true })).toBeVisible()
  // No panel buttons; a "More" button appears only for items the bar has no room for.
  await expect(nav(page).locator('[aria-controls^="oh-flyout-"]')).toHaveCount(0)
  await nav(page).getByRole('link', { name: 'Beverages', exact: true }).hover()
  await page.waitForTimeout(400)
  await expect(page.locator('[id^="oh-flyout-"]')).toHaveCount(0)
})
