import { expect, type Locator, type Page, test } from '@playwright/test'
import {
  PANEL_TEXT_FIELDS as TEXT_FIELDS,
  PANEL_URL_FIELDS as URL_FIELDS,
} from '../../plugins/nav/panels/panelItemFields'
import type { Brand } from '../../site/brand'
import { isSameOriginPath } from '../../site/safePath'
import { loadCorpus } from '../corpus'
import { expectNoAxeViolations, logIn, openHeader } from './support'

/**
 * What an open navigation panel shows (nav spec §2, §6), on the
 * reference server's navigation data: the ten layouts as a shopper sees them at 1440 px, the recipe
 * footer by width, the agent's NOBO bar, axe with every panel open, and the XSS corpus inert.
 */

/**
 * The bar with the item `uid` first, so a panel's stored picture does not depend on where its item
 * stands in the bar (a panel is as wide as the room beside its item), as the CMS could order it.
 * The items and their panels are the server's own. (Every item is in the bar from
 * 992 px, wherever it stands.)
 */
async function itemFirst(page: Page, uid: string) {
  await page.route('**/rest/v2/*/cms/content-slots/NavigationBarSlot*', async (route) => {
    const url = new URL(route.request().url())
    url.hostname = '127.0.0.1'
    const answer = await route.fetch({ url: url.toString() })
    const body = (await answer.json()) as { componentUids: { componentUidList: string[] } }
    const list = body.componentUids.componentUidList
    body.componentUids.componentUidList = [uid, ...list.filter((u) => u !== uid)]
    await route.fulfill({ response: answer, json: body })
  })
}

const nav = (page: Page) => page.getByRole('navigation', { name: /^(main|navigation principale)$/i })

/** Opens the panel of the item `name` with its disclosure button, as a keyboard or pointer user can. */
async function openPanel(page: Page, name: string): Promise<Locator> {
  const button = nav(page).getByRole('button', { name: `${name} menu`, exact: true })
  await expect(button).toBeEnabled()
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
  await expect(panel).toBeVisible()
  return panel
}

/** Waits until every picture of the panel has arrived (they load only now, with the panel). */
async function picturesLoaded(panel: Locator) {
  await panel.evaluate((el) => {
    for (const img of el.querySelectorAll('img')) img.loading = 'eager'
  })
  await expect
    .poll(() =>
      panel.evaluate((el) => [...el.querySelectorAll('img')].every((i) => i.complete && i.naturalWidth > 0)),
    )
    .toBe(true)
}

const LAYOUTS: { brand: Brand; item: string; uid: string; layout: string }[] = [
  { brand: 'usb2c', item: 'Beverages', uid: 'BeveragesBarComponent', layout: 'beverage' },
  { brand: 'usb2c', item: 'Recipes', uid: 'RecipeBarComponent', layout: 'recipe' },
  { brand: 'usb2c', item: 'Sustainability', uid: 'SustainabilityBarComponent', layout: 'sustainability' },
  { brand: 'usb2c', item: 'Brewers', uid: 'HotBrewersBarComponent', layout: 'hotBrewers' },
  { brand: 'usb2c', item: 'Coffee', uid: 'BrewcoPodsCoffeeBarComponent', layout: 'coffee' },
  { brand: 'usafh', item: 'Shop Brewers', uid: 'CommercialShopBarComponent', layout: 'commercialShop' },
  { brand: 'usafh', item: 'Cold Beverages', uid: 'KoldBarComponent', layout: 'koldBar' },
  { brand: 'usb2c', item: 'Accessories', uid: 'NewAccessoriesBarComponent', layout: 'accessories' },
  {
    brand: 'usafh',
    item: 'Business Solutions',
    uid: 'CommercialBusinessSolutionComponent',
    layout: 'businessSolutions',
  },
  { brand: 'usb2c', item: 'Starter Kits', uid: 'StarterKitBarComponent', layout: 'starterKit' },
]

