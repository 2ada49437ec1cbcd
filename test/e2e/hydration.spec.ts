import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import { expectNoAxeViolations, holdRequests, START_UP_CHUNK, urlFor } from './support'

/**
 * A part drawn once: the page server renders the search part with the very component the browser
 * runs, and the browser hydrates it from the state written into the page, before the kernel. These
 * journeys hold the start-up chunk (kernel, shell, HTTP client) back: the part must be live without it.
 */
const header = (page: Page) => page.locator('#oneHeaderContainer')

/**
 * Opens `path` of `brand` with `held` (the start-up chunk by default) kept back until `release` is
 * called, watching what the page says about hydration: a part whose HTML and render differ is a bug.
 */
async function openHeld(page: Page, brand: Brand, path: string, part: string, held = START_UP_CHUNK) {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (/hydrat|did not match/i.test(message.text())) warnings.push(message.text())
  })
  const release = await holdRequests(page, held)
  await page.goto(urlFor(brand, path))
  return { part: header(page).locator(`[data-part="${part}"]`), release, warnings }
}

test('the search part is live before the kernel: hydrated from the served state, its clear button answers, and suggestions come with the kernel for what was typed', async ({
  page,
}) => {
  const { part, release, warnings } = await openHeld(page, 'usb2c', '/c/coffee', 'header.search')
  await expect(part).toHaveAttribute('data-live', '')
  // No kernel: the header's handle is set only once it has started.
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  const box = header(page).getByRole('searchbox', { name: /search/i })
  await box.click()
  await page.keyboard.type('decaf')
  // The clear button is the live one (no press kept for later): it clears at once and keeps focus.
  const clear = part.getByRole('button', { name: /clear/i })
  await expect(clear).not.toHaveAttribute('data-replay-pending', '')
  await clear.click()
  await expect(box).toHaveValue('')
  await expect(box).toBeFocused()
  await page.keyboard.type('cold')
  await expectNoAxeViolations(page)
  release()
  const combobox = header(page).getByRole('combobox', { name: /search/i })
  await expect(combobox).toHaveValue('cold')
  await expect(combobox).toBeFocused()
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect.poll(() => page.evaluate(() => 'oneHeader' in window)).toBe(true)
  expect(warnings).toEqual([])
})

test('on the French search page the hydrated box holds the page’s text, in French, and Enter searches before the kernel', async ({
  page,
}) => {
  const { part, release, warnings } = await openHeld(
    page,
    'cab2c',
    '/fr/recherche?text=caf%C3%A9',
    'header.search',
  )
  await expect(part).toHaveAttribute('data-live', '')
  const box = part.getByRole('searchbox')
  await expect(box).toHaveValue('café')
  await expect(box).toHaveAccessibleName(/recherch/i)
  await box.fill('moulu')
  await box.press('Enter')
  await expect.poll(() => decodeURIComponent(new URL(page.url()).search)).toBe('?text=moulu')
  expect(new URL(page.url()).pathname).toBe('/fr/recherche')
  release()
  expect(warnings).toEqual([])
})

test('the navigation bar is live before the kernel: a panel opens from its button and closes with Escape, at 1440 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const { part, release, warnings } = await openHeld(page, 'usb2c', '/c/coffee', 'header.nav')
  await expect(part).toHaveAttribute('data-live', '')
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  const button = part.getByRole('button', { name: 'Beverages menu' })
  // The live button: its press is its own, not kept for later.
  await expect(button).not.toHaveAttribute('data-replay-pending', '')
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const panel = page.locator('#oh-flyout-BeveragesBarComponent')
  await expect(panel).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()
  release()
  await expect.poll(() => page.evaluate(() => 'oneHeader' in window)).toBe(true)
  expect(warnings).toEqual([])
})

test('a press made before the search part’s code is in is kept, and answered once it is hydrated; what was typed stays', async ({
  page,
}) => {
  // The search part's own entry held: its box stays the plain served form until it is let in.
  const { part, release, warnings } = await openHeld(
    page,
    'usb2c',
    '/c/coffee',
    'header.search',
    /\/assets\/part-search-[\w-]+\.js$/,
  )
  const box = part.getByRole('searchbox')
  // The served box is a plain form: typing works before any of its script.
  await box.click()
  await page.keyboard.type('pods')
  const clear = part.locator('button[data-replay="search:clear"][data-replay-pending]')
  await clear.click()
  await expect(box).toHaveValue('pods')
  release()
  await expect(part).toHaveAttribute('data-live', '')
  // Answered once, the live way: the box is cleared and keeps the focus (the plain form's, or the
  // combobox's if the kernel has already joined it).
  const input = part.locator('input[name="text"], input[role="combobox"]').first()
  await expect(input).toHaveValue('')
  await expect(input).toBeFocused()
  const presses = await page.evaluate(
    () => (window as Window & { __oneHeaderPresses?: { done: boolean }[] }).__oneHeaderPresses ?? [],
  )
  expect(presses.map((p) => p.done)).toEqual([true])
  expect(warnings).toEqual([])
})

