import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import type { ConsentHistory } from '../../contracts/consent'
import { CONSENT_COOKIE, parseConsentCookie } from '../../contracts/consentCookie'
import { CONSENT_POLICY_VERSION } from '../../server/fixtures/siteConfig'
import type { Brand } from '../../site/brand'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import {
  cookieNamed,
  countShifts,
  expectNoAxeViolations,
  openHeader,
  PORT,
  switchSiteConfig,
  urlFor,
} from './support'
import { telemetryAuth } from './telemetryAuth'

/**
 * Consent (nav spec §4 and §9): the cookie banner once and again for a new policy, one
 * record per choice, denial stopping every tracker at once, allowing again without a reload, GPC,
 * axe with the banner open, and the served banner taken over in place. Every test starts as a first
 * visit (the other specs start as a visitor who accepted all: test/e2e/consentCookies.ts).
 */
test.use({ storageState: NO_CONSENT_STORAGE_STATE })

const banner = (page: Page) => page.locator('[data-consent-banner]')
const COPY = {
  en: {
    title: 'Cookies & Privacy Information',
    accept: 'Accept all',
    reject: 'Reject all',
    choose: 'Choose cookies',
    save: 'Save choices',
    close: 'Close Cookie Banner',
    preferences: 'Cookie preferences',
  },
  fr: {
    title: 'Témoins et renseignements personnels',
    accept: 'Tout accepter',
    reject: 'Tout refuser',
    choose: 'Choisir les témoins',
    save: 'Enregistrer mes choix',
    close: 'Fermer la bannière des témoins',
    preferences: 'Préférences de témoins',
  },
}

/** Waits until the live banner has taken over (its buttons work). */
async function liveBanner(page: Page, lang: 'en' | 'fr' = 'en') {
  const region = page.getByRole('region', { name: COPY[lang].title })
  await expect(region.getByRole('button', { name: COPY[lang].accept })).toBeEnabled()
  // The live banner's, not the served one's (whose presses are kept until the live one takes over).
  await expect(region.locator('[data-replay-pending]')).toHaveCount(0)
  return region
}

async function storedConsent(context: BrowserContext) {
  return parseConsentCookie((await cookieNamed(context, CONSENT_COOKIE))?.value)
}

async function recordsOf(page: Page, brand: Brand, consentId: string): Promise<ConsentHistory['records']> {
  const answer = await page.request.get(`http://127.0.0.1:${PORT}/rest/v2/${brand}/consents/${consentId}`)
  return answer.ok() ? ((await answer.json()) as ConsentHistory).records : []
}

test('the banner is in the served page on a first visit, asks once, and each choice is one record', async ({
  page,
  context,
}) => {
  const served = await page.request.get(urlFor('usb2c', '/c/coffee'))
  expect(await served.text()).toContain('Cookies &amp; Privacy Information')
  await openHeader(page, 'usb2c', '/c/coffee')
  const region = await liveBanner(page)
  await expect(region.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
  await expect(region.getByRole('link', { name: 'CA Notice at Collection' })).toBeVisible()
  await region.getByRole('button', { name: 'Accept all' }).click()
  await expect(banner(page)).toHaveCount(0)
  const stored = await storedConsent(context)
  expect(stored).toMatchObject({
    choices: { functional: true, analytical: true, targeting: true },
    policyVersion: CONSENT_POLICY_VERSION,
  })
  expect((await cookieNamed(context, 'cookieBannerAccepted'))?.value).toBe('true')
  await expect.poll(async () => (await recordsOf(page, 'usb2c', stored!.consentId)).length).toBe(1)

  // Asked once: not on the next page, neither served nor live.
  await openHeader(page, 'usb2c', '/c/brewers')
  await page.waitForTimeout(500)
  await expect(banner(page)).toHaveCount(0)

  // Reopened from the page's footer: the choices open at once, focus on the banner's title.
  const footerLink = page.getByRole('link', { name: 'Cookie preferences' })
  await footerLink.click()
  const again = await liveBanner(page)
  await expect(page.locator('#one-header-consent-title')).toBeFocused()
  await again.getByRole('checkbox', { name: 'Targeting' }).uncheck()
  await again.getByRole('button', { name: 'Save choices' }).click()
  await expect(banner(page)).toHaveCount(0)
  // Focus goes back to what reopened it.
  await expect(footerLink).toBeFocused()
  await expect
    .poll(async () => (await recordsOf(page, 'usb2c', stored!.consentId)).map((r) => r.action))
    .toEqual(['accept', 'save'])
  const records = await recordsOf(page, 'usb2c', stored!.consentId)
  expect(records[1]).toMatchObject({
    brand: 'usb2c',
    lang: 'en',
    policyVersion: CONSENT_POLICY_VERSION,
    choices: { functional: true, analytical: true, targeting: false },
    gpc: false,
  })
  expect((await storedConsent(context))?.choices.targeting).toBe(false)
})

test('a new policy version asks again; a choice survives a failed call and is stored once', async ({
  page,
  context,
}) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await (await liveBanner(page)).getByRole('button', { name: 'Reject all' }).click()
  const first = await storedConsent(context)
  await expect.poll(async () => (await recordsOf(page, 'usb2c', first!.consentId)).length).toBe(1)

  await switchSiteConfig(context, { 'consent.policy.version': '2027-01' })
  // The first two sends of the next choice fail (the store's API down): the outbox retries.
  let failures = 0
  await page.route('**/rest/v2/usb2c/consents', (route) =>
    failures++ < 2
      ? route.continue({ headers: { ...route.request().headers(), 'x-test-fault': '503' } })
      : route.continue(),
  )
  await openHeader(page, 'usb2c', '/c/brewers')
  await (await liveBanner(page)).getByRole('button', { name: 'Accept all' }).click()
  await expect
    .poll(async () => (await recordsOf(page, 'usb2c', first!.consentId)).length, { timeout: 15_000 })
    .toBe(2)
  expect(failures).toBeGreaterThanOrEqual(3)
  const records = await recordsOf(page, 'usb2c', first!.consentId)
  expect(records.map((r) => [r.action, r.policyVersion])).toEqual([
    ['reject', CONSENT_POLICY_VERSION],
    ['accept', '2027-01'],
  ])
  expect((await storedConsent(context))?.policyVersion).toBe('2027-01')
})

