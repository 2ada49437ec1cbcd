import { expect, type Page, test } from '@playwright/test'
import { openHeader } from './support'

/**
 * The panels' medium-only rules (navigation spec §9 "Layout", navigation spec §2 product card), drawn by a browser at
 * the edges of medium (lg: 992 to 1199 px) and just past it: the recipe sidebar 35 %, the recipe's
 * large cards' pictures 70 px, its articles after position one with their picture at the card's
 * full width, and the product cards' pictures hidden. At 1200 px each is back to its desktop value
 * (sidebar 24.6 %, large pictures 110 px, article pictures beside their words, product pictures
 * shown), so a rule that leaks out of medium, or a number that moves, fails here. The window is tall,
 * so the panel's fit (fitPanel.ts) leaves every card in.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

async function openPanel(page: Page, name: string, uid: string) {
  await nav(page)
    .getByRole('button', { name: `${name} menu`, exact: true })
    .click()
  const panel = page.locator(`#oh-flyout-${uid}`)
  await expect(panel).toBeVisible()
  return panel
}

interface RecipeFacts {
  sideBarBasis: string | undefined
  largeImages: number[]
  /** Each body article after position one: its picture's width, its card's width and content width. */
  articles: { image: number; card: number; content: number }[]
}

function recipeFacts(page: Page): Promise<RecipeFacts> {
  return page.locator('#oh-flyout-RecipeBarComponent').evaluate((panel) => {
    const side = panel.querySelector('[class*="sideBar"]')
    const width = (el: Element) => el.getBoundingClientRect().width
    const contentWidth = (el: Element) => {
      const cs = getComputedStyle(el)
      return el.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight)
    }
    return {
      sideBarBasis: side ? getComputedStyle(side).flexBasis : undefined,
      // (Those the panel shows: a card its fit left out is not drawn.)
      largeImages: [...panel.querySelectorAll('[class*="recipeLargeImage"]')]
        .map(width)
        .filter((px) => px > 0),
      articles: [...panel.querySelectorAll('[data-section="body"][class*="article"]:not([data-first])')].map(
        (article) => ({
          image: width(article.querySelector('img') as Element),
          card: article.clientWidth,
          content: Math.round(contentWidth(article) * 100) / 100,
        }),
      ),
    }
  })
}

const productImagesShown = (page: Page) =>
  page
    .locator('#oh-flyout-HotBrewersBarComponent')
    .evaluate((panel) =>
      [...panel.querySelectorAll('[class*="_product_"] img')].map(
        (img) => getComputedStyle(img).display !== 'none',
      ),
    )

for (const width of [992, 1199]) {
  test(`medium (${width} px): recipe sidebar 35 %, large pictures 70 px, articles’ pictures full width, product pictures hidden`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 2000 })
    await openHeader(page, 'usb2c', '/')
    await openPanel(page, 'Recipes', 'RecipeBarComponent')
    const recipe = await recipeFacts(page)
    expect(recipe.sideBarBasis).toBe('35%')
    expect(recipe.largeImages.length).toBeGreaterThan(0)
    for (const px of recipe.largeImages) expect(px).toBe(70)
    expect(recipe.articles.length).toBeGreaterThan(0)
    for (const { image, content } of recipe.articles) expect(Math.abs(image - content)).toBeLessThanOrEqual(1)
    await page.keyboard.press('Escape')
    await openPanel(page, 'Brewers', 'HotBrewersBarComponent')
    const shown = await productImagesShown(page)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.every((s) => !s)).toBe(true)
  })
}

test('past medium (1200 px): sidebar 24.6 %, large pictures 110 px, articles’ pictures beside their words, product pictures shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 2000 })
  await openHeader(page, 'usb2c', '/')
  await openPanel(page, 'Recipes', 'RecipeBarComponent')
  const recipe = await recipeFacts(page)
  expect(recipe.sideBarBasis).toBe('24.6%')
  expect(recipe.largeImages.length).toBeGreaterThan(0)
  for (const px of recipe.largeImages) expect(px).toBe(110)
  expect(recipe.articles.length).toBeGreaterThan(0)
  for (const { image, card } of recipe.articles) expect(image).toBeLessThan(card / 2)
  await page.keyboard.press('Escape')
  await openPanel(page, 'Brewers', 'HotBrewersBarComponent')
  const shown = await productImagesShown(page)
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.every(Boolean)).toBe(true)
})
