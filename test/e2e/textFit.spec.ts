import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { logIn, openHeader } from './support'

/**
 * No text of the header is cut without its whole text within reach. At each width, in each
 * brand and language, signed out and signed in, every text the shopper can see at the top of the
 * page (app banner, notification, utility row, the header's row with the greeting, the offer row,
 * the account notice) is either whole, or cut with a way to read all of it: a "show the whole
 * message" disclosure controlling it, or a title with its text. A word hidden whole (the greeting's
 * "Hi," when only the name has room) is not cut.
 */
const PAGES: { brand: Brand; path: string }[] = [
  { brand: 'usb2c', path: '/' },
  { brand: 'cab2c', path: '/' },
  { brand: 'cab2c', path: '/fr/accueil' },
  { brand: 'usafh', path: '/' },
]
const WIDTHS = [360, 390, 768, 992, 1440]

/** The texts that are cut and have no way to read them whole (empty when all is well). */
function cutTexts(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('#oneHeaderContainer')
    if (!root) return ['no header']
    const problems: string[] = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const host = node.parentElement
      if (!text || !host || !host.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        continue
      if (
        host.closest('[hidden], [aria-hidden="true"], script, style, [role="dialog"], [role="alertdialog"]')
      )
        continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const rect = range.getBoundingClientRect()
      if (rect.width === 0 || rect.bottom < 0 || rect.top > window.innerHeight) continue
      // The nearest box that clips it.
      let clip: Element | null = host
      let clipped: Element | null = null
      while (clip && clip !== root.parentElement) {
        const style = getComputedStyle(clip)
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
          const box = clip.getBoundingClientRect()
          // Screen-reader-only text (1 px boxes) is not for the eye.
          if (box.width <= 1 || box.height <= 1) break
          const inside =
            rect.left >= box.left - 1 &&
            rect.right <= box.right + 1 &&
            rect.top >= box.top - 1 &&
            rect.bottom <= box.bottom + 1
          const outside =
            rect.right <= box.left ||
            rect.left >= box.right ||
            rect.bottom <= box.top ||
            rect.top >= box.bottom
          if (!inside && !outside) clipped = clip
          if (!inside) break
        }
        clip = clip.parentElement
      }
      if (!clipped) continue
      // Reachable: a disclosure that controls the cut box (or one around the text), or a title.
      const controlled = [...root.querySelectorAll('button[aria-expanded][aria-controls]')].some((b) => {
        const target = document.getElementById(b.getAttribute('aria-controls') ?? '')
        return target !== null && (target.contains(node) || target === clipped)
      })
      const titled = host.closest(`[title]`)?.getAttribute('title')?.includes(text) ?? false
      if (!controlled && !titled) problems.push(text)
    }
    return problems
  })
}

for (const { brand, path } of PAGES) {
  test(`${brand} ${path}: no text cut without its whole text within reach, at ${WIDTHS.join(', ')} px, signed out and in`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    for (const signedIn of [false, true]) {
      if (signedIn) {
        await page.setViewportSize({ width: 1440, height: 900 })
        // Signed in on the brand's English page (the login form's labels), the session is the host's.
        await openHeader(page, brand, '/')
        await logIn(page)
        await expect(page.getByTestId('account-button')).not.toHaveText(/Log In|Connexion/)
      }
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await openHeader(page, brand, path)
        // Late rows (notification, offers, account notice) and the toggles' measurements.
        await page.waitForTimeout(1200)
        await test.step(`${signedIn ? 'signed in' : 'signed out'} at ${width} px`, async () => {
          expect(await cutTexts(page)).toEqual([])
        })
      }
    }
  })
}

test('the notification cut on a phone opens whole with its disclosure, and closes again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await openHeader(page, 'cab2c', '/fr/accueil')
  const notification = page.getByRole('region', { name: /Annonce|Announcement/ })
  const toggle = notification.getByRole('button', { name: 'Afficher le message en entier' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const closedHeight = (await notification.boundingBox())!.height
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  expect((await notification.boundingBox())!.height).toBeGreaterThan(closedHeight)
  expect(await cutTexts(page)).toEqual([])
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect.poll(async () => (await notification.boundingBox())!.height).toBe(closedHeight)
})

test('cab2c FR on a phone: the app banner and the card notice are read whole, with no toggle needed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'cab2c', '/c/coffee')
  await logIn(page)
  // Signed in on the page: the notice comes as the overlay (the next pages reserve its row).
  await expect(page.getByRole('status', { name: 'Account notice' })).toContainText('1881')
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await openHeader(page, 'cab2c', '/fr/c/cafe')
    const banner = page.getByRole('complementary', { name: 'Notre application' })
    const notice = page.getByRole('region', { name: 'Avis sur votre compte' })
    await expect(banner).toContainText('Commandez à nouveau vos favoris')
    await expect(notice).toContainText('Votre carte Visa se terminant par 1881')
    for (const [name, text] of [
      ['app banner', banner.locator('p')],
      ['card notice', notice.locator('p')],
    ] as const) {
      const fits = await text.evaluate(
        (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
      )
      expect(fits, `${name} at ${width} px`).toBe(true)
    }
    await expect(banner.getByRole('button', { name: 'Afficher le message en entier' })).toHaveCount(0)
    await expect(notice.getByRole('button', { name: 'Afficher le message en entier' })).toHaveCount(0)
    // Its link and the app's button stay whole beside it.
    await expect(notice.getByRole('link', { name: 'Mettre à jour le mode de paiement' })).toBeInViewport({
      ratio: 1,
    })
    expect(await cutTexts(page)).toEqual([])
  }
})
