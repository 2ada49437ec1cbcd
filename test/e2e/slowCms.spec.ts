import { expect, type Page, type Route, test } from '@playwright/test'
import { expectNoAxeViolations, SHELL, urlFor } from './support'

/**
 * The header when the CMS is slow or down: with `cms/siteConfig` and the navigation slot
 * hanging, the header is complete within start-up's deadline of the frame on a first visit (built-in
 * defaults) and within 1.5 s on a second visit (the last good copy this browser kept), and the live
 * answers replace what was shown when they come, without moving anything.
 */

/** host/data/loadHeaderData.ts: START_UP_DEADLINE_MS, counted from when start-up asks (just after the frame). */
const START_UP_DEADLINE_MS = 1000
/**
 * What start-up itself takes around the deadline (the start-up chunk, the plugin grace, one render):
 * 130-290 ms with this suite's two workers alone, 634 ms once while the whole suite loaded both cores.
 */
const START_UP_MARGIN_MS = 800
const STORED_KEY = 'one-header:last-good:usb2c:en'

const SITE_CONFIG = '**/rest/v2/*/cms/siteConfig*'
const NAVIGATION_SLOT = '**/rest/v2/*/cms/content-slots/NavigationBarSlot*'

type Body = Record<string, unknown>

/**
 * Holds every call to `pattern` (the page's preload, the header's own call, a retry) until
 * `release` is called, then answers each — and every later one — with the real answer, edited.
 */
async function hang(page: Page, pattern: string) {
  const held: Route[] = []
  let edit: ((body: Body) => Body) | undefined
  const answer = async (route: Route, change: (body: Body) => Body) => {
    try {
      const response = await route.fetch()
      await route.fulfill({ response, json: change((await response.json()) as Body) })
    } catch {
      // The page went away meanwhile.
    }
  }
  await page.route(pattern, async (route) => {
    if (edit) await answer(route, edit)
    else held.push(route)
  })
  return {
    held: () => held.length,
    release: async (change: (body: Body) => Body = (b) => b) => {
      edit = change
      await Promise.all(held.splice(0).map((route) => answer(route, change)))
    },
  }
}

/** The search box's placeholder, desktop and phone, as `withLabels` takes it. */
const placeholder = (text: string) => ({
  'header.search.placeholder': text,
  'header.search.placeholder.mobile': text,
})

/** A site configuration answer with some labels changed. */
const withLabels =
  (labels: Record<string, string>) =>
  (body: Body): Body => {
    const items = body.messageItems as { entry: { key: string; value: string }[] }
    const entry = items.entry.filter((e) => !(e.key in labels))
    for (const [key, value] of Object.entries(labels)) entry.push({ key, value })
    return { ...body, messageItems: { entry } }
  }

/**
 * Records, in the page, when the header is first complete — logo, navigation bar, an enabled search
 * box, the account control and the cart — and every layout shift. Times are `performance.now()`.
 */
async function watchHeader(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number; __completeAt?: number }
    w.__shifts = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) w.__shifts += e.value
    }).observe({ type: 'layout-shift', buffered: true })
    const complete = () => {
      const header = document.querySelector('#oneHeaderContainer header')
      return Boolean(
        header?.querySelector('a[href="/"]') &&
          header.querySelector('nav[aria-label]') &&
          header.querySelector('input:not([disabled])') &&
          header.querySelector('[data-testid="account-button"]') &&
          header.querySelector('a[href="/cart"]'),
      )
    }
    const look = () => {
      if (complete()) w.__completeAt = performance.now()
      else requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
  return {
    /** From the frame's first paint to the whole header, in ms. */
    completeAfterFrame: () =>
      page.evaluate(() => {
        const w = window as unknown as { __completeAt?: number }
        const frame = performance.getEntriesByName('one-header:first-render')[0]?.startTime
        return frame !== undefined && w.__completeAt !== undefined ? w.__completeAt - frame : undefined
      }),
    shifts: () => page.evaluate(() => (window as unknown as { __shifts: number }).__shifts),
  }
}

