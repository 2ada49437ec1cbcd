import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { expectNoAxeViolations, openHeader } from './support'

/**
 * Every category in view, as a shopper on a laptop meets it: every category has its own place in the bar from
 * 992 px (a row of its own under logo, search, loyalty, account and cart) in every brand and
 * language, with its panel opened by a resting pointer, a click, Enter and a tap; the rewards join
 * prompt in view for a visitor at each width; a pointer passing over the bar on its way elsewhere
 * opens nothing; and "More", left for a CMS that sends more items than fit, opens their panels too.
 */

const WIDTHS = [992, 1024, 1280, 1440, 1920]
const SITES: { brand: Brand; path: string; menu: string; programme: boolean }[] = [
  { brand: 'usb2c', path: '/', menu: 'menu', programme: true },
  { brand: 'cab2c', path: '/', menu: 'menu', programme: true },
  { brand: 'cab2c', path: '/fr/accueil', menu: 'Menu', programme: true },
  { brand: 'usafh', path: '/', menu: 'menu', programme: false },
]

const nav = (page: Page) => page.getByRole('navigation', { name: /^(main|navigation principale)$/i })
const openPanels = (page: Page) => page.locator('[id^="oh-flyout-"]:not([id^="oh-flyout-button"])')

/** The bar's items with a panel: each one's name and its panel button's id. */
function panelItems(page: Page): Promise<{ name: string; button: string; uid: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-part="header.nav"] li[data-nav-item]')].flatMap((li) => {
      const button = li.querySelector<HTMLButtonElement>('button[aria-controls]')
      const link = li.querySelector('a')
      if (!button || !link) return []
      const uid = button.getAttribute('aria-controls')!.replace('oh-flyout-', '')
      return [{ name: (link.textContent ?? '').trim(), button: button.id, uid }]
    }),
  )
}

/** Closes what is open and moves the pointer off the header. */
async function closeAll(page: Page) {
  await page.keyboard.press('Escape')
  await page.mouse.move(5, 880)
  await expect(openPanels(page)).toHaveCount(0)
}

for (const site of SITES) {
  const name = `${site.brand} ${site.path}`

  test(`${name}: at ${WIDTHS.join(', ')} px each category is in the bar, its panel opened by a resting pointer, a click and Enter; the join prompt in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 })
    await openHeader(page, site.brand, site.path)
    const ways = ['rest', 'click', 'Enter'] as const
    for (const [w, width] of WIDTHS.entries()) {
      await page.setViewportSize({ width, height: 900 })
      const items = await panelItems(page)
      expect(items.length, `${width} px`).toBeGreaterThanOrEqual(4)
      await expect(nav(page).locator('li[data-nav-item][data-overflow]')).toHaveCount(0)
      for (const [i, item] of items.entries()) {
        const way = ways[(i + w) % ways.length]!
        const button = page.locator(`#${item.button}`)
        await expect(button, `${item.name} at ${width} px`).toBeVisible()
        if (way === 'rest') await nav(page).getByRole('link', { name: item.name, exact: true }).hover()
        else if (way === 'click') await button.click()
        else {
          await button.focus()
          await page.keyboard.press('Enter')
        }
        const panel = page.locator(`#oh-flyout-${item.uid}`)
        await expect(panel, `${item.name} at ${width} px by ${way}`).toBeVisible()
        // Inside the window, under the bar.
        const box = (await panel.boundingBox())!
        expect(box.x, `${item.name} at ${width} px`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${item.name} at ${width} px`).toBeLessThanOrEqual(width + 0.5)
        await closeAll(page)
      }
      // The rewards prompt for a visitor, in the header row at this width, never covering a category.
      const join = page.locator('[data-loyalty="header"]')
      if (!site.programme) {
        await expect(join).toHaveCount(0)
        continue
      }
      await expect(join, `${width} px`).toBeVisible()
      const joinBox = (await join.boundingBox())!
      const barBox = (await nav(page).boundingBox())!
      expect(joinBox.y + joinBox.height, `${width} px`).toBeLessThanOrEqual(barBox.y + 0.5)
      expect(joinBox.x + joinBox.width, `${width} px`).toBeLessThanOrEqual(width)
    }
    if (!site.programme) return
    // The join prompt opens the rewards join modal.
    await page.locator('[data-loyalty="header"] button').click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test(`${name}: on a touch laptop the first tap on each category opens its panel, at 1024 and 1440 px`, async ({
    browser,
  }) => {
    for (const width of [1024, 1440]) {
      const context = await browser.newContext({ hasTouch: true, viewport: { width, height: 900 } })
      const page = await context.newPage()
      await openHeader(page, site.brand, site.path)
      const start = page.url()
      for (const item of await panelItems(page)) {
        await nav(page).getByRole('link', { name: item.name, exact: true }).tap()
        await expect(page.locator(`#oh-flyout-${item.uid}`), `${item.name} at ${width} px`).toBeVisible()
        expect(page.url()).toBe(start)
      }
      await context.close()
    }
  })
}