/** Records what reaches the tag manager and the monitoring agent, in session storage. */
async function fakeTrackers(page: Page) {
  await page.addInitScript(() => {
    const keep = (key: string, value: unknown) =>
      sessionStorage.setItem(key, JSON.stringify([...JSON.parse(sessionStorage.getItem(key) ?? '[]'), value]))
    const w = window as unknown as Record<string, unknown>
    w.utag = { link: (d: unknown) => keep('__tags', d) }
    w.newrelic = {
      noticeError: (e: Error) => keep('__agent', `error:${e.message}`),
      setUserId: () => undefined,
      addPageAction: (name: string) => keep('__agent', `action:${name}`),
    }
  })
  const read = (key: string) => () =>
    page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? '[]') as unknown[], key)
  return { tags: read('__tags'), agent: read('__agent') }
}

/** Raises an internal_navigation tag without leaving the page (as navAnalytics.spec.ts does). */
async function raiseTag(page: Page) {
  const nav = page.getByRole('navigation', { name: /^main$/i })
  await expect(nav.getByRole('button', { name: 'Beverages menu' })).toBeEnabled()
  const link = nav.getByRole('link', { name: 'Brewers', exact: true })
  // After "Cookie preferences" in the footer the page is scrolled down and the sticky header slides
  // away (a transition): back at the top it shows again, so the click never races the slide.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(link).toBeInViewport()
  await link.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault(), { once: true }))
  // A click event, not a pointer's click: this test is about what consent lets through, and a
  // pointer's click made Playwright scroll the page to reach the link, which the header's
  // hide-on-scroll rule then slid away, for a whole minute (CI, once).
  await link.dispatchEvent('click')
}