const cmsSources = (page: Page) =>
  page.evaluate(() => (window as unknown as { oneHeader: { cms: Record<string, string> } }).oneHeader.cms)

const banner = (page: Page) => page.locator(SHELL).getByRole('banner')
const searchBox = (page: Page) => banner(page).getByRole('combobox').or(banner(page).getByRole('searchbox'))

// 1100 px: a desktop width where the navigation does not fit; it used to take room from the search box
// when it came, moving it.
for (const width of [1440, 1100]) {
  test(`at ${width} px, first visit, CMS hanging: the whole header with the built-in defaults within the deadline, then the live answers in place`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const watch = await watchHeader(page)
    const messages: string[] = []
    page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`))
    const siteConfig = await hang(page, SITE_CONFIG)
    const navigation = await hang(page, NAVIGATION_SLOT)
    await page.goto(urlFor('usb2c', '/c/coffee'))

    await expect(page.locator(SHELL)).toBeAttached({ timeout: 5000 })
    await expect.poll(watch.completeAfterFrame).toBeDefined()
    const after = (await watch.completeAfterFrame())!
    expect(after).toBeLessThanOrEqual(START_UP_DEADLINE_MS + START_UP_MARGIN_MS)
    expect(siteConfig.held()).toBeGreaterThan(0)
    expect(navigation.held()).toBeGreaterThan(0)
    // The page server's own answer (the served state) rather than the defaults: its labels, an
    // enabled box, the log-in control. The navigation it drew is hydrated from that answer and live
    // before the browser has the live one: better than the defaults' empty bar.
    await expect(banner(page).getByRole('link', { name: /Brewco/ })).toBeVisible()
    await expect(searchBox(page).first()).toBeEnabled()
    await expect(searchBox(page).first()).toHaveAttribute('placeholder', 'Search coffee, brewers and more')
    await expect(banner(page).getByTestId('account-button')).toContainText('Log In')
    await expect(banner(page).getByRole('link', { name: /^Cart/ })).toBeVisible()
    const nav = banner(page).getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
    await expect(page.locator('[data-part="header.nav"][data-live]')).toHaveCount(1)
    expect(await cmsSources(page)).toMatchObject({ siteConfig: 'defaults', navigation: 'defaults' })
    await expect
      .poll(() => messages.join('\n'))
      .toMatch(/CMS_DEFAULTS_USED plugin=host correlationId=[0-9a-f-]+: siteConfig: no answer within 1000 ms/)
    await expectNoAxeViolations(page)
    const box = await searchBox(page).first().boundingBox()

    // The CMS answers: its labels and navigation replace the defaults, and nothing moves.
    await siteConfig.release(withLabels(placeholder('Search the roastery')))
    await navigation.release()
    await expect(page.locator('[data-part="header.nav"][data-live]')).toHaveCount(1)
    await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
    await expect(searchBox(page).first()).toHaveAttribute('placeholder', 'Search the roastery')
    expect(await searchBox(page).first().boundingBox()).toEqual(box)
    await expect.poll(() => cmsSources(page)).toMatchObject({ siteConfig: 'live', navigation: 'live' })
    await expect.poll(() => messages.join('\n')).toMatch(/CMS_LIVE_ANSWER_USED plugin=host/)
    await page.waitForTimeout(300)
    expect(await watch.shifts()).toBe(0)
    // What came is kept for the next visit.
    await expect
      .poll(() =>
        page.evaluate((key) => Object.keys(JSON.parse(localStorage.getItem(key) ?? '{}')), STORED_KEY),
      )
      .toEqual(expect.arrayContaining(['siteConfig', 'navigation']))
    expect(messages.filter((m) => m.startsWith('error'))).toEqual([])
  })
}

test('at 1440 px, first visit, navigation hanging past the client’s 5 s time-out: the served bar stays whole, and the answer to its retried call replaces it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const navigation = await hang(page, NAVIGATION_SLOT)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  const nav = banner(page).getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
  // The page's preload of the slot is given up after 5 s (header spec §8) and the call is asked once
  // more (held too); the bar keeps the items the page server drew meanwhile.
  await expect.poll(navigation.held, { timeout: 15_000 }).toBe(2)
  await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
  expect(await cmsSources(page)).toMatchObject({ navigation: 'defaults' })

  // The CMS answers the retried call, without its last item: the live navigation replaces the served one.
  await navigation.release((body) => {
    const uids = body.componentUids as { componentUidList: string[] }
    return {
      componentUids: { componentUidList: uids.componentUidList.filter((u) => u !== 'DealsBarComponent') },
    }
  })
  await expect.poll(() => cmsSources(page)).toMatchObject({ navigation: 'live' })
  await expect(banner(page).locator('nav a[href="/brewco-deals"]')).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
})

test('at 1440 px, first visit, navigation never answering: once its call and the retry have timed out, the served bar is still whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const messages: string[] = []
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`))
  await hang(page, NAVIGATION_SLOT)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  const nav = banner(page).getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
  // The failure is logged once the retry has timed out too (header spec §8).
  await expect
    .poll(() => messages.join('\n'), { timeout: 20_000 })
    .toMatch(/API timeout GET cms\/content-slots\/NavigationBarSlot/)
  await expect(nav.getByRole('link', { name: 'Beverages' })).toBeVisible()
  await expect(nav.locator('a[href="/brewco-deals"]')).toBeAttached()
  expect(await cmsSources(page)).toMatchObject({ navigation: 'defaults' })
})