test('the logo, the cart and the modal layers are the shell’s parts drawn once: live before the kernel and in French on the French store', async ({
  page,
}) => {
  const { part, release, warnings } = await openHeld(page, 'cab2c', '/fr/accueil', 'header.logo')
  await expect(part).toHaveAttribute('data-live', '')
  const cart = header(page).locator('[data-part="header.cart"]')
  await expect(cart).toHaveAttribute('data-live', '')
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  await expect(part.getByRole('link')).toHaveAccessibleName('Accueil Brewco Canada')
  await expect(part.getByRole('link')).toHaveAttribute('href', '/fr/accueil')
  await expect(cart.getByRole('link')).toHaveAttribute('href', '/fr/cart')
  await expect(cart.getByRole('link')).toHaveAccessibleName('Panier')
  // The modal layers too (the phone menu's, the session dialog's slot, which fills with auth).
  const layers = header(page).locator('[data-part="header.sessionDialog"]')
  await expect(layers).toHaveAttribute('data-live', '')
  await expect(layers.locator('[data-menu-layer]')).toHaveCount(1)
  release()
  await expect.poll(() => page.evaluate(() => 'oneHeader' in window)).toBe(true)
  expect(warnings).toEqual([])
})

test('the loyalty control is drawn once: live before the kernel as the programme page’s link, then the join button opens the rewards modal, at 1440 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const { part, release, warnings } = await openHeld(page, 'usb2c', '/c/coffee', 'header.loyalty')
  await expect(part).toHaveAttribute('data-live', '')
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  // Before the loyalty service: a plain link to the programme page, which gets there whatever has loaded.
  await expect(part.getByRole('link', { name: /join perks/i })).toHaveAttribute('href', '/brewco-rewards')
  release()
  const join = part.getByRole('button', { name: /join perks/i })
  await join.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectNoAxeViolations(page)
  expect(warnings).toEqual([])
})

test.describe('a first visit, the cookie banner due', () => {
  test.use({ storageState: NO_CONSENT_STORAGE_STATE })

  test('the cookie banner is drawn once: live before the kernel, a press on "Reject all" kept and answered once when the consent service is in', async ({
    page,
    context,
  }) => {
    const { part, release, warnings } = await openHeld(page, 'usb2c', '/c/coffee', 'header.cookieBanner')
    await expect(part).toHaveAttribute('data-live', '')
    expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
    const region = part.getByRole('region', { name: 'Cookies & Privacy Information' })
    await expect(region).toBeVisible()
    await expectNoAxeViolations(page)
    // Its answer needs the consent service: the press is kept (never disabled, never lost).
    const reject = region.getByRole('button', { name: 'Reject all' })
    await expect(reject).toBeEnabled()
    await expect(reject).toHaveAttribute('data-replay-pending', '')
    await reject.click()
    release()
    await expect(region).toHaveCount(0)
    const stored = await context.cookies()
    expect(stored.filter((c) => c.name === 'oneHeaderConsent')).toHaveLength(1)
    const presses = await page.evaluate(
      () => (window as unknown as { __oneHeaderPresses?: { done: boolean }[] }).__oneHeaderPresses ?? [],
    )
    expect(presses.map((p) => p.done)).toEqual([true])
    expect(warnings).toEqual([])
  })
})

test('the shell’s three rows are drawn once: live before the kernel, the terms popover opens from the served button, the promotion’s served HTML stays in place', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const { part, release, warnings } = await openHeld(page, 'usb2c', '/c/coffee', 'shell.utility')
  const top = header(page).locator('[data-part="shell.top"]')
  const promo = header(page).locator('[data-part="shell.promo"]')
  for (const row of [part, top, promo]) {
    await expect(row).toHaveAttribute('data-hydrate', 'shell')
    await expect(row).toHaveAttribute('data-live', '')
  }
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  // The promotion's box is the page server's, with its content, before and after the kernel.
  const box = promo.locator('[data-cms-slot]')
  await expect(box).toHaveCount(1)
  const served = await box.evaluate((el) => {
    ;(el as HTMLElement & { served?: boolean }).served = true
    return el.textContent
  })
  expect(served?.trim()).not.toBe('')
  // The free-shipping terms need nothing of the kernel: the popover opens before it.
  await part.getByRole('button', { name: /details|terms/i }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  release()
  await expect.poll(() => page.evaluate(() => 'oneHeader' in window)).toBe(true)
  await expect(promo.locator('[data-cms-slot]')).toHaveText(served ?? '')
  expect(warnings).toEqual([])
})
