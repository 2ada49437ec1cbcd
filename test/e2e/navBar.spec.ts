import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { countShifts, expectNoAxeViolations, openHeader, urlFor } from './support'

/**
 * The desktop bar: every top-level item whole in the bar or under "More", never under the
 * search box, no sideways scroll, in every brand and language (the reference server serves every
 * brand's pages in French under /fr); panels placed at their item and kept open along the pointer's
 * way; keys and touch; no shift when the live bar takes over from the served first view; the panels'
 * code fetched on first intent only. The categories have a row of their own, and
 * every one is in the bar from 992 px: "More" is only for a CMS sending more than fit, which these
 * tests make by narrowing the bar (`narrowBar`).
 */

const WIDTHS = [992, 1024, 1280, 1440, 1920, 2560]
const SITES: { brand: Brand; path: string; label: string }[] = [
  { brand: 'usb2c', path: '/', label: 'Main' },
  { brand: 'usb2c', path: '/fr/accueil', label: 'Navigation principale' },
  { brand: 'cab2c', path: '/', label: 'Main' },
  { brand: 'cab2c', path: '/fr/accueil', label: 'Navigation principale' },
  { brand: 'usafh', path: '/', label: 'Main' },
  { brand: 'usafh', path: '/fr/accueil', label: 'Navigation principale' },
]

/** A bar narrower than the row, as a CMS sending more items than fit would make it: "More" is needed. */
const narrowBar = (page: Page, px: number) =>
  page.addStyleTag({ content: `[data-part="header.nav"] nav { max-width: ${px}px }` })

/**
 * Stops the page's clock (`page.clock.install()`) where it stands: no timer fires until `runFor`.
 * `pauseAt` stops it before moving it on to the time given, which must not be in the past: asked
 * for the page's time plus 1 ms, a second try (the clock stopped by the first) always lands.
 */
async function pauseClock(page: Page) {
  const soon = () => page.evaluate(() => Date.now() + 1)
  await page.clock.pauseAt(await soon()).catch(async () => page.clock.pauseAt(await soon()))
}

const nav = (page: Page) => page.getByRole('navigation', { name: /^(main|navigation principale)$/i })
const more = (page: Page) => nav(page).getByRole('button', { name: /^(More|Plus)$/ })

interface BarState {
  problems: string[]
  shown: string[]
  hidden: string[]
  inMore: string[]
  moreShown: boolean
}

/**
 * What the shopper sees of the bar, and what is wrong with it: an item drawn partly (outside the bar,
 * under the search box or under "More"), a hidden item "More" does not offer, sideways scrolling, or
 * a search placeholder cut inside a word.
 */