for (const width of [1440, 390]) {
  test(`at ${width} px, second visit, CMS hanging: the stored labels and navigation within 1.5 s of the frame, replaced in place by the live answers`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const watch = await watchHeader(page)
    // A first visit that completes normally, with a label of its own, so the stored copy is recognisable.
    await page.route(SITE_CONFIG, async (route) => {
      const response = await route.fetch()
      const body = withLabels(placeholder('Find your perfect roast'))(await response.json())
      await route.fulfill({ response, json: body })
    })
    await page.goto(urlFor('usb2c', '/'))
    await expect(searchBox(page).first()).toHaveAttribute('placeholder', 'Find your perfect roast')
    await expect
      .poll(() =>
        page.evaluate((key) => Object.keys(JSON.parse(localStorage.getItem(key) ?? '{}')), STORED_KEY),
      )
      .toEqual(expect.arrayContaining(['siteConfig', 'navigation']))
    await page.unrouteAll({ behavior: 'wait' })

    // The second visit: configuration and navigation hang.
    const siteConfig = await hang(page, SITE_CONFIG)
    const navigation = await hang(page, NAVIGATION_SLOT)
    await page.goto(urlFor('usb2c', '/c/coffee'))
    await expect.poll(watch.completeAfterFrame).toBeDefined()
    expect(await watch.completeAfterFrame()).toBeLessThanOrEqual(1500)
    expect(siteConfig.held()).toBeGreaterThan(0)
    expect(navigation.held()).toBeGreaterThan(0)
    // The stored navigation is in place: its last item (Deals) is in the bar's markup, under "More"
    // at 1440 px and inside the phone menu's source below 992 px, where the bar itself takes no room.
    const deals = banner(page).locator('nav a[href="/brewco-deals"]')
    await expect(deals.first()).toBeAttached()
    if (width >= 992)
      await expect(
        banner(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Beverages' }),
      ).toBeVisible()
    await expect(searchBox(page).first()).toBeEnabled()
    await expect(searchBox(page).first()).toHaveAttribute('placeholder', 'Find your perfect roast')
    await expect(banner(page).getByTestId('account-button')).toBeVisible()
    expect(await cmsSources(page)).toMatchObject({ siteConfig: 'stored', navigation: 'stored' })
    await expectNoAxeViolations(page)
    const parts = () =>
      Promise.all(
        [
          searchBox(page).first(),
          banner(page).getByTestId('account-button'),
          banner(page).getByRole('link', { name: /^Cart/ }),
        ].map((l) => l.boundingBox()),
      )
    const before = await parts()

    // The CMS answers, changed since: a new placeholder, and the last navigation item gone.
    await siteConfig.release(
      withLabels({ ...placeholder('Search the roastery'), 'header.log.in': 'Sign In' }),
    )
    await navigation.release((body) => {
      const uids = body.componentUids as { componentUidList: string[] }
      return {
        componentUids: { componentUidList: uids.componentUidList.filter((u) => u !== 'DealsBarComponent') },
      }
    })
    await expect(searchBox(page).first()).toHaveAttribute('placeholder', 'Search the roastery')
    await expect(deals).toHaveCount(0)
    await expect(banner(page).getByTestId('account-button')).toContainText('Sign In')
    await expect(banner(page).locator('nav a[href="/c/beverages"]').first()).toBeAttached()
    await expect.poll(() => cmsSources(page)).toMatchObject({ siteConfig: 'live', navigation: 'live' })
    expect(await parts()).toEqual(before)
    await page.waitForTimeout(300)
    expect(await watch.shifts()).toBe(0)
  })
}

