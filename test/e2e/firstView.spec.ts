import { expect, type Page, test } from '@playwright/test'
import { countShifts, expectNoAxeViolations, SHELL, urlFor } from './support'

/**
 * The whole header's first view: rendered by the page server into the header's container
 * with the header's own renderer (contracts/firstView.ts), so it comes with the page's HTML, and
 * replaced by the kernel's shell in place once the start-up chunk (kernel, shell, plugins) has run.
 * Here the start-up chunk is held back, so the first view is all there is for a while.
 */
const START_UP_CHUNK = /\/assets\/startHeader-[\w-]+\.js$/
const FIRST_VIEW = '#oneHeaderContainer [data-first-view]'

async function holdStartUp(page: Page, ms: number) {
  let released = false
  await page.route(START_UP_CHUNK, async (route) => {
    await new Promise((r) => setTimeout(r, ms))
    released = true
    await route.continue()
  })
  return () => released
}

for (const width of [1440, 390]) {
  test(`at ${width} px, the whole header is in place before the start-up code runs, passes axe, and the shell takes over without a shift`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const shifts = await countShifts(page)
    const released = await holdStartUp(page, 2500)
    await page.goto(urlFor('usb2c', '/c/coffee'))
    const first = page.locator(FIRST_VIEW)
    await expect(first).toBeVisible()
    const banner = first.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Brewco' })).toBeVisible()
    // From 992 px the bar's items; below it the categories live in the phone menu.
    if (width >= 992)
      await expect(banner.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible()
    else await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(banner.getByRole('searchbox', { name: 'Search' })).toBeEnabled()
    await expect(banner.getByTestId('account-button')).toHaveAttribute('href', '/login')
    await expect(banner.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart')
    expect(released()).toBe(false)
    const boxes = await Promise.all(
      [
        banner.getByRole('search'),
        banner.getByTestId('account-button'),
        banner.getByRole('link', { name: 'Cart' }),
      ].map((l) => l.boundingBox()),
    )
    await expectNoAxeViolations(page, '#oneHeaderContainer', { enable: ['label-content-name-mismatch'] })
    // The kernel's shell replaces it: the same parts in the same places.
    await expect(page.locator(SHELL)).toBeAttached({ timeout: 15_000 })
    await expect(page.locator(FIRST_VIEW)).toHaveCount(0)
    const shell = page.locator(SHELL).getByRole('banner')
    // Each part as the plugin that owns it draws it (the search plugin may join a moment later).
    for (const [part, box] of [
      [shell.getByRole('search'), boxes[0]],
      [shell.getByTestId('account-button'), boxes[1]],
      [shell.getByRole('link', { name: /^Cart/ }), boxes[2]],
    ] as const) {
      await expect(part).toBeVisible()
      await expect.poll(() => part.boundingBox()).toEqual(box)
    }
    await page.waitForTimeout(300)
    expect(await shifts()).toBe(0)
  })
}

test('what the shopper types in the first view’s box, with its focus, carries over to the shell’s search box', async ({
  page,
}) => {
  await holdStartUp(page, 2000)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  const box = page.locator(FIRST_VIEW).getByRole('searchbox', { name: 'Search' })
  await box.click()
  await page.keyboard.type('decaf')
  await expect(page.locator(SHELL)).toBeAttached({ timeout: 15_000 })
  const taken = page
    .locator(SHELL)
    .getByRole('combobox', { name: 'Search' })
    .or(page.locator(SHELL).getByRole('searchbox'))
  await expect(taken.first()).toHaveValue('decaf')
  await expect(taken.first()).toBeFocused()
  await page.keyboard.type(' pods')
  await expect(taken.first()).toHaveValue('decaf pods')
})

test('the first view’s links work before any plugin code has run: Enter searches, the log-in control goes to log in', async ({
  page,
}) => {
  await holdStartUp(page, 10_000)
  await page.goto(urlFor('cab2c', '/fr/cart'))
  const first = page.locator(FIRST_VIEW)
  await first.getByRole('searchbox').fill('décaféiné')
  await first.getByRole('searchbox').press('Enter')
  await expect(page).toHaveURL(/\/fr\/recherche\?text=d%C3%A9caf%C3%A9in%C3%A9$/)
  await page.goto(urlFor('cab2c', '/fr/cart'))
  await expect(page.locator(FIRST_VIEW).getByTestId('account-button')).toHaveAttribute('href', '/fr/login')
})

test('without any script (blocked, or not yet run) the page’s header is whole and works: navigation, search, log in', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(urlFor('usb2c', '/c/coffee'))
    const banner = page.locator(FIRST_VIEW).getByRole('banner')
    await expect(banner).toBeVisible()
    await expect(banner.getByRole('link', { name: 'Brewco' })).toHaveAttribute('href', '/')
    await expect(banner.getByTestId('account-button')).toHaveAttribute('href', '/login')
    await expect(banner.getByRole('link', { name: 'Cart' })).toBeVisible()
    const brewers = banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Brewers' })
    await expect(brewers).toHaveAttribute('href', '/c/brewers')
    await banner.getByRole('searchbox', { name: 'Search' }).fill('cold brew')
    await banner.getByRole('searchbox', { name: 'Search' }).press('Enter')
    await expect(page).toHaveURL(/\/search\?text=cold\+brew$/)
    // The search page's box holds the page's text.
    await expect(page.locator(FIRST_VIEW).getByRole('searchbox')).toHaveValue('cold brew')
  } finally {
    await context.close()
  }
})

