import { expect, type Locator, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { collectConsole, expectNoAxeViolations, openHeader } from './support'

/**
 * The phone and tablet menu (nav spec §2, §4, §9): below 992 px the hamburger's dialog lists
 * the shop's categories first, then the account part; a category opens its panel as a full-screen
 * slide-in whose back button names the menu; back slides it out (0.4 s) and 300 ms later the
 * selection clears, the menu is back at its top and focus on the category. Focus never leaves the
 * dialog, returns to the hamburger when it closes, and the page behind never scrolls.
 */
const PAGES: { brand: Brand; path: string; open: RegExp; back: string }[] = [
  { brand: 'usb2c', path: '/', open: /^Open menu$/, back: 'Back to' },
  { brand: 'cab2c', path: '/', open: /^Open menu$/, back: 'Back to' },
  { brand: 'cab2c', path: '/fr/accueil', open: /^Ouvrir le menu$/, back: 'Retour à' },
  { brand: 'usafh', path: '/', open: /^Open menu$/, back: 'Back to' },
]
/** A phone and a portrait tablet, short enough that the menu's content scrolls (the back test needs it). */
const VIEWPORTS = [
  { width: 390, height: 600 },
  { width: 768, height: 600 },
]
const AXE = { enable: ['label-content-name-mismatch'] }

const hamburger = (page: Page, name: RegExp) => page.getByRole('button', { name })
const menuDialog = (page: Page) => page.locator('[role="dialog"][aria-modal="true"]')
/** The categories' list: the dialog's first navigation landmark. */
const categories = (dialog: Locator) => dialog.getByRole('navigation').first()
const panelOf = (page: Page, uid: string) => page.locator(`[id="oh-phone-panel-${uid}"] > *`)

/**
 * Scrolls the page behind down, so that any scroll of it would show: a long page (the host page is
 * short), scrolled past the 150 px under which the global notification brings the page back to its top
 * (plugins/shell/slots/GlobalNotification.tsx, header spec §4), then up a little, as a shopper does to
 * bring back the sticky header with the hamburger (host/frame/useHeaderScroll.ts).
 */
async function scrollPageDown(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const spacer = document.createElement('div')
    spacer.style.height = '3000px'
    document.body.append(spacer)
    window.scrollTo(0, 440)
    await frame()
    await frame()
    window.scrollTo(0, 400)
    await frame()
    await frame()
  })
  const scrollY = await page.evaluate(() => window.scrollY)
  expect(scrollY).toBe(400)
  return scrollY
}

async function openMenu(page: Page, open: RegExp) {
  await hamburger(page, open).click()
  const dialog = menuDialog(page)
  await expect(dialog).toBeVisible()
  // The categories' code arrives on first open (a lazy slot).
  await expect(categories(dialog).getByRole('listitem').first()).toBeVisible()
  // Measured where it lands, after its own slide-in.
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  return dialog
}

/** The names of the elements Tab can reach, in order, inside `root`. */
const tabbableNames = (root: Locator) =>
  root.evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')]
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => e.textContent?.trim()),
  )
const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim())

test.describe('hamburger visibility', () => {
  test('there at every width below 992 px (phones and tablets), gone from 992 px up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openHeader(page, 'usb2c', '/')
    await expect(page.getByTestId('account-button')).toBeVisible()
    for (const width of [320, 390, 576, 768, 820, 991]) {
      await page.setViewportSize({ width, height: 800 })
      await expect(hamburger(page, /^Open menu$/), `${width} px`).toBeVisible()
    }
    for (const width of [992, 1024, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      await expect(hamburger(page, /^Open menu$/), `${width} px`).toHaveCount(0)
    }
  })
})

