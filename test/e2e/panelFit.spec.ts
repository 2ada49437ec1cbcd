import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { expectNoAxeViolations, openHeader } from './support'

/**
 * Every panel of every brand and language fits a laptop's window (1280 x 720) and a desktop's
 * (1440 x 900): its bottom is inside the window under the header, it does not scroll inside itself,
 * and no card is cut by its edges. One page per brand and language; its panels opened one after
 * another.
 */
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]
const PAGES: { brand: Brand; path: string; label: string }[] = [
  { brand: 'usb2c', path: '/', label: 'usb2c' },
  { brand: 'cab2c', path: '/', label: 'cab2c EN' },
  { brand: 'cab2c', path: '/fr/accueil', label: 'cab2c FR' },
  { brand: 'usafh', path: '/', label: 'usafh' },
]

/** What does not fit in the open panel `id` (empty when all of it is in view). */
function misfits(page: Page, id: string) {
  return page.evaluate((panelId) => {
    const panel = document.getElementById(panelId)
    if (!panel) return ['no panel']
    const box = panel.getBoundingClientRect()
    const problems: string[] = []
    if (box.bottom > window.innerHeight + 0.5)
      problems.push(`bottom at ${Math.round(box.bottom)} px, window ${window.innerHeight} px`)
    if (panel.scrollHeight > panel.clientHeight)
      problems.push(`scrolls inside: ${panel.scrollHeight} px in ${panel.clientHeight} px`)
    const name = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    for (const card of panel.querySelectorAll('ul > li')) {
      const c = card.getBoundingClientRect()
      if (c.width === 0 && c.height === 0) continue
      // A strip that scrolls sideways (the recipe's footer) is what must lie across the panel; its
      // cards are reached by scrolling it.
      const strip = card.parentElement as HTMLElement
      const across = getComputedStyle(strip).overflowX === 'auto' ? strip.getBoundingClientRect() : c
      if (
        c.top < box.top - 0.5 ||
        c.bottom > box.bottom + 0.5 ||
        across.left < box.left - 0.5 ||
        across.right > box.right + 0.5
      )
        problems.push(`“${name(card)}” cut (${Math.round(c.top)}-${Math.round(c.bottom)} px)`)
    }
    return problems
  }, id)
}

for (const { brand, path, label } of PAGES) {
  test(`${label}: every panel fits the window under the header at 1280 x 720 and 1440 x 900, nothing cut, no inner scroll`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(SIZES[0]!)
    await openHeader(page, brand, path)
    const toggles = page.locator('header nav button[aria-controls^="oh-flyout-"]')
    await expect(toggles.first()).toBeEnabled()
    const problems: string[] = []
    for (const size of SIZES) {
      await page.setViewportSize(size)
      const ids = await toggles.evaluateAll((buttons) =>
        buttons.filter((b) => b.getClientRects().length > 0).map((b) => b.getAttribute('aria-controls')!),
      )
      expect(ids.length, `${size.width} px`).toBeGreaterThan(3)
      for (const id of ids) {
        await page.locator(`header nav button[aria-controls="${id}"]`).click()
        const panel = page.locator(`[id="${id}"]`)
        await expect(panel.locator('ul > li:visible').first()).toBeVisible()
        for (const p of await misfits(page, id))
          problems.push(`${id} at ${size.width} x ${size.height}: ${p}`)
        if (size === SIZES[0] && id === ids[0]) await expectNoAxeViolations(page)
        await page.keyboard.press('Escape')
        await expect(panel).toBeHidden()
      }
    }
    expect(problems).toEqual([])
  })
}

/** Opens the item `name`'s panel from the bar (desktop) and returns it. */
async function openFromBar(page: Page, name: string) {
  const button = page.locator('header nav').getByRole('button', { name: `${name} menu`, exact: true })
  await button.click()
  const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
  await expect(panel.locator('ul > li:visible').first()).toBeVisible()
  return panel
}

/** Each picture drawn in `root`: its drawn and its own proportions, and its drawn width. */
const pictures = (root: ReturnType<Page['locator']>, selector = 'img') =>
  root.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((i) => i.getClientRects().length > 0)
      .map((i) => {
        const r = i.getBoundingClientRect()
        return {
          src: i.getAttribute('src')?.split('?')[0],
          drawn: Math.round((r.width / r.height) * 100) / 100,
          own:
            Math.round(
              (i.width && i.height ? Number(i.getAttribute('width')) / Number(i.getAttribute('height')) : 0) *
                100,
            ) / 100,
          width: r.width,
        }
      }),
  )