for (const { brand, item, uid, layout } of LAYOUTS) {
  test(`the ${layout} layout at 1440 px (${brand} ${item}): as stored, nothing cut, no sideways scroll, no empty band in the side bar`, async ({
    page,
  }) => {
    // Tall enough that the whole panel is on screen (its pictures load lazily, on screen).
    await page.setViewportSize({ width: 1440, height: 1700 })
    await itemFirst(page, uid)
    await openHeader(page, brand, '/')
    const panel = await openPanel(page, item)
    await expect(panel).toHaveAttribute('data-layout', layout)
    await picturesLoaded(panel)
    // Nothing inside is wider than the panel, and the panel lies within the page's width.
    const widths = await panel.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      page: document.documentElement.clientWidth,
    }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    expect(widths.right).toBeLessThanOrEqual(widths.page)
    // Words wrap at their boundaries: no text box is wider than its card.
    const overflowing = await panel.evaluate((el) =>
      [...el.querySelectorAll('a, span, h2, p')]
        .filter((e) => e.textContent?.trim() && getComputedStyle(e).display !== 'inline')
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent),
    )
    expect(overflowing).toEqual([])
    // The side bar stacks its groups, each as tall as what it holds: no empty band under a short one.
    const bands = await panel.evaluate((el) =>
      [...el.querySelectorAll('[data-part="sidebar"] > [class*="_group_"]')].flatMap((group) => {
        const last = group.lastElementChild?.getBoundingClientRect().bottom
        const box = group.getBoundingClientRect()
        return last !== undefined && box.bottom - last > 2
          ? [`${group.textContent?.trim().slice(0, 30)}: ${Math.round(box.bottom - last)} px empty`]
          : []
      }),
    )
    expect(bands).toEqual([])
    await expect(panel).toHaveScreenshot(`${layout}-1440.png`, { maxDiffPixelRatio: 0.01 })
  })
}

test('product cards keep their titles readable: never a column of one word a line beside the picture (Brewers, usb2c EN and cab2c FR, 1280 and 1440 px)', async ({
  page,
}) => {
  for (const [brand, path, name] of [
    ['usb2c', '/', 'Brewers'],
    ['cab2c', '/fr/accueil', 'Cafetières'],
  ] as const) {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await openHeader(page, brand, path)
      const button = nav(page).getByRole('button', { name: new RegExp(`^(${name} menu|Menu ${name})$`) })
      await button.click()
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
      await expect(panel).toBeVisible()
      // The cards drawn (a card left out for want of room is not: plugins/nav/panels/fitPanel.ts).
      const titles = await panel.locator('[data-mode="LARGE_PRODUCT"] > li:visible a').evaluateAll((links) =>
        links.map((a) => {
          const title = a.querySelector('span span') ?? a
          return { text: title.textContent ?? '', width: title.getBoundingClientRect().width }
        }),
      )
      expect(titles.length, `${brand} ${width} px`).toBeGreaterThan(0)
      // Room for a few words a line: at least 11rem (176 px).
      for (const t of titles) expect(t.width, `${t.text} at ${width} px`).toBeGreaterThanOrEqual(176)
      await page.keyboard.press('Escape')
    }
  }
})