test('reject all stops the tag manager, the monitoring agent and non-essential cookies at once; accept starts them again without a reload', async ({
  page,
  context,
}) => {
  const trackers = await fakeTrackers(page)
  // Cookies of the analytical group the page and its tag manager set, placeOrder on its own path.
  await context.addCookies([
    { name: 'utag_main', value: 'v_id:abc$_s:1', url: `http://localhost:${PORT}/` },
    { name: 'placeOrder', value: 'true', domain: 'localhost', path: '/ADC' },
  ])
  await openHeader(page, 'usb2c', '/c/coffee')
  expect((await context.cookies(`http://localhost:${PORT}/ADC`)).map((c) => c.name)).toContain('placeOrder')
  const region = await liveBanner(page)
  // US stores are opt-out: before a choice the header's targeting cookies are written and tags go out.
  await expect.poll(async () => (await cookieNamed(context, 'visitorSegments'))?.value).toBeTruthy()
  const profile = () => page.evaluate(() => localStorage.getItem('oneHeader.visitorProfile'))
  await expect.poll(profile).not.toBeNull()
  await raiseTag(page)
  await expect.poll(trackers.tags).toHaveLength(1)
  await page.evaluate(() => console.error('while allowed'))
  await expect.poll(trackers.agent).toContainEqual('error:while allowed')

  await region.getByRole('button', { name: 'Reject all' }).click()
  // At once, without a reload: the configured cookies are expired (placeOrder on /ADC too)…
  const names = (await context.cookies([`http://localhost:${PORT}/`, `http://localhost:${PORT}/ADC`])).map(
    (c) => c.name,
  )
  expect(names).not.toContain('utag_main')
  expect(names).not.toContain('placeOrder')
  expect(names).toContain('oneHeaderConsent')
  expect(names).not.toContain('visitorSegments')
  expect(names).not.toContain('visitorSession')
  // …the visitor profile those cookies copy is forgotten with them…
  await expect.poll(profile).toBeNull()
  // …and nothing more reaches the tag manager or the agent.
  await raiseTag(page)
  await page.evaluate(() => console.error('while denied'))
  await page.waitForTimeout(500)
  expect(await trackers.tags()).toHaveLength(1)
  expect(await trackers.agent()).not.toContainEqual('error:while denied')
  expect(
    await page.evaluate(() =>
      (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((a) => [...a].slice(0, 2).join(' ')),
    ),
  ).toEqual(['consent default', 'consent update'])

  // Allowed again from the footer, still without a reload: only what is raised from now on goes out.
  await page.getByRole('link', { name: 'Cookie preferences' }).click()
  await (await liveBanner(page)).getByRole('button', { name: 'Accept all' }).click()
  await raiseTag(page)
  await page.evaluate(() => console.error('allowed again'))
  await expect.poll(trackers.tags).toHaveLength(2)
  await expect.poll(trackers.agent).toContainEqual('error:allowed again')
  expect(await trackers.agent()).not.toContainEqual('error:while denied')
})

interface Session {
  spans: { name: string; serviceName: string | null }[]
}

test('telemetry: nothing is exported while analytical is denied, and what ran then is never sent after an allow', async ({
  page,
}) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await (await liveBanner(page)).getByRole('button', { name: 'Reject all' }).click()
  const correlationId = await page.evaluate(
    () => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId,
  )
  const traces: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/v1/traces')) traces.push(r.url())
  })
  await page.waitForFunction(
    () => (window as unknown as { oneHeader: { telemetry: string } }).oneHeader.telemetry === 'installed',
    null,
    { timeout: 20_000 },
  )
  // Past the batch's 2 s: nothing was sent, the page load's spans included.
  await page.waitForTimeout(2500)
  expect(traces).toEqual([])

  // Allowed again: a search made now is exported, the page load (which ran while denied) never.
  await page.getByRole('link', { name: 'Cookie preferences' }).click()
  await (await liveBanner(page)).getByRole('button', { name: 'Accept all' }).click()
  await page
    .getByRole('combobox', { name: /search/i })
    .or(page.getByRole('searchbox'))
    .first()
    .fill('brewer')
  await expect.poll(() => traces.length, { timeout: 10_000 }).toBeGreaterThan(0)
  let session: Session | undefined
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(
          `http://localhost:${PORT}/api/telemetry/sessions/${correlationId}`,
          {
            headers: telemetryAuth,
          },
        )
        session = answer.ok() ? ((await answer.json()) as Session) : undefined
        return session?.spans.some((s) => s.serviceName === 'one-header') ?? false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  const browserSpans = session!.spans.filter((s) => s.serviceName === 'one-header').map((s) => s.name)
  expect(browserSpans.some((name) => name.includes('search'))).toBe(true)
  expect(browserSpans).not.toContain('header.start')
})

test('Global Privacy Control denies targeting: no targeting cookies, Consent Mode says so, and the record keeps GPC', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
      get: () => true,
      configurable: true,
    })
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  const region = await liveBanner(page)
  await region.getByRole('button', { name: 'Choose cookies' }).click()
  const targeting = region.getByRole('checkbox', { name: 'Targeting' })
  await expect(targeting).toBeDisabled()
  await expect(targeting).not.toBeChecked()
  await expect(region.getByText('Off: your browser sends Global Privacy Control.')).toBeVisible()
  await region.getByRole('button', { name: 'Accept all' }).click()
  expect(await cookieNamed(context, 'visitorSegments')).toBeUndefined()
  const modes = await page.evaluate(() =>
    (window as unknown as { dataLayer: IArguments[] }).dataLayer.map(
      (a) => (a[2] as { ad_storage: string }).ad_storage,
    ),
  )
  expect(modes).toEqual(['denied', 'denied'])
  const stored = await storedConsent(context)
  await expect.poll(async () => (await recordsOf(page, 'usb2c', stored!.consentId))[0]?.gpc).toBe(true)
})

