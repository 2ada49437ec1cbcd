import { expect, type Page, test } from '@playwright/test'
import { openHeader } from './support'

const nav = (page: Page) => page.getByRole('navigation', { name: /^(main|navigation principale)$/i })
const toggle = (page: Page, name: string) => nav(page).getByRole('button', { name })
const panel = (page: Page, uid: string) => page.locator(`#oh-flyout-${uid}`)

/**
 * A fake tag manager (`window.utag.link`) that records what the header sends, in session storage so
 * the record survives the navigation the click starts (as in search.spec.ts).
 */
async function recordTags(page: Page) {
  await page.addInitScript(() => {
    ;(window as unknown as { utag: unknown }).utag = {
      link: (d: unknown) => {
        const all = JSON.parse(sessionStorage.getItem('__tags') ?? '[]') as unknown[]
        sessionStorage.setItem('__tags', JSON.stringify([...all, d]))
      },
    }
  })
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('__tags') ?? '[]') as Record<string, unknown>[])
}

/** The live bar (not the first view, whose buttons are disabled and whose links are not tracked). */
async function openLiveBar(page: Page, brand: 'usb2c' | 'cab2c', path: string, menu: string) {
  await openHeader(page, brand, path)
  await expect(toggle(page, menu)).toBeEnabled()
}

test('a top-level item: internal_navigation as top nav, sent before the page changes', async ({ page }) => {
  const tags = await recordTags(page)
  await openLiveBar(page, 'usb2c', '/c/coffee', 'Beverages menu')
  await nav(page).getByRole('link', { name: 'Brewers', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/c/brewers')
  expect(await tags()).toEqual([
    {
      event: 'internal_navigation',
      nav_location: 'top nav',
      click_text: 'Brewers',
      click_path: '/c/brewers',
      click_type: 'text',
    },
  ])
})

test('a panel link: internal_navigation as sub nav with its own text and path', async ({ page }) => {
  const tags = await recordTags(page)
  await openLiveBar(page, 'usb2c', '/c/coffee', 'Beverages menu')
  await toggle(page, 'Beverages menu').click()
  const pods = panel(page, 'BeveragesBarComponent').getByRole('link', { name: 'Coffee pods' })
  await pods.click()
  await page.waitForURL((url) => url.pathname === '/c/coffee-pods')
  expect(await tags()).toEqual([
    {
      event: 'internal_navigation',
      nav_location: 'sub nav',
      click_text: 'Coffee pods',
      click_path: '/c/coffee-pods',
      click_type: 'text',
    },
  ])
})

test('French bar: the French text and the French path', async ({ page }) => {
  const tags = await recordTags(page)
  await openLiveBar(page, 'cab2c', '/fr/c/coffee', 'Menu Boissons')
  const deals = nav(page).getByRole('link', { name: 'Cafetières', exact: true })
  // The page stays (its link is read before unload in the tests above); here the tags alone matter.
  await deals.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()))
  await deals.click({ modifiers: ['ControlOrMeta'] })
  await expect.poll(tags).toEqual([
    {
      event: 'internal_navigation',
      nav_location: 'top nav',
      click_text: 'Cafetières',
      click_path: '/fr/c/brewers',
      click_type: 'text',
    },
  ])
})

test('without a tag manager the links work as ever: nothing sent, the page changes', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await openLiveBar(page, 'usb2c', '/c/coffee', 'Beverages menu')
  await nav(page).getByRole('link', { name: 'Brewers', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/c/brewers')
  expect(errors).toEqual([])
})