test('recipe footer cards by width: 1 at 1000 px, 2 at 1150, 3 at 1250, all 6 at 1400; re-counted on resize', async ({
  page,
}) => {
  const cards = (panel: Locator) => panel.locator('[data-part="footer"] li[data-mode]')
  // Recipes where the CMS puts it (fifth): in the bar at each of these widths.
  for (const [width, shown] of [
    [1000, 1],
    [1150, 2],
    [1250, 3],
    [1400, 6],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await openHeader(page, 'usb2c', '/')
    const panel = await openPanel(page, 'Recipes')
    await expect(cards(panel)).toHaveCount(shown)
    // On desktop the footer sits inside the body (nav spec §2); its link is always there.
    await expect(panel.locator('[data-part="body"] [data-part="footer"]')).toHaveCount(1)
    await expect(
      panel.locator('[data-part="footer"]').getByRole('link', { name: 'All recipes' }),
    ).toBeVisible()
  }
  // Still open, the window narrows: the panel counts again.
  await page.setViewportSize({ width: 1150, height: 900 })
  await expect(cards(page.locator('#oh-flyout-RecipeBarComponent'))).toHaveCount(2)
})

test('the NOBO bar: none for a shopper; for an agent acting for a customer, the agent links at the top of the body', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'usb2c', '/')
  let panel = await openPanel(page, 'Beverages')
  await expect(panel.locator('[data-part="body"]')).toBeVisible()
  await expect(panel.locator('[data-part="nobo"]')).toHaveCount(0)
  await expect(panel.getByRole('link', { name: 'Courtesy pod credit' })).toHaveCount(0)

  await page.keyboard.press('Escape')
  await logIn(page, { email: 'agent@brewco.example', password: 'Agent1234' })
  await expect(page.getByTestId('account-button')).toHaveText('Hi, Alex')
  await openHeader(page, 'usb2c', '/?noboCustomerId=8000000101')
  await expect(page.getByTestId('account-button')).toHaveText('Hi, CCR as Jamie')
  panel = await openPanel(page, 'Beverages')
  const bar = panel.locator('[data-part="body"] > [data-part="nobo"]')
  await expect(bar).toBeVisible()
  await expect(bar.getByRole('link')).toHaveText(['Courtesy pod credit', 'Replacement beverages'])
  await expect(bar.getByRole('link').first()).toHaveAttribute('href', '/c/courtesy-pods')
  // Highlighted: a colour of its own, not the panel's white.
  expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)')
  // Below 992 px the panel opens from the phone menu: tablets (768-991 px) show no bar (nav spec §6),
  // phones do.
  for (const [width, shown] of [
    [900, false],
    [390, true],
  ] as const) {
    await page.setViewportSize({ width, height: 844 })
    await openHeader(page, 'usb2c', '/')
    await page.getByRole('button', { name: /^Open menu$/ }).click()
    const dialog = page.locator('[role="dialog"][aria-modal="true"]')
    await dialog.getByRole('button', { name: 'Beverages', exact: true }).click()
    const phonePanel = page.locator('[id="oh-phone-panel-BeveragesBarComponent"] [data-part="body"]')
    await expect(phonePanel).toBeVisible()
    await expect(phonePanel.locator('[data-part="nobo"]')).toHaveCount(1)
    if (shown) await expect(phonePanel.locator('[data-part="nobo"]')).toBeVisible()
    else await expect(phonePanel.locator('[data-part="nobo"]')).toBeHidden()
  }
})

test('axe, full default rules, with every panel of usb2c and usafh open at 1440 px', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const panels = [
    ...LAYOUTS,
    { brand: 'usafh', item: 'Beverages', uid: 'CommercialBeverageBarComponent' },
    { brand: 'usafh', item: 'Accessories', uid: 'CommercialAccessoriesComponent' },
  ] as const
  for (const { brand, item, uid } of panels) {
    await page.unrouteAll()
    await itemFirst(page, uid)
    await openHeader(page, brand, '/')
    const panel = await openPanel(page, item)
    await picturesLoaded(panel)
    await test.step(`${brand} ${item}`, () =>
      expectNoAxeViolations(page, '#oneHeaderContainer', { enable: ['label-content-name-mismatch'] }))
  }
})

const corpus = loadCorpus('xss-payloads').cases.map((c) => c.payload)
const redirects = loadCorpus('redirects')

type Json = Record<string, unknown>

/**
 * The navigation components as the server sends them, each panel item's `fields` replaced by the
 * list's values in turn (item n takes value n), so every value reaches every field somewhere.
 */
async function hostileNavigation(
  page: Page,
  fields: readonly string[],
  values: readonly string[],
  offset = 0,
) {
  await page.route('**/rest/v2/*/cms/components*', async (route) => {
    const url = new URL(route.request().url())
    url.hostname = '127.0.0.1'
    const answer = await route.fetch({ url: url.toString() })
    const body = (await answer.json()) as { component?: Json[] }
    let n = offset
    const spoil = (item: Json) => {
      const value = values[n++ % values.length]
      for (const field of fields) item[field] = value
    }
    for (const component of body.component ?? []) {
      const content = (component.navBarComponent as Json | undefined)?.content as
        | Record<string, Json[]>
        | undefined
      for (const list of Object.values(content ?? {})) list.forEach(spoil)
      for (const group of (component.groupedNextGenNavComponentsList as Json[] | undefined) ?? [])
        ((group.nextGenNavComponents as Json[] | undefined) ?? []).forEach(spoil)
      ;((component.nextGenNavComponents as Json[] | undefined) ?? []).forEach(spoil)
    }
    await route.fulfill({ response: answer, json: body })
  })
}