function barState(page: Page, live: boolean): Promise<BarState> {
  return page.evaluate((live) => {
    const problems: string[] = []
    const list = document.querySelector('[data-nav-item]')?.parentElement
    const navEl = list?.closest('nav')
    if (!list || !navEl) return { problems: ['no bar'], shown: [], hidden: [], inMore: [], moreShown: false }
    const box = (e: Element) => e.getBoundingClientRect()
    const bar = box(navEl)
    const search = document.querySelector('form[role="search"]')
    const searchBox = search ? box(search) : undefined
    // The button's box: the part of it its area shows (0 px high while nothing wrapped).
    const moreArea = navEl.querySelector('button[aria-controls="oh-nav-more"]')?.parentElement
    const moreBox = moreArea && moreArea.getClientRects().length > 0 ? box(moreArea) : undefined
    const moreShown = !!moreBox && moreBox.height > 0 && moreBox.width > 0
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5
    const shown: string[] = []
    const hidden: string[] = []
    for (const li of list.querySelectorAll<HTMLElement>(':scope > li')) {
      const name = li.querySelector('a')?.textContent ?? ''
      const r = box(li)
      const onFirstRow = r.top < box(list).bottom - 0.5
      if (getComputedStyle(li).visibility !== 'visible' || !onFirstRow) {
        hidden.push(name)
        continue
      }
      shown.push(name)
      if (
        r.left < bar.left - 0.5 ||
        r.right > bar.right + 0.5 ||
        r.top < bar.top - 0.5 ||
        r.bottom > bar.bottom + 0.5
      )
        problems.push(`${name} is not wholly inside the bar`)
      if (searchBox && overlaps(r, searchBox)) problems.push(`${name} is under the search box`)
      if (moreShown && moreBox && overlaps(r, moreBox)) problems.push(`${name} is under "More"`)
    }
    if (searchBox && overlaps(bar, searchBox)) problems.push('the bar runs under the search box')
    const inMore = Array.from(document.querySelectorAll('#oh-nav-more a'), (a) => a.textContent ?? '')
    if (hidden.length > 0 && !moreShown) problems.push(`${hidden.join(', ')} hidden with no "More"`)
    if (hidden.length === 0 && moreShown) problems.push('"More" shown with every item in the bar')
    if (live && JSON.stringify(inMore) !== JSON.stringify(hidden))
      problems.push(`"More" lists ${inMore.join(', ')} for hidden ${hidden.join(', ')}`)
    const page = document.scrollingElement!
    if (page.scrollWidth > window.innerWidth) problems.push(`the page scrolls sideways (${page.scrollWidth})`)
    if (navEl.scrollWidth > navEl.clientWidth)
      problems.push(`the bar scrolls sideways (${navEl.scrollWidth})`)
    if (list.scrollWidth > list.clientWidth) problems.push(`the list scrolls sideways (${list.scrollWidth})`)
    // The placeholder: wholly in the box, or the words that fit on its one line (never part of one).
    const input = document.querySelector<HTMLInputElement>('form[role="search"] input')
    if (input?.placeholder) {
      const style = getComputedStyle(input)
      const ph = getComputedStyle(input, '::placeholder')
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      const ctx = document.createElement('canvas').getContext('2d')!
      ctx.font = `${ph.fontWeight} ${ph.fontSize} ${ph.fontFamily}`
      const fits = (text: string) => ctx.measureText(text).width <= room + 0.5
      if (!fits(input.placeholder)) {
        // Words wrap, and the box shows one line of them (less than two lines high).
        const oneLine = Number.parseFloat(ph.height) < 2 * Number.parseFloat(ph.fontSize)
        const wordsOnly = ph.whiteSpace === 'normal' && ph.overflow === 'hidden' && oneLine
        const firstWord = input.placeholder.split(' ')[0] ?? ''
        if (!wordsOnly || !fits(firstWord))
          problems.push(`placeholder "${input.placeholder}" cut in a ${Math.round(room)} px box`)
      }
    }
    return { problems, shown, hidden, inMore, moreShown }
  }, live)
}

/** The live bar once it has followed the window (within 20 ms): two reads 50 ms apart agree. */
async function settledBar(page: Page): Promise<BarState> {
  let state = await barState(page, true)
  for (let tries = 0; tries < 40; tries++) {
    await page.waitForTimeout(50)
    const next = await barState(page, true)
    if (JSON.stringify(next) === JSON.stringify(state)) return next
    state = next
  }
  return state
}

