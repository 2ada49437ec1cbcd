import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import {
  BRAND_HOSTS,
  cookieNamed,
  countShifts,
  expectNoAxeViolations,
  headerStarted,
  logIn,
  openHeader,
  SHOPPER,
} from './support'

const stored = async (context: BrowserContext) => (await cookieNamed(context, 'visitorSegments'))?.value
const promo = (page: Page) => page.locator('header [class*="promo"]')
const announcement = (page: Page) => page.getByRole('region', { name: /^(announcement|annonce)$/i })
const started = headerStarted

test('targeted content (header spec §6): a brewer page makes a BrewerIntender, whose next page has the brewer promo in its row, without a shift', async ({
  page,
  context,
}) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await started(page)
  await expect(promo(page)).toContainText('Meet the Brewco® K-Classic™ brewer')
  await expect.poll(() => stored(context)).toBe('UnknownUser')
  const visit = await cookieNamed(context, 'visitorSession')
  expect(visit?.expires).toBe(-1) // the browser session
  const lifetime = (await cookieNamed(context, 'visitorSegments'))?.expires ?? 0
  expect(Math.round((lifetime * 1000 - Date.now()) / 86_400_000)).toBe(365)

  // What a page teaches counts from the next page: this one keeps what the server reserved.
  await openHeader(page, 'usb2c', '/c/brewers')
  await started(page)
  await expect.poll(() => stored(context)).toBe('UnknownUser~BrewerIntender')
  await expect(promo(page)).toContainText('Meet the Brewco® K-Classic™ brewer')

  const shifts = await countShifts(page)
  const segmentHeaders: (string | undefined)[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.includes('/cms/')) segmentHeaders.push(r.headers().segmentcodes)
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(promo(page)).toContainText('Still choosing a brewer? Compare every model side by side.')
  await expect(promo(page)).not.toContainText('K-Classic')
  await expect(promo(page).getByRole('link', { name: 'Compare brewers' })).toHaveAttribute(
    'href',
    '/c/brewers',
  )
  // The header's own content calls carry the codes (the account menus' banner slot, asked on opening).
  await page.getByTestId('account-button').click()
  await expect.poll(() => segmentHeaders.filter(Boolean)).toContain('UnknownUser~BrewerIntender')
  await page.keyboard.press('Escape')
  await page.waitForTimeout(300)
  expect(await shifts()).toBe(0)
  await expectNoAxeViolations(page)
})

test('targeted content: a customer with Auto Delivery sees the auto-delivery promo from the next page on', async ({
  page,
  context,
}) => {
  await openHeader(page, 'usb2c', '/c/coffee')
  await logIn(page) // the seeded shopper, who has Auto Delivery (ADF) on usb2c
  await expect(page.getByTestId('account-button')).toHaveText('Hi, Jamie')
  // getAdType answered ADF; signed in, a customer is one the store knows; a Perks member
  //.
  await expect.poll(() => stored(context)).toBe('KnownUser~ActiveADUser~PerksMember')
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(promo(page)).toContainText('Your Auto Delivery ships soon.')
  await expect(promo(page).getByRole('link', { name: 'Review my next delivery' })).toHaveAttribute(
    'href',
    '/my-account/my-replenishment',
  )
})

test('targeted content: a repeat visitor (stored data from an earlier browser session) is greeted in French on cab2c', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'visitorSegments', value: 'UnknownUser~Purchaser', domain: BRAND_HOSTS.cab2c, path: '/' },
  ])
  const sent: string[] = []
  page.on('request', (r) => {
    const codes = r.headers().segmentcodes
    if (new URL(r.url()).pathname.includes('/cms/') && codes) sent.push(codes)
  })
  // The first page of the new visit shows what the server targeted for the stored data…
  await openHeader(page, 'cab2c', '/fr/accueil')
  await started(page)
  await expect(announcement(page)).not.toContainText('Bon retour')
  await expect.poll(() => stored(context)).toBe('KnownUser~Purchaser')
  // …and the header's own calls on it (not preloaded: the account menus' banner) still say what was
  // stored when the page was asked for, though the page has already stored the return visit.
  await page.getByTestId('account-button').click()
  await expect.poll(() => sent.length).toBeGreaterThan(0)
  expect(new Set(sent)).toEqual(new Set(['UnknownUser~Purchaser']))
  await page.keyboard.press('Escape')
  // …and the next page greets a known visitor, with the purchaser's promo.
  await openHeader(page, 'cab2c', '/fr/c/coffee')
  await expect(announcement(page)).toContainText('Bon retour!')
  await expect(promo(page)).toContainText('Merci de votre commande.')
  await page.setViewportSize({ width: 390, height: 800 })
  await expectNoAxeViolations(page)
})