for (const { brand, path, open, back } of PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${brand} ${path} at ${viewport.width} px: categories first, none cut; a panel slides in and back out; focus and the page stay put`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      const errors = collectConsole(page)
      await openHeader(page, brand, path)
      const scrollY = await scrollPageDown(page)
      const dialog = await openMenu(page, open)

      await test.step('the categories come first, then the account part', async () => {
        const list = categories(dialog)
        await expect(list).toHaveAttribute('aria-label', /^(Main|Navigation principale)$/)
        const order = await dialog.evaluate(
          (el, listEl) => {
            const rows = [...(listEl?.querySelectorAll('a, button') ?? [])]
            const all = [...el.querySelectorAll('a, button')]
            // The close button is drawn at the top but comes last (MobileMenuDialog.tsx).
            const account = all.filter(
              (e) =>
                !listEl?.contains(e) &&
                !e.matches('[aria-label="Close menu"], [aria-label="Fermer le menu"]'),
            )
            return {
              lastRow: all.indexOf(rows.at(-1) as Element),
              firstAccount: all.indexOf(account[0] as Element),
              rows: rows.length,
              account: account.length,
            }
          },
          await list.elementHandle(),
        )
        expect(order.rows).toBeGreaterThanOrEqual(3)
        expect(order.account).toBeGreaterThanOrEqual(3)
        expect(order.lastRow).toBeLessThan(order.firstAccount)
      })

      await test.step('every row is whole and the menu never scrolls sideways', async () => {
        const rows = await categories(dialog).locator('a, button').all()
        for (const row of rows) {
          const box = await row.boundingBox()
          expect(box?.x).toBe(0)
          expect(box?.width).toBe(viewport.width)
          expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
        }
        expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        )
      })

      // Scrolled down first, so that going back to the top is seen.
      const maxScroll = await dialog.evaluate((el) => el.scrollHeight - el.clientHeight)
      expect(maxScroll).toBeGreaterThan(0)
      const category = categories(dialog).locator('button[aria-expanded]').first()
      const uid = (await category.getAttribute('data-nav-component')) ?? ''
      const name = (await category.textContent())?.trim() ?? ''
      await dialog.evaluate((el) => {
        el.scrollTop = 48
      })
      const panel = panelOf(page, uid)
      const backButton = panel.getByRole('button', { name: `${back} ${name}` })

      await test.step('a category opens its panel: a full-screen 0.4 s slide-in, back button focused', async () => {
        await expect(category).toHaveAttribute('aria-expanded', 'false')
        await category.click()
        await expect(category).toHaveAttribute('aria-expanded', 'true')
        await expect(backButton).toBeFocused()
        expect(await panel.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.4s')
        await expect
          .poll(() => panel.boundingBox())
          .toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height })
      })

      await test.step('Tab and Shift+Tab cycle within the panel', async () => {
        const inPanel = await tabbableNames(panel)
        expect(inPanel[0]).toBe(`${back} ${name}`)
        const visited: (string | undefined)[] = []
        for (let i = 0; i < inPanel.length; i++) {
          await page.keyboard.press('Tab')
          await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
          visited.push(await activeText(page))
        }
        // Around once: every link of the panel, then the back button again.
        expect(visited).toEqual([...inPanel.slice(1), inPanel[0]])
        await page.keyboard.press('Shift+Tab')
        await expect.poll(() => activeText(page)).toBe(inPanel.at(-1))
        await page.keyboard.press('Tab')
        await expect(backButton).toBeFocused()
      })

      await test.step('the page behind does not scroll', async () => {
        await page.mouse.move(viewport.width / 2, viewport.height / 2)
        await page.mouse.wheel(0, 600)
        await page.waitForTimeout(100)
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)
      })

      await test.step('back: slides out (0.4 s); 300 ms later the selection clears, the menu is at its top, focus on the category', async () => {
        const timing = await panel.evaluate(
          (el) =>
            new Promise<{ removedAfter: number; animation: string; duration: string }>((resolve) => {
              const back = el.querySelector('button') as HTMLButtonElement
              const start = performance.now()
              back.click()
              let animation = ''
              let duration = ''
              const watch = () => {
                if (!el.isConnected) {
                  resolve({ removedAfter: performance.now() - start, animation, duration })
                  return
                }
                // The slide-out as it runs (React commits the closing state after the click's task).
                const style = getComputedStyle(el)
                animation = style.animationName
                duration = style.animationDuration
                requestAnimationFrame(watch)
              }
              requestAnimationFrame(watch)
            }),
        )
        expect(timing.animation).toMatch(/flyoutOut/)
        expect(timing.duration).toBe('0.4s')
        // The selection clears at 300 ms (never sooner; the unit test pins the exact moment), while the
        // 0.4 s slide-out runs; the upper bound leaves a busy machine's timer some slack.
        expect(timing.removedAfter).toBeGreaterThanOrEqual(300)
        expect(timing.removedAfter).toBeLessThan(600)
        await expect(category).toHaveAttribute('aria-expanded', 'false')
        expect(await dialog.evaluate((el) => el.scrollTop)).toBe(0)
        await expect(category).toBeFocused()
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)
      })

      await test.step('Escape closes an open panel first, then the menu; focus returns to the hamburger', async () => {
        await category.press('Enter')
        await expect(backButton).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(panel).toHaveCount(0)
        await expect(dialog).toBeVisible()
        await expect(category).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
        await expect(hamburger(page, open)).toBeFocused()
        expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)
      })

      expect(errors.filter((e) => e.startsWith('error'))).toEqual([])
    })
  }

  test(`axe, full default rules: ${brand} ${path} at 390 px, the menu open, then every category's panel open`, async ({
    page,
  }) => {
    test.setTimeout(180_000)
    await page.setViewportSize({ width: 390, height: 844 })
    await openHeader(page, brand, path)
    const dialog = await openMenu(page, open)
    await expectNoAxeViolations(page, '#oneHeaderContainer', AXE)
    const withPanels = categories(dialog).locator('button[aria-expanded]')
    const count = await withPanels.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) {
      const category = withPanels.nth(i)
      const name = (await category.textContent())?.trim() ?? ''
      const uid = (await category.getAttribute('data-nav-component')) ?? ''
      await category.click()
      const panel = panelOf(page, uid)
      await expect.poll(() => panel.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 })
      await test.step(`${name}'s panel`, () => expectNoAxeViolations(page, '#oneHeaderContainer', AXE))
      // Back to the list (0.4 s slide-out, the selection cleared 300 ms in) for the next one.
      await panel.getByRole('button', { name: `${back} ${name}` }).click()
      await expect(category).toBeFocused()
      await expect(panel).toHaveCount(0)
    }
  })
}