/** Records every script the corpus might run: dialogs, alert/confirm/prompt, and a marker function. */
async function watchForScripts(page: Page) {
  const fired: string[] = []
  await page.exposeFunction('__xssFired', (what: string) => fired.push(what))
  await page.addInitScript(() => {
    const report = (what: string) =>
      (window as unknown as { __xssFired: (w: string) => void }).__xssFired(what)
    window.alert = () => report('alert')
    window.confirm = () => {
      report('confirm')
      return false
    }
    window.prompt = () => {
      report('prompt')
      return null
    }
  })
  page.on('dialog', (d) => {
    fired.push(`dialog:${d.message()}`)
    void d.dismiss()
  })
  return fired
}

/** Every panel of the bar opened, hovered and focused through; nothing ran, nothing unsafe is on the page. */
async function expectPanelsInert(page: Page, fired: string[]) {
  const buttons = nav(page).getByRole('button', { name: / menu$/ })
  await expect(buttons.first()).toBeEnabled()
  let opened = 0
  for (const button of await buttons.all()) {
    await button.click()
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
    if ((await panel.count()) === 0) continue
    opened += 1
    for (const el of await panel.locator('*').all()) {
      await el.dispatchEvent('mouseover').catch(() => {})
      await el.dispatchEvent('focus').catch(() => {})
    }
    const unsafe = await panel.evaluate((root) => {
      const found: string[] = []
      for (const el of root.querySelectorAll('*')) {
        if (/^(SCRIPT|IFRAME|OBJECT|EMBED|SVG|MATH|FORM|INPUT|STYLE|LINK|META|BASE)$/i.test(el.tagName))
          found.push(el.tagName)
        for (const a of el.attributes) {
          if (a.name.startsWith('on')) found.push(`${el.tagName}.${a.name}`)
          if (a.name === 'style' && !/^background-color: rgb\(\d+, \d+, \d+\);$/.test(a.value))
            found.push(`style=${a.value}`)
        }
      }
      return found
    })
    expect(unsafe).toEqual([])
    const addresses = await panel.evaluate((root) =>
      [...root.querySelectorAll('[href], [src]')].map(
        (el) => el.getAttribute('href') ?? el.getAttribute('src'),
      ),
    )
    for (const address of addresses) expect(isSameOriginPath(address), address ?? '').toBe(true)
    await button.click()
  }
  await page.waitForTimeout(1000)
  expect(fired).toEqual([])
  return opened
}

test(`the ${corpus.length} XSS vectors in every text field of every panel item stay inert`, async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const fired = await watchForScripts(page)
  // The names apart: a name that is only markup leaves its card out, and the other fields with it.
  const others = TEXT_FIELDS.filter((f) => f !== 'linkName')
  for (const [fields, offset] of [
    [others, 0],
    [others, 70],
    [['linkName'], 0],
  ] as const) {
    await page.unrouteAll()
    await hostileNavigation(page, fields, corpus, offset)
    await openHeader(page, 'usb2c', '/')
    expect(await expectPanelsInert(page, fired)).toBeGreaterThan(0)
  }
})

test('hostile addresses in every URL field of every panel item are never followed nor loaded', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const fired = await watchForScripts(page)
  const hostile = [...corpus, ...redirects.offsite].filter((p) => !isSameOriginPath(p.trim()))
  const requested: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (!/(^|\.)localhost$|^127\.0\.0\.1$/.test(url.hostname)) requested.push(r.url())
  })
  // Every URL field but the link (so the cards stay and show what they drop), then the link alone.
  const others = URL_FIELDS.filter((f) => f !== 'linkUrl')
  for (const fields of [others, ['linkUrl']]) {
    await page.unrouteAll()
    await hostileNavigation(page, fields, hostile)
    await openHeader(page, 'usb2c', '/')
    await expectPanelsInert(page, fired)
  }
  expect(requested).toEqual([])
})