test('targeted content: a visitor profile set by hand in local storage decides the segmentCodes header, the page view and the cookie copy', async ({
  page,
  context,
}) => {
  // A repeat visitor with Auto Delivery who has bought before (README, "The visitor profile").
  await page.addInitScript(() => {
    if (localStorage.getItem('oneHeader.visitorProfile')) return
    localStorage.setItem(
      'oneHeader.visitorProfile',
      JSON.stringify({
        metrics: { visits: 3 },
        flags: { active_ad_user: true },
        badges: { purchaser: true },
      }),
    )
  })
  const sent: string[] = []
  page.on('request', (r) => {
    const codes = r.headers().segmentcodes
    if (new URL(r.url()).pathname.includes('/cms/') && codes) sent.push(codes)
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  await started(page)
  await page.getByTestId('account-button').click()
  await expect.poll(() => sent.length).toBeGreaterThan(0)
  expect(new Set(sent)).toEqual(new Set(['KnownUser~ActiveADUser~Purchaser']))
  await page.keyboard.press('Escape')
  // The page view's customer fields, and the page server's copy for the next page.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          JSON.parse(sessionStorage.getItem('__utagCalls') ?? '[]') as {
            call: string
            data: Record<string, unknown>
          }[]
        )
          .filter((c) => c.call === 'view')
          .map((c) => [c.data.customer_segments, c.data.customer_csr]),
      ),
    )
    .toEqual([['KnownUser~ActiveADUser~Purchaser', false]])
  await expect.poll(() => stored(context)).toBe('KnownUser~ActiveADUser~Purchaser')
  const shifts = await countShifts(page)
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(promo(page)).toContainText('Your Auto Delivery ships soon.')
  await page.waitForTimeout(300)
  expect(await shifts()).toBe(0)
})

for (const width of [1440, 390]) {
  test(`at ${width} px, signing in takes the newcomers' offer out of the row under the header at once, without a reload or moving it`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await openHeader(page, 'usb2c', '/')
    await started(page)
    await expect(promo(page)).toContainText('New here?')
    await expect(promo(page)).toContainText('15% off your first order')
    // The row keeps its height and its place under the bar, and the page under it stays put against
    // it. (A signed-in customer's account notice may open above the header: that row is not this one.)
    const where = async () => {
      const [banner, row, main] = await Promise.all(
        [page.getByRole('banner'), promo(page), page.locator('main')].map((l) => l.boundingBox()),
      )
      if (!banner || !row || !main) throw new Error('the banner, the promotion row and main are on the page')
      return { height: row.height, underBar: row.y - banner.y, pageUnder: main.y - row.y }
    }
    const before = await where()
    // Still this very page afterwards: nothing reloads it.
    await page.evaluate(() => {
      ;(window as unknown as { __samePage: boolean }).__samePage = true
    })
    await logIn(page) // Jamie, who has Auto Delivery (ADF)
    await expect(page.getByTestId('account-button')).toContainText(/Jamie/)
    await expect.poll(() => stored(context)).toBe('KnownUser~ActiveADUser~PerksMember')
    await expect(promo(page)).toContainText('Your Auto Delivery is on its way.')
    await expect(promo(page)).not.toContainText('first order')
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
    await page.keyboard.press('Escape')
    expect(await where()).toEqual(before)
  })
}

test.describe('before any consent on cab2c (opt-in: no targeting data may be stored)', () => {
  test.use({ storageState: NO_CONSENT_STORAGE_STATE })

  test("signing in still takes the newcomers' offer out of the row at once, and the next page has none either", async ({
    page,
    context,
  }) => {
    await openHeader(page, 'cab2c', '/fr/accueil')
    await started(page)
    await expect(promo(page)).toContainText('Nouveau ici?')
    await page.getByTestId('account-button').click()
    const panel = page.locator('#logIn-panel')
    await panel.getByLabel('Courriel').fill(SHOPPER.email)
    await panel.getByLabel('Mot de passe', { exact: true }).fill(SHOPPER.password)
    await panel.getByRole('button', { name: 'Connexion', exact: true }).click()
    await expect(page.getByTestId('account-button')).not.toContainText('Connexion')
    await expect(promo(page)).not.toContainText('première commande')
    // Nothing was stored about the visitor: the session alone makes the customer known.
    expect(await stored(context)).toBeUndefined()
    await openHeader(page, 'cab2c', '/fr/accueil')
    await started(page)
    await expect(promo(page)).toBeVisible()
    await expect(promo(page)).not.toContainText('première commande')
  })
})