test('the app webview shows no banner', async ({ page }) => {
  await openHeader(page, 'usb2c', '/c/coffee?webview=1')
  await page.waitForTimeout(500)
  await expect(banner(page)).toHaveCount(0)
})

test('the keyboard alone: Tab through the banner, Enter opens the choices, Space ticks one, Escape closes it as it stands', async ({
  page,
  context,
}) => {
  await openHeader(page, 'cab2c', '/c/coffee')
  const region = await liveBanner(page)
  await page.locator('#one-header-consent-title').focus()
  // The policy links (Canada's own: its privacy and cookie policies), then reject, accept and the
  // choices, in reading order.
  for (const name of ['Privacy Policy', 'Cookie Policy', 'Reject all', 'Accept all', 'Choose cookies']) {
    await page.keyboard.press('Tab')
    await expect(
      region.getByRole(name.includes(' all') || name.startsWith('Choose') ? 'button' : 'link', { name }),
    ).toBeFocused()
  }
  await page.keyboard.press('Enter')
  const analytical = region.getByRole('checkbox', { name: 'Analytical' })
  // cab2c is opt-in: nothing optional is on before a choice.
  await expect(analytical).not.toBeChecked()
  // Back from "Save choices" past accept, reject and targeting to analytical.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+Tab')
  await expect(analytical).toBeFocused()
  await page.keyboard.press('Space')
  await expect(analytical).toBeChecked()
  await page.keyboard.press('Escape')
  await expect(banner(page)).toHaveCount(0)
  // Escape closes as it stood: the unsaved tick is not kept.
  expect((await storedConsent(context))?.choices).toEqual({
    functional: true,
    analytical: false,
    targeting: false,
  })
})

for (const [brand, path, lang] of [
  ['usb2c', '/c/coffee', 'en'],
  ['cab2c', '/fr/c/coffee', 'fr'],
] as const) {
  for (const width of [390, 1440]) {
    test(`axe (full rule set) with the banner and its choices open, ${lang} at ${width} px; no sideways scroll`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await openHeader(page, brand, path)
      const region = await liveBanner(page, lang)
      await expectNoAxeViolations(page)
      await region.getByRole('button', { name: COPY[lang].choose }).click()
      await expect(region.getByRole('button', { name: COPY[lang].save })).toBeVisible()
      await expectNoAxeViolations(page)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await expect(region.getByRole('button', { name: COPY[lang].close })).toBeVisible()
    })
  }
}

test('the live banner takes over the served one in place: same box, no layout shift', async ({
  browser,
  page,
}) => {
  const served = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1440, height: 900 },
    storageState: NO_CONSENT_STORAGE_STATE,
  })
  const still = await served.newPage()
  await still.goto(urlFor('usb2c', '/c/coffee'))
  const servedBox = await still.locator('[data-consent-banner]').boundingBox()
  await served.close()

  await page.setViewportSize({ width: 1440, height: 900 })
  const shifts = await countShifts(page)
  await openHeader(page, 'usb2c', '/c/coffee')
  await liveBanner(page)
  expect(await banner(page).boundingBox()).toEqual(servedBox)
  expect(await shifts()).toBe(0)
})

test('a Canadian page links Canada’s notices, never California’s, served and live', async ({
  browser,
  page,
}) => {
  const served = await browser.newContext({
    javaScriptEnabled: false,
    storageState: NO_CONSENT_STORAGE_STATE,
  })
  const still = await served.newPage()
  await still.goto(urlFor('cab2c', '/fr/c/coffee'))
  await expect(banner(still).getByRole('link')).toHaveText([
    'Politique de confidentialité',
    'Politique relative aux témoins',
  ])
  await served.close()

  await openHeader(page, 'cab2c', '/fr/c/coffee')
  const region = await liveBanner(page, 'fr')
  await expect(region.getByRole('link')).toHaveText([
    'Politique de confidentialité',
    'Politique relative aux témoins',
  ])
  await expect(region).not.toContainText('Californie')
})