test('a host page without the server’s first view (another store’s page server): the entry paints it from the preloaded answers', async ({
  page,
}) => {
  // The page as a page server without the header's renderer serves it: an empty container.
  await page.route(/\/c\/coffee$/, async (route) => {
    const response = await route.fetch()
    const html = (await response.text()).replace(
      /(<div id="oneHeaderContainer"[^>]*>)[\s\S]*?(<\/div>\n<main )/,
      '$1$2',
    )
    await route.fulfill({ response, body: html })
  })
  const firstViewChunk = page.waitForRequest(/\/assets\/paintFirstView-[\w-]+\.js$/)
  await holdStartUp(page, 2500)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  await firstViewChunk
  const banner = page.locator(FIRST_VIEW).getByRole('banner')
  await expect(banner.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toBeVisible()
  await expect(banner.getByRole('searchbox', { name: 'Search' })).toBeEnabled()
  await expect(banner.getByTestId('account-button')).toHaveAttribute('href', '/login')
  await expect(page.locator(SHELL)).toBeAttached({ timeout: 15_000 })
})

test('every class the page server’s first view uses is styled by the header’s stylesheet (the two builds name them alike)', async ({
  page,
}) => {
  for (const path of ['/c/coffee', '/fr/accueil']) {
    // The page as its server sent it (the browser resolves the brands' *.localhost hosts).
    const html = (await (await page.goto(urlFor('cab2c', path)))?.text()) ?? ''
    const view = /<div id="oneHeaderContainer"[^>]*>([\s\S]*?)<\/div>\n<main /.exec(html)?.[1] ?? ''
    const classes = new Set([...view.matchAll(/class="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)))
    expect(classes.size).toBeGreaterThan(10)
    // The first paint's styles are in the page's head, and the sheets they come from named by links.
    const css = /<style data-one-header-css>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(sheets.length).toBeGreaterThan(0)
    const linked = await page.evaluate(
      async (hrefs) => (await Promise.all(hrefs.map(async (href) => (await fetch(href)).text()))).join('\n'),
      sheets,
    )
    expect(css).toBe(linked)
    expect([...classes].filter((name) => !css.includes(`.${name}`))).toEqual([])
  }
})

test.describe('what the served header waits for', () => {
  // A first visit: nothing cached, and the cookie banner due (it is part of the first paint).
  test.use({ storageState: { cookies: [], origins: [] } })

  test('the entry starts after the frame that paints the served page', async ({ page }) => {
    // The first frame after the page is parsed is the one that paints it (its styles are in it).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        requestAnimationFrame(() => performance.mark('test:parsed-page-frame')),
      )
    })
    await page.goto(urlFor('usb2c', '/c/coffee'))
    const marks = await page.waitForFunction(() => {
      const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime
      const frame = at('test:parsed-page-frame')
      const entry = at('one-header:script-start')
      return frame !== undefined && entry !== undefined && { frame, entry }
    })
    const { frame, entry } = (await marks.jsonValue()) as { frame: number; entry: number }
    expect(entry).toBeGreaterThan(frame)
    // Nor are the start-up calls and chunk asked for before it: the head announces only the entry.
    const asked = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => /\/rest\/|startHeader-/.test(r.name))
        .map((r) => r.startTime),
    )
    expect(asked.length).toBeGreaterThan(0)
    for (const at of asked) expect(at).toBeGreaterThan(frame)
  })

  for (const [brand, path] of [
    ['usb2c', '/c/coffee'],
    ['cab2c', '/fr/accueil'],
    ['usafh', '/'],
  ] as const) {
    test(`${brand} ${path}: the first paint waits for no request at all: the header's styles are in the page (no script, no font, no sheet)`, async ({
      page,
    }) => {
      await page.goto(urlFor(brand, path))
      await expect(page.locator(`#oneHeaderContainer [data-consent-banner]`)).toBeVisible()
      // Chromium says of every resource whether it held the first paint back (parser-blocking
      // scripts in the head and render-blocking stylesheets are "blocking").
      const blocking = await page.evaluate(() =>
        (
          performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
            renderBlockingStatus: string
          })[]
        )
          .filter((entry) => entry.renderBlockingStatus === 'blocking')
          .map((entry) => ({ path: new URL(entry.name).pathname, by: entry.initiatorType })),
      )
      expect(blocking).toEqual([])
      // The page's styles ask for nothing more before they apply: no @import, no web font (the
      // header's text is in the system's font, drawn at once), and no stylesheet is linked.
      const css = await page.evaluate(
        () => document.querySelector('style[data-one-header-css]')?.textContent ?? '',
      )
      expect(css.length).toBeGreaterThan(1000)
      expect(css).not.toContain('@import')
      expect(css).not.toContain('@font-face')
      // Nor are they fetched later: the parts that go live find the sheets named, and the search
      // box's combobox (its part and the kernel both in) has not asked for them either.
      await expect(page.locator('#oneHeaderContainer [role="combobox"]')).toBeVisible()
      const fetchedAgain = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\/assets\/firstPaint-[\w-]+\.css$/.test(name)),
      )
      expect(fetchedAgain).toEqual([])
    })
  }
})