test('a stored copy of the wrong shape is dropped and logged, never used: the header starts with the defaults', async ({
  page,
}) => {
  const messages: string[] = []
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`))
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem(
      key,
      JSON.stringify({
        v: 2, // host/data/lastGood.ts LAST_GOOD_VERSION: the shape is checked only in a copy of this version
        siteConfig: {
          savedAt: Date.now(),
          data: { messageItems: { entry: [{ key: 'header.log.in', value: 7 }] } },
        },
        navigation: { savedAt: Date.now(), data: [{ uid: 'X', link: { linkName: 'Tampered', url: '/x' } }] },
      }),
    )
  }, STORED_KEY)
  await hang(page, SITE_CONFIG)
  await page.goto(urlFor('usb2c', '/c/coffee'))
  await expect(banner(page).getByTestId('account-button')).toContainText('Log In', { timeout: 5000 })
  await expect
    .poll(() => messages.join('\n'))
    .toMatch(
      /CMS_STORED_COPY_DROPPED plugin=host correlationId=[0-9a-f-]+: the stored CMS copy's siteConfig is of the wrong shape/,
    )
  expect(await cmsSources(page)).toMatchObject({ siteConfig: 'defaults' })
  // The navigation part was well-formed and young: it is used (its call was answered in time anyway).
  expect(messages.filter((m) => m.startsWith('error'))).toEqual([])
})

test('CMS hanging at 1440 px: a sign-in in the page grows the control past the width kept for "Connexion", the name whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // A first visit keeps the French labels; on the second the configuration hangs, so the account
  // control keeps the served control's width while the labels may still change.
  await page.goto(urlFor('cab2c', '/fr/accueil'))
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(JSON.parse(localStorage.getItem('one-header:last-good:cab2c:fr') ?? '{}')),
      ),
    )
    .toContain('siteConfig')
  await hang(page, SITE_CONFIG)
  await page.goto(urlFor('cab2c', '/fr/accueil'))
  const button = page.locator(SHELL).getByTestId('account-button')
  await expect(page.locator('[data-part="header.account"][data-live]')).toBeAttached({ timeout: 10_000 })
  await expect(page.locator('#oneHeaderContainer [data-labels-held]')).toHaveCount(1)
  const kept = (await button.boundingBox())?.width ?? 0
  await button.click()
  const panel = page.locator('#logIn-panel')
  await panel.getByLabel('Courriel').fill('shopper@brewco.example')
  await panel.getByLabel('Mot de passe', { exact: true }).fill('Coffee1234')
  await panel.getByRole('button', { name: 'Connexion', exact: true }).click()
  await expect(button).toHaveAccessibleName(/Bienvenue, Émilie/)
  // The signed-in button grows past the width kept for "Connexion" to its widest (220 px): the
  // name is drawn whole inside it. "Bienvenue, Émilie" is wider than that, so the greeting word gives
  // way, by design (docs/decisions/account-and-session.md, "The greeting gives up its word before the name").
  await expect
    .poll(async () => {
      const [b, n] = await Promise.all([button.boundingBox(), button.getByText('Émilie').boundingBox()])
      return !!b && !!n && b.width > kept && n.x >= b.x && n.x + n.width <= b.x + b.width
    })
    .toBe(true)
})