test('the choices’ checkboxes wear each store’s accent colour, not the browser’s blue', async ({ page }) => {
  for (const [brand, accent] of [
    ['usb2c', 'rgb(91, 58, 30)'],
    ['cab2c', 'rgb(122, 31, 31)'],
    ['usafh', 'rgb(20, 61, 89)'],
  ] as const) {
    await openHeader(page, brand, '/c/coffee')
    const region = await liveBanner(page)
    await region.getByRole('button', { name: COPY.en.choose }).click()
    const boxes = region.getByRole('checkbox')
    await expect(boxes).toHaveCount(3)
    for (const box of await boxes.all()) await expect(box).toHaveCSS('accent-color', accent)
  }
})

for (const [brand, path, lang] of [
  ['cab2c', '/fr/accueil', 'fr'],
  ['usb2c', '/', 'en'],
] as const) {
  test(`at 390 px the open choices stay inside the banner, under the header (${brand} ${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openHeader(page, brand, path)
    const region = await liveBanner(page, lang)
    await region.getByRole('button', { name: COPY[lang].choose }).click()
    await expect(region.getByRole('button', { name: COPY[lang].save })).toBeAttached()
    const header = await page.locator('#oneHeaderContainer header').first().boundingBox()
    const box = await banner(page).boundingBox()
    if (!header || !box) throw new Error('no header or banner')
    // Nothing of the banner (its title included) prints over the menu button, search or sign-in.
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5)
    expect(box.y + box.height).toBeLessThanOrEqual(844.5)
    // The header's controls are the top element where they are drawn.
    for (const control of [page.getByRole('combobox').first(), page.getByTestId('account-button')]) {
      const c = await control.boundingBox()
      if (!c) throw new Error('control not drawn')
      const onTop = await page.evaluate(
        ({ x, y }) => !document.elementFromPoint(x, y)?.closest('[data-consent-banner]'),
        { x: c.x + c.width / 2, y: c.y + c.height / 2 },
      )
      expect(onTop).toBe(true)
    }
    // Every choice and the save button can be reached inside the banner.
    const save = region.getByRole('button', { name: COPY[lang].save })
    await save.scrollIntoViewIfNeeded()
    await expect(save).toBeInViewport()
  })
}

/**
 * How the banner shows: 'hidden' (stepped aside), 'whole' (every point of it is the top element
 * where it is drawn) or 'partly' (something else lies over some of it).
 */
const bannerShows = (page: Page) =>
  banner(page).evaluate((el) => {
    if (getComputedStyle(el).visibility === 'hidden') return 'hidden'
    const r = el.getBoundingClientRect()
    const bottom = Math.min(r.bottom, window.innerHeight)
    for (let x = r.left + 4; x < r.right; x += 24)
      for (let y = r.top + 4; y < bottom; y += 12)
        if (!document.elementFromPoint(x, y)?.closest('[data-consent-banner]')) return 'partly'
    return 'whole'
  })

for (const { width, open, brand, path } of [
  {
    width: 1440,
    brand: 'usb2c' as const,
    path: '/',
    open: (page: Page) =>
      page
        .getByRole('navigation', { name: /^main$/i })
        .getByRole('button', { name: 'Beverages menu' })
        .click(),
  },
  {
    width: 1440,
    brand: 'cab2c' as const,
    path: '/fr/accueil',
    open: (page: Page) =>
      page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('button', { name: 'Menu Développement durable' })
        .click(),
  },
  {
    width: 390,
    brand: 'usb2c' as const,
    path: '/',
    open: (page: Page) => page.getByTestId('account-button').click(),
  },
]) {
  test(`at ${width} px a header panel open over the banner (${brand}) never leaves it half covered: it steps aside whole and comes back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 992 ? 844 : 900 })
    await openHeader(page, brand, path)
    await liveBanner(page, brand === 'cab2c' ? 'fr' : 'en')
    expect(await bannerShows(page)).toBe('whole')
    await open(page)
    const control = page.locator('#oneHeaderContainer [aria-expanded="true"]').first()
    await expect(control).toBeAttached()
    // The panel it opened is drawn (the login flyout takes focus: Escape then closes it).
    const panel = page.locator(`[id="${await control.getAttribute('aria-controls')}"]`)
    await expect(panel).toBeVisible()
    if (width < 992) await expect(panel.locator(':focus')).toHaveCount(1)
    await expect.poll(() => bannerShows(page)).not.toBe('partly')
    expect(await bannerShows(page)).toBe('hidden')
    await page.keyboard.press('Escape')
    await expect(page.locator('#oneHeaderContainer [aria-expanded="true"]')).toHaveCount(0)
    await expect.poll(() => bannerShows(page)).toBe('whole')
  })
}
