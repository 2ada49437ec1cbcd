import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { openHeader } from './support'

/**
 * Every panel of every brand, at the desktop widths: no two cards, circles or columns overlap (a
 * best seller's card once reached 18 px into the roast circles beside it), and no card reaches out
 * of its list's column.
 */
const WIDTHS = [992, 1280, 1440, 1920]
const PAGES: { brand: Brand; path: string }[] = [
  { brand: 'usb2c', path: '/c/coffee' },
  { brand: 'cab2c', path: '/fr/c/cafe' },
  { brand: 'usafh', path: '/c/coffee' },
]

/** The overlaps in the open panel `id`, named for the message (empty when all is well). */
function overlaps(page: Page, id: string) {
  return page.evaluate((panelId) => {
    const panel = document.getElementById(panelId)
    if (!panel) return ['no panel']
    const boxOf = (el: Element) => el.getBoundingClientRect()
    const name = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    const cards = [...panel.querySelectorAll('ul[data-mode] > li')].filter((li) => {
      const r = boxOf(li)
      return r.width > 0 && r.height > 0
    })
    const problems: string[] = []
    const cross = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
    for (let i = 0; i < cards.length; i++)
      for (let j = i + 1; j < cards.length; j++) {
        const [a, b] = [cards[i]!, cards[j]!]
        if (a.contains(b) || b.contains(a)) continue
        if (cross(boxOf(a), boxOf(b))) problems.push(`“${name(a)}” overlaps “${name(b)}”`)
      }
    // Each card inside its list's box (the list is its column).
    for (const card of cards) {
      const list = card.parentElement!
      const [c, l] = [boxOf(card), boxOf(list)]
      if (c.left < l.left - 1 || c.right > l.right + 1)
        problems.push(`“${name(card)}” reaches out of its column`)
    }
    // Lists side by side do not overlap either.
    const lists = [...panel.querySelectorAll('ul[data-mode]')].filter((ul) => boxOf(ul).width > 0)
    for (let i = 0; i < lists.length; i++)
      for (let j = i + 1; j < lists.length; j++) {
        const [a, b] = [lists[i]!, lists[j]!]
        if (a.contains(b) || b.contains(a)) continue
        if (cross(boxOf(a), boxOf(b))) problems.push(`list of “${name(a)}” overlaps list of “${name(b)}”`)
      }
    return problems
  }, id)
}

for (const { brand, path } of PAGES) {
  test(`${brand} ${path}: no card, circle or column of any panel overlaps another at ${WIDTHS.join(', ')} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await openHeader(page, brand, path)
      const toggles = page.locator('header nav button[aria-controls^="oh-flyout-"]')
      await expect(toggles.first()).toBeEnabled()
      const ids = await toggles.evaluateAll((buttons) =>
        buttons.filter((b) => b.getClientRects().length > 0).map((b) => b.getAttribute('aria-controls')!),
      )
      expect(ids.length, `${width} px`).toBeGreaterThan(3)
      for (const id of ids) {
        await page.locator(`header nav button[aria-controls="${id}"]`).click()
        const panel = page.locator(`[id="${id}"]`)
        // Cards left out for want of room (plugins/nav/panels/fitPanel.ts) are not drawn.
        await expect(panel.locator('ul[data-mode] > li:visible').first()).toBeVisible()
        expect(await overlaps(page, id), `${id} at ${width} px`).toEqual([])
        await page.keyboard.press('Escape')
        await expect(panel).toBeHidden()
      }
    }
  })
}