test('usafh at 1440 x 900: the MAXPRO picture keeps its shape, "Get a quote" on one line, every beverage card with its picture', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usafh', '/')
  const solutions = await openFromBar(page, 'Business Solutions')
  const [outer] = await pictures(solutions, '[class*="maxProOuter"]')
  expect(outer?.drawn, 'MAXPRO picture, drawn against its own 360 x 479').toBeCloseTo(360 / 479, 1)
  const quote = solutions.getByRole('link', { name: 'Get a quote' })
  const lines = await quote.evaluate((a) => {
    const range = document.createRange()
    range.selectNodeContents(a)
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
  })
  expect(lines).toBe(1)
  await page.keyboard.press('Escape')
  const beverages = await openFromBar(page, 'Beverages')
  // Large and medium cards alike show their picture: no product as a bare bold link beside them.
  const bare = await beverages
    .locator(
      '[data-part="body"] ul[data-mode="MEDIUM_IMPORTANCE"] > li:visible, [data-part="body"] ul[data-mode="LARGE_IMPORTANCE"] > li:visible',
    )
    .evaluateAll((lis) => lis.filter((li) => !li.querySelector('img')).map((li) => li.textContent))
  expect(bare).toEqual([])
})

test('Recipes at 1440 x 900: every article after the first lies beside its picture, the first one larger', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c', '/')
  const panel = await openFromBar(page, 'Recipes')
  const articles = await panel
    .locator('[data-part="body"] ul[data-mode="ARTICLE"] > li:visible')
    .evaluateAll((lis) =>
      lis.map((li) => {
        const img = li.querySelector('img')!.getBoundingClientRect()
        const name = li.querySelector('a span')!.getBoundingClientRect()
        return { beside: name.left >= img.right, width: Math.round(img.width) }
      }),
    )
  expect(articles.length).toBeGreaterThan(0)
  // The first is the spec's position-one article, its words flowing round its larger picture.
  expect(articles.length).toBeGreaterThan(1)
  expect(
    articles.slice(1).every((a) => a.beside),
    JSON.stringify(articles),
  ).toBe(true)
  expect(articles[0]!.width).toBeGreaterThan(articles[1]!.width)
})

test('usafh at 390 px: every promo picture in every panel keeps its shape at the panel’s width', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openHeader(page, 'usafh', '/')
  await page.locator('#oneHeaderContainer').getByRole('button', { name: /menu/i }).first().click()
  const categories = page.getByRole('dialog').getByRole('navigation').getByRole('button')
  await expect(categories.first()).toBeVisible()
  const names = await categories.allInnerTexts()
  expect(names.length).toBeGreaterThan(3)
  const problems: string[] = []
  for (const id of names) {
    await page
      .getByRole('dialog')
      .getByRole('navigation')
      .getByRole('button', { name: id, exact: true })
      .click()
    const panel = page.locator('[id^="oh-flyout-"]').filter({ has: page.getByRole('button', { name: id }) })
    const back = panel.locator('button').first()
    await expect(back).toBeVisible()
    // The slide-in has ended: the panel stands at the window's left edge.
    await expect.poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0)
    const inner = await panel.evaluate((el) => el.clientWidth - 32)
    for (const p of await pictures(panel, '[class*="promoImage"]'))
      if (Math.abs(p.drawn - p.own) > 0.05 || p.width < inner * 0.9)
        problems.push(`${id}: ${p.src} drawn ${Math.round(p.width)} px wide at ${p.drawn} (own ${p.own})`)
    await back.click()
    await expect(panel).toBeHidden()
  }
  expect(problems).toEqual([])
})

test('Recipes at 1400 x 900: all six footer cards (the spec’s count at that width) are in the strip, each whole once scrolled to', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 })
  await openHeader(page, 'usb2c', '/')
  const panel = await openFromBar(page, 'Recipes')
  // The strip scrolls sideways (FlyoutPanel.module.css): a card scrolled into it lies whole inside it.
  const boxes = await panel.locator('[data-part="footer"] li[data-mode]').evaluateAll((lis) =>
    lis.map((li) => {
      li.scrollIntoView({ block: 'nearest', inline: 'nearest' })
      const r = li.getBoundingClientRect()
      const strip = (li.parentElement as HTMLElement).getBoundingClientRect()
      return (
        r.width > 0 &&
        r.top >= 0 &&
        r.bottom <= window.innerHeight &&
        r.left >= strip.left - 0.5 &&
        r.right <= Math.min(strip.right, window.innerWidth) + 0.5
      )
    }),
  )
  expect(boxes).toEqual([true, true, true, true, true, true])
})
