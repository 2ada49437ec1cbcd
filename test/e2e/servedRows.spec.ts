import { type Browser, expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import {
  cookieNamed,
  countShifts,
  expectNoAxeViolations,
  holdRequests,
  SHELL,
  START_UP_CHUNK,
  urlFor,
} from './support'

/**
 * The page server's first view draws the shell's own rows whole — the app banner
 * and the global notification on top, the utility row (free shipping, support, EN | FR), the
 * promotion row under the bar — where it drew empty coloured strips until the script ran, and the
 * search box's placeholder whole (its short words on a phone). The live rows then take over in place
 * with the same words, nothing moving; a press on a served row's button is kept for the live one.
 */
const part = (page: Page, name: string) => page.locator(`#oneHeaderContainer [data-part="${name}"]`)
const ROWS = ['shell.top', 'shell.utility', 'shell.promo'] as const

/** The parts' hydration (with the part runtime): held back, the rows stay the page server's HTML. */
const HYDRATION_CHUNK = /\/assets\/hydrateParts-[\w-]+\.js$/

/** Holds the start-up chunk back until the returned release is called: the header stays served. */
const holdStartUp = (page: Page) => holdRequests(page, START_UP_CHUNK)

/** Each row's words as a shopper reads them (the live rows' text toggles have none). */
const rowWords = (page: Page) =>
  Promise.all(ROWS.map(async (name) => (await part(page, name).innerText()).replace(/\s+/g, ' ').trim()))

/** The page as served, none of the header's code loaded (blocked, or not yet come): only its HTML. */
async function withoutScript(browser: Browser, brand: Brand, path: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    hasTouch: width < 600,
    isMobile: width < 600,
  })
  const page = await context.newPage()
  await page.route(/\/assets\/[^?]+\.js$/, (route) => route.abort())
  await page.goto(urlFor(brand, path))
  return { page, close: () => context.close() }
}

const SITES: { brand: Brand; path: string; notification: RegExp; promo: RegExp; utility: RegExp[] }[] = [
  {
    brand: 'usb2c',
    path: '/',
    notification: /Free shipping weekend/,
    promo: /New here\?/,
    utility: [/Free shipping on orders over/, /Details/, /Support/],
  },
  {
    brand: 'cab2c',
    path: '/fr/accueil',
    notification: /\S/,
    promo: /Nouveau ici\?/,
    utility: [/EN/, /FR/],
  },
  { brand: 'usafh', path: '/c/coffee', notification: /\S/, promo: /\S/, utility: [/Support/] },
]

for (const site of SITES) {
  for (const width of [390, 1440]) {
    test(`${site.brand} ${site.path} at ${width} px without the header's script: the rows are drawn whole, the placeholder too, and axe passes`, async ({
      browser,
    }) => {
      const { page, close } = await withoutScript(browser, site.brand, site.path, width)
      try {
        await expect(part(page, 'shell.top').locator('[data-cms-slot]')).toContainText(site.notification)
        await expect(part(page, 'shell.promo').locator('[data-cms-slot]')).toContainText(site.promo)
        for (const words of site.utility) await expect(part(page, 'shell.utility')).toContainText(words)
        // Every row drawn is visible and holds words: no empty coloured strip.
        for (const name of ROWS) {
          const box = await part(page, name).evaluate((el) => {
            const rects = [...el.children].map((c) => c.getBoundingClientRect())
            return {
              height: rects.reduce((h, r) => h + r.height, 0),
              text: (el as HTMLElement).innerText.trim(),
            }
          })
          if (name === 'shell.utility' && width < 992) continue
          expect(box.height, name).toBeGreaterThan(0)
          expect(box.text, name).not.toBe('')
        }
        // The placeholder's words: the short ones below 992 px, whole, inside the box.
        const form = part(page, 'header.search').getByRole('search')
        const words = form.locator('[class*="placeholder"]:visible').last()
        await expect(words).toHaveText(
          width < 992 ? (site.path.startsWith('/fr') ? 'Rechercher' : 'Search') : /^(Search|Rechercher) /,
        )
        // Whole: its box (the room between the box's start and its buttons) does not cut it.
        const room = await words.evaluate((el) => {
          const box = el.parentElement as HTMLElement
          return { needed: box.scrollWidth, has: box.clientWidth, text: el.getBoundingClientRect().width }
        })
        expect(room.has).toBeGreaterThan(0)
        expect(room.needed).toBeLessThanOrEqual(room.has)
        expect(room.text).toBeLessThanOrEqual(room.has)
        // The search button submits without script.
        await expect(form.getByRole('button', { name: /^(Search|Rechercher)$/ })).toHaveAttribute(
          'type',
          'submit',
        )
        await expectNoAxeViolations(page)
      } finally {
        await close()
      }
    })
  }
}