test('a pointer passing over the bar at 25 ms an item opens nothing; resting on an item opens its panel', async ({
  page,
}) => {
  for (const width of [1024, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await openHeader(page, 'usb2c', '/')
    const centres = await page.evaluate(() =>
      [...document.querySelectorAll('[data-part="header.nav"] li[data-nav-item]')].map((li) => {
        const r = li.getBoundingClientRect()
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 }
      }),
    )
    // On its way from the page to the account control, across every item, 25 ms over each.
    const y = centres[0]!.y
    await page.mouse.move(2, y + 200)
    for (const { x } of centres) {
      await page.mouse.move(x, y, { steps: 2 })
      await page.waitForTimeout(25)
    }
    await page.mouse.move(width - 100, y - 60, { steps: 3 })
    await page.waitForTimeout(400)
    await expect(openPanels(page), `${width} px`).toHaveCount(0)
    await expect(nav(page).locator('button[aria-expanded="true"]')).toHaveCount(0)
    // Resting on Coffee opens its panel.
    await page.mouse.move(centres[3]!.x, y, { steps: 2 })
    const coffee = page.locator('#oh-flyout-BrewcoPodsCoffeeBarComponent')
    await expect(coffee).toBeVisible()
    // Closed with Escape while the pointer stays: it does not come back by itself.
    await page.keyboard.press('Escape')
    await expect(coffee).toHaveCount(0)
    await page.waitForTimeout(900)
    await expect(coffee).toHaveCount(0)
    // Nor after a click on its button and Escape at once, the pointer resting on the button.
    await nav(page).getByRole('button', { name: 'Coffee menu' }).click()
    await expect(coffee).toBeVisible()
    await page.keyboard.press('Escape')
    await page.waitForTimeout(900)
    await expect(coffee).toHaveCount(0)
    await page.mouse.move(5, 880)
  }
})

test('"More", for a CMS sending more items than fit: a listed item opens its panel there, keys included, and its link is tracked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.addInitScript(() => {
    ;(window as unknown as { utag: unknown }).utag = {
      link: (d: unknown) => {
        const all = JSON.parse(sessionStorage.getItem('__tags') ?? '[]') as unknown[]
        sessionStorage.setItem('__tags', JSON.stringify([...all, d]))
      },
    }
  })
  await openHeader(page, 'usb2c', '/')
  // As many items as a CMS could send: the bar gets the room of four (names on two lines up to
  // 1439 px), "More" the other four.
  await page.addStyleTag({ content: '[data-part="header.nav"] nav { max-width: 560px }' })
  const more = nav(page).getByRole('button', { name: 'More' })
  await expect(nav(page).locator('li[data-nav-item][data-overflow]')).toHaveCount(4)
  await more.click()
  const list = page.locator('#oh-nav-more')
  await expect(list.getByRole('link', { name: 'Sustainability' })).toBeVisible()
  // Its panel button opens its panel under "More", focus inside; Escape brings focus back to "More".
  await list.getByRole('button', { name: 'Sustainability menu' }).click()
  const panel = page.locator('#oh-flyout-SustainabilityBarComponent')
  await expect(panel).toBeVisible()
  await expect(list).toBeHidden()
  await expect(panel.locator('a').first()).toBeFocused()
  const panelBox = (await panel.boundingBox())!
  const moreBox = (await more.boundingBox())!
  expect(panelBox.y).toBeGreaterThanOrEqual(moreBox.y + moreBox.height - 1)
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(1280)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(more).toBeFocused()
  // With the keyboard: Enter on "More", Tab to a listed item's panel button, Enter.
  await page.keyboard.press('Enter')
  await expect(list).toBeVisible()
  await list.getByRole('button', { name: 'Starter Kits menu' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#oh-flyout-StarterKitBarComponent')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(more).toBeFocused()
  // A listed item's link: internal_navigation as top nav, as in the bar.
  await more.click()
  await list.getByRole('link', { name: 'Deals' }).click()
  await page.waitForURL((url) => url.pathname === '/brewco-deals')
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('__tags') ?? '[]'))).toEqual([
    {
      event: 'internal_navigation',
      nav_location: 'top nav',
      click_text: 'Deals',
      click_path: '/brewco-deals',
      click_type: 'text',
    },
  ])
})