for (const site of SITES) {
  const name = `${site.brand} ${site.path}`

  test(`${name}: at ${WIDTHS.join(', ')} px every item is whole in the bar (none under "More"), never under the search box, no sideways scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 })
    await openHeader(page, site.brand, site.path)
    await expect(nav(page)).toHaveAccessibleName(site.label)
    let shownBefore = 0
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      const state = await settledBar(page)
      expect(state.problems, `${width} px`).toEqual([])
      // Every category has its own place in the bar from 992 px.
      expect(state.hidden, `${width} px`).toEqual([])
      expect(state.moreShown, `${width} px`).toBe(false)
      expect(state.shown.length, `${width} px`).toBeGreaterThanOrEqual(Math.max(shownBefore, 5))
      shownBefore = state.shown.length
    }
  })

  test(`${name}: the served first view (no script) draws the bar the same way at every width`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(urlFor(site.brand, site.path))
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      const state = await barState(page, false)
      expect(state.problems, `${width} px`).toEqual([])
      expect(state.hidden, `${width} px`).toEqual([])
    }
    await context.close()
  })
}

test('the live bar shows the very items the served first view showed, and nothing moves as it takes over', async ({
  browser,
}) => {
  for (const { brand, path } of [SITES[0]!, SITES[3]!, SITES[4]!]) {
    for (const width of [1024, 1440]) {
      const served = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } })
      const servedPage = await served.newPage()
      await servedPage.goto(urlFor(brand, path))
      const before = await barState(servedPage, false)
      await served.close()

      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      const shifts = await countShifts(page)
      await openHeader(page, brand, path)
      const after = await settledBar(page)
      expect({ shown: after.shown, more: after.moreShown }, `${brand} ${path} ${width}`).toEqual({
        shown: before.shown,
        more: before.moreShown,
      })
      await page.waitForTimeout(300)
      expect(await shifts(), `${brand} ${path} ${width}`).toBe(0)
      await context.close()
    }
  }
})

test('panels hang from their item inside the window; a diagonal path into a right-opening panel keeps it open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // The page's clock, so the pointer's way below can be made with time standing still.
  await page.clock.install()
  await openHeader(page, 'usb2c', '/')
  const recipesLink = nav(page).getByRole('link', { name: 'Recipes', exact: true })
  const item = await recipesLink.boundingBox()
  await recipesLink.hover()
  const panel = page.locator('#oh-flyout-RecipeBarComponent')
  await expect(panel).toBeVisible()
  const itemLi = (await recipesLink.locator('xpath=..').boundingBox())!
  const box = (await panel.boundingBox())!
  // Anchored at its item: its right edge at or beyond the item's, extending left; inside the window.
  expect(box.x + box.width).toBeGreaterThanOrEqual(itemLi.x + itemLi.width - 0.5)
  expect(box.x).toBeGreaterThanOrEqual(16 - 0.5)
  expect(box.x + box.width).toBeLessThanOrEqual(1440 - 16 + 0.5)
  expect(box.y).toBeGreaterThanOrEqual(itemLi.y + itemLi.height - 0.5)

  // From the item, down and to the left across the neighbouring item, into the panel's far side.
  const from = { x: item!.x + item!.width / 2, y: item!.y + item!.height / 2 }
  const to = { x: box.x + 24, y: box.y + Math.min(80, box.height - 8) }
  // A steady hand: 15 moves with the page's time standing still, so a busy machine cannot stretch
  // them into a rest on the neighbour (150 ms without moving opens it, by design), a pause on the way
  // (40 ms without a move closes the panel) or a crawl (under 0.1 px/ms reads as no intent, which
  // closes it too). Then the panel's timers run, well past the 300 ms close delay: it stays open,
  // and the neighbour stays closed.
  await pauseClock(page)
  await page.mouse.move(from.x, from.y)
  for (let step = 1; step <= 15; step++)
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 15, from.y + ((to.y - from.y) * step) / 15)
  await page.clock.runFor(1000)
  await page.clock.resume()
  await expect(panel).toBeVisible()
  await expect(nav(page).getByRole('button', { name: 'Recipes menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(nav(page).getByRole('button', { name: 'Accessories menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )

  // Leaving it for the page closes it (300 ms later).
  await page.mouse.move(4, 800, { steps: 5 })
  await expect(panel).toHaveCount(0)

  // A left-opening panel starts at its item's left edge.
  const beverages = nav(page).getByRole('link', { name: 'Beverages', exact: true })
  await beverages.hover()
  const left = (await page.locator('#oh-flyout-BeveragesBarComponent').boundingBox())!
  const beveragesLi = (await beverages.locator('xpath=..').boundingBox())!
  expect(Math.abs(left.x - beveragesLi.x)).toBeLessThan(1)
})

test('keyboard: Tab skips what "More" holds, reaches "More"; Enter and Space toggle it; Escape closes it with focus back; panels too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await openHeader(page, 'usb2c', '/')
  await narrowBar(page, 640)
  const state = await settledBar(page)
  expect(state.inMore.length).toBeGreaterThan(0)
  const lastShown = state.shown.at(-1)!
  await nav(page).getByRole('link', { name: lastShown, exact: true }).focus()
  await page.keyboard.press('Tab') // its panel button
  await expect(nav(page).getByRole('button', { name: `${lastShown} menu` })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(more(page)).toBeFocused()
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(more(page)).toHaveAttribute('aria-expanded', 'true')
  const list = page.locator('#oh-nav-more')
  await expect(list.getByRole('link')).toHaveText(state.inMore)
  await page.keyboard.press('Space')
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(list).toBeHidden()
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await expect(list.getByRole('link').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(more(page)).toBeFocused()
  // Focus leaving it closes it.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Shift+Tab')
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false')

  // A panel: Enter opens it, Escape closes it and puts focus back on its button.
  const toggle = nav(page).getByRole('button', { name: 'Beverages menu' })
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('#oh-flyout-BeveragesBarComponent')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.locator('#oh-flyout-BeveragesBarComponent a').first()).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.locator('#oh-flyout-BeveragesBarComponent')).toHaveCount(0)
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Space')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
})

test('touch: the first tap on an item opens its panel, the second follows its link', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await openHeader(page, 'usb2c', '/')
  const beverages = nav(page).getByRole('link', { name: 'Beverages', exact: true })
  await beverages.tap()
  await expect(page.locator('#oh-flyout-BeveragesBarComponent')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/')
  await beverages.tap()
  await page.waitForURL('**/c/beverages')
  await context.close()
})

test('axe (full default rule set) at 1440 px with "More" open and with a panel open', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'cab2c', '/fr/accueil')
  await narrowBar(page, 640)
  await more(page).click()
  await expect(page.locator('#oh-nav-more')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await nav(page).getByRole('button', { name: 'Menu Boissons' }).click()
  await expect(page.locator('#oh-flyout-BeveragesBarComponent')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the panels’ code and images are not fetched before the first intent; the first open still works', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  const panelCode = (paths: string[]) => paths.filter((p) => /\/FlyoutPanel-[\w-]+\.js$/.test(p))
  const navImages = (paths: string[]) => paths.filter((p) => p.includes('/medias/nav/'))
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c', '/')
  await expect(nav(page).getByRole('button', { name: 'Beverages menu' })).toBeEnabled()
  await page.waitForLoadState('networkidle')
  expect(panelCode(fetched)).toEqual([])
  expect(navImages(fetched)).toEqual([])

  await nav(page).getByRole('link', { name: 'Beverages', exact: true }).hover()
  const panel = page.locator('#oh-flyout-BeveragesBarComponent')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('link').first()).toBeVisible()
  expect(panelCode(fetched)).toHaveLength(1)
})

test('the panels’ code is fetched as the mouse comes into the header, so the first hover opens as fast as the next', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  const panelCode = () => fetched.filter((p) => /\/FlyoutPanel-[\w-]+\.js$/.test(p))
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c', '/')
  await expect(nav(page).getByRole('button', { name: 'Beverages menu' })).toBeEnabled()
  expect(panelCode()).toEqual([])
  // Over the search box, on the way down to the bar: not yet on any item.
  const search = await page.getByRole('combobox').boundingBox()
  if (!search) throw new Error('no search box')
  await page.mouse.move(search.x + 20, search.y + search.height / 2)
  await expect.poll(panelCode).toHaveLength(1)
  await page.waitForLoadState('networkidle')
  // The first hover finds the code there: the panel opens with nothing more fetched.
  await nav(page).getByRole('link', { name: 'Beverages', exact: true }).hover()
  const panel = page.locator('#oh-flyout-BeveragesBarComponent')
  await expect(panel.getByRole('link').first()).toBeVisible()
  expect(panelCode()).toHaveLength(1)
})