for (const width of [390, 1440]) {
  test(`at ${width} px the live rows take over the served ones with the same words and no shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const shifts = await countShifts(page)
    const release = await holdStartUp(page)
    await page.goto(urlFor('usb2c', '/'))
    await expect(part(page, 'shell.promo')).toContainText('New here?')
    const served = await rowWords(page)
    release()
    await page.waitForFunction(
      () => (window as unknown as { oneHeader?: { allLive?: boolean } }).oneHeader?.allLive,
    )
    for (const name of ROWS) await expect(part(page, name)).toHaveAttribute('data-live', '')
    expect(await rowWords(page)).toEqual(served)
    expect(await shifts()).toBe(0)
  })
}

test('the free-shipping terms pressed before the row is hydrated open once it is, with no kernel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // The rows' runtime held back: the row is the page server's HTML only.
  const release = await holdRequests(page, HYDRATION_CHUNK)
  const startUp = await holdStartUp(page)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  const details = part(page, 'shell.utility').getByRole('button', { name: 'Details' })
  await details.click()
  // Nothing happens before its row is live (no page to go to): the press is kept.
  await expect(details).toHaveAttribute('aria-expanded', 'false')
  release()
  // The popover needs nothing of the kernel: the row answers the press as soon as it is hydrated.
  await expect(part(page, 'shell.utility')).toHaveAttribute('data-live', '', { timeout: 15_000 })
  expect(await page.evaluate(() => 'oneHeader' in window)).toBe(false)
  await expect(part(page, 'shell.utility').getByRole('button', { name: 'Details' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await expect(page.getByRole('dialog')).toBeVisible()
  startUp()
})

test("the app banner's dismiss pressed before the header is live dismisses it once it is", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  try {
    const release = await holdStartUp(page)
    await page.goto(urlFor('usb2c', '/'))
    const banner = part(page, 'shell.top').getByRole('complementary')
    await expect(banner.getByRole('link', { name: 'Get the app' })).toBeVisible()
    await banner.getByRole('button', { name: /dismiss|close/i }).tap()
    await expect(banner).toBeVisible()
    release()
    await expect(part(page, 'shell.top')).toHaveAttribute('data-live', '', { timeout: 15_000 })
    await expect(part(page, 'shell.top').getByRole('complementary')).toHaveCount(0)
    expect((await cookieNamed(context, 'appBannerDismissed'))?.value ?? 'none').not.toBe('none')
  } finally {
    await context.close()
  }
})

/**
 * How each CMS paragraph of the rows shows its words: a word either shows whole inside its box or
 * not at all (on a line the box hides), never cut through; the words that show; and whether the
 * paragraph's end is marked (its ellipsis drawn) when some words are hidden.
 */
const cmsRowWords = (page: Page) =>
  page.locator('#oneHeaderContainer [data-cms-slot] [class*="cmsParagraph"]').evaluateAll((boxes) =>
    boxes.map((box) => {
      const b = box.getBoundingClientRect()
      const shown: string[] = []
      const cut: string[] = []
      let hidden = 0
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          for (const r of range.getClientRects()) {
            const inside =
              r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1
            const outside = r.top >= b.bottom - 1 || r.left >= b.right - 1
            if (inside) shown.push(m[0])
            else if (outside) hidden++
            else cut.push(m[0])
          }
        }
      }
      const marked = getComputedStyle(box, '::after').display !== 'none'
      return {
        shown: shown.join(' '),
        cut,
        hidden,
        marked,
        html: `${box.textContent?.slice(0, 40)} ${box.scrollHeight}/${box.clientHeight}`,
      }
    }),
  )

for (const site of SITES) {
  test(`${site.brand} ${site.path} at 390 px: the notification and promotion words are never cut mid-word, served and live alike`, async ({
    browser,
  }) => {
    const { page, close } = await withoutScript(browser, site.brand, site.path, 390)
    let served: Awaited<ReturnType<typeof cmsRowWords>>
    try {
      await expect(part(page, 'shell.promo').locator('[data-cms-slot]')).toContainText(site.promo)
      served = await cmsRowWords(page)
    } finally {
      await close()
    }
    expect(served.length).toBeGreaterThanOrEqual(2)
    for (const row of served) {
      expect(row.cut, row.html).toEqual([])
      expect(row.shown, row.html).not.toBe('')
      // A paragraph that does not show whole says so: its ellipsis after the last words shown.
      expect(row.marked, row.html).toBe(row.hidden > 0)
    }
    // Live, the same words show the same way: the first paint is what the shopper keeps.
    const context = await browser.newContext({
      viewport: { width: 390, height: 900 },
      hasTouch: true,
      isMobile: true,
    })
    const live = await context.newPage()
    try {
      await live.goto(urlFor(site.brand, site.path))
      await live.waitForFunction(
        () => (window as unknown as { oneHeader?: { allLive?: boolean } }).oneHeader?.allLive,
      )
      await expect(part(live, 'shell.promo')).toHaveAttribute('data-live', '')
      await expect.poll(() => cmsRowWords(live)).toEqual(served)
    } finally {
      await context.close()
    }
  })
}