test.describe('a panel on a phone, its pictures hidden', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  for (const { brand, path, open, back } of PAGES.filter((p) => p.brand !== 'cab2c' || p.path !== '/')) {
    test(`${brand} ${path}: a short link name is on one line, never a word a line beside an empty half, nor an empty band under a group`, async ({
      page,
    }) => {
      await openHeader(page, brand, path)
      const dialog = await openMenu(page, open)
      const buttons = categories(dialog).locator('button[aria-expanded]')
      const count = await buttons.count()
      for (let i = 0; i < count; i++) {
        const category = buttons.nth(i)
        const uid = (await category.getAttribute('data-nav-component')) ?? ''
        const name = (await category.textContent())?.trim() ?? ''
        await category.tap()
        const panel = panelOf(page, uid)
        const backButton = panel.getByRole('button', { name: `${back} ${name}` })
        await expect(backButton).toBeFocused()
        // The lists whose cards are round pictures over a name on wider screens.
        const wrapped = await panel.evaluate((el) =>
          [
            ...el.querySelectorAll(
              'ul[data-mode="PRODUCT_SIMPLE"] a, ul[data-mode="SECTION_HEADER_LINK"] a, ul[data-mode="MEDIUM_IMPORTANCE"] a',
            ),
          ]
            .filter((a) => (a.textContent?.trim().length ?? 99) <= 24)
            .filter((a) => {
              const lineHeight = Number.parseFloat(getComputedStyle(a).lineHeight) || 20
              return a.getBoundingClientRect().height > lineHeight * 1.5
            })
            .map((a) => a.textContent?.trim()),
        )
        expect(wrapped, name).toEqual([])
        // No group of links is taller than what it holds: no empty band under a short one.
        const bands = await panel.evaluate((el) =>
          [...el.querySelectorAll('[class*="_group_"]')].flatMap((group) => {
            const last = group.lastElementChild?.getBoundingClientRect().bottom
            const box = group.getBoundingClientRect()
            return last !== undefined && box.bottom - last > 2
              ? [`${group.textContent?.trim().slice(0, 30)}: ${Math.round(box.bottom - last)} px empty`]
              : []
          }),
        )
        expect(bands, name).toEqual([])
        await backButton.tap()
        await expect(category).toBeFocused()
      }
    })
  }
})
