import { expect, type Page, test } from '@playwright/test'
import { openHeader, switchSiteConfig, urlFor } from './support'

/**
 * Every row of the header spec §2 route table on the Canadian store: EN → FR by clicking "FR", then
 * back by clicking "EN". `back` is where FR → EN lands when the row is one-way.
 */
const ROWS: { en: string; fr: string; back?: string }[] = [
  { en: '/', fr: '/fr/accueil' },
  { en: '/search?text=pods', fr: '/fr/recherche?text=pods' },
  { en: '/login', fr: '/fr/login' },
  { en: '/logout', fr: '/fr/logout' },
  { en: '/my-account', fr: '/fr/my-account' },
  { en: '/my-account?dashboard=1', fr: '/fr/my-account?dashboard=1' },
  { en: '/my-account/profile', fr: '/fr/my-account/profile' },
  { en: '/my-account/orders', fr: '/fr/my-account/orders' },
  { en: '/my-account/orders?orders=1', fr: '/fr/my-account/orders?orders=1' },
  { en: '/my-account/loyalty', fr: '/fr/my-account/loyalty' },
  { en: '/my-account/payment-address', fr: '/fr/my-account/payment-address' },
  { en: '/my-account/my-replenishment', fr: '/fr/my-account/my-replenishment' },
  { en: '/new/my-account/my-replenishment', fr: '/fr/new/my-account/my-replenishment' },
  { en: '/my-account/order/000123', fr: '/fr/my-account/order/000123' },
  { en: '/checkout/orderConfirmation/000456', fr: '/fr/checkout/orderConfirmation/000456' },
  { en: '/replenishment/view-or-edit/R-789', fr: '/fr/replenishment/view-or-edit/R-789' },
  { en: '/cart', fr: '/fr/cart' },
  { en: '/productcompare/compare-product', fr: '/fr/cart', back: '/cart' },
  {
    en: '/brewer-registration',
    fr: '/fr/appliances/enregistrez-votre-cafetiere',
    back: '/appliances/register-brewer',
  },
  { en: '/appliances/register-brewer', fr: '/fr/appliances/enregistrez-votre-cafetiere' },
  { en: '/appliances/register-brewer/thank-you', fr: '/fr/appliances/register-brewer/merci' },
  { en: '/brewco-starter-kit', fr: '/fr/trousse-de-demarrage-brewco' },
  { en: '/coffee-auto-delivery', fr: '/fr/coffee-auto-delivery' },
  { en: '/lp/smart-family', fr: '/fr/lp/smart-family' },
  { en: '/small-business-bundle', fr: '/fr/small-business-bundle' },
  { en: '/content/contact-us', fr: '/fr/content/contact-us' },
  { en: '/content/terms-and-conditions', fr: '/fr/content/terms-and-conditions' },
  { en: '/quiz', fr: '/fr/quiz' },
  { en: '/coffeemakerquiz', fr: '/fr/coffeemakerquiz' },
  { en: '/coffeemakerquiz/results', fr: '/fr/coffeemakerquiz/results' },
  { en: '/sustainability', fr: '/fr/developpement-durable' },
  { en: '/brewco-deals', fr: '/fr/offres-brewco' },
  { en: '/discontinued-items', fr: '/fr/article-de-fin-de-serie' },
  { en: '/loyalty-program-terms-conditions', fr: '/fr/termes-conditions-programme-fidelite' },
  { en: '/terms-conditions', fr: '/fr/conditions-utilisation' },
  { en: '/brewco-rewards', fr: '/fr/programme-fidelite-brewco' },
  { en: '/loyalty/rewardsHistory', fr: '/fr/loyalty/rewardsHistory' },
  { en: '/membership/point-history', fr: '/fr/membership/point-history' },
  { en: '/loyalty/rewards', fr: '/fr/loyalty/rewards' },
  { en: '/membership/rewards-catalog', fr: '/fr/membership/rewards-catalog' },
  { en: '/c/coffee', fr: '/fr/c/coffee' },
  { en: '/brewers/p/k-elite?variant=black', fr: '/fr/brewers/p/k-elite?variant=black' },
  { en: '/b/brewco', fr: '/fr/b/brewco' },
  { en: '/recipes/iced-coffee/vanilla-cold-brew', fr: '/fr/recettes/cafe-glace/infusion-froide-vanille' },
  { en: '/hub/sustainability/recyclable-pods', fr: '/fr/hub/developpement-durable/capsules-recyclables' },
  { en: '/gift-cards', fr: '/fr/gift-cards' },
]

const pathAndQuery = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

for (const row of ROWS) {
  test(`EN ${row.en} ⇄ FR ${row.fr}`, async ({ page }) => {
    await openHeader(page, 'cab2c', row.en)
    await page
      .getByRole('group', { name: /language/i })
      .getByRole('link', { name: 'FR' })
      .click()
    await expect.poll(() => pathAndQuery(page.url())).toBe(row.fr)
    await page.waitForFunction(() => 'oneHeader' in window)
    await page
      .getByRole('group', { name: /langue/i })
      .getByRole('link', { name: 'EN' })
      .click()
    await expect.poll(() => pathAndQuery(page.url())).toBe(row.back ?? row.en)
  })
}

/** Clicks FR (on an English page) or EN (on a French one, once its header has started) in the selector. */
async function chooseLanguage(page: Page, to: 'FR' | 'EN') {
  if (to === 'EN') await page.waitForFunction(() => 'oneHeader' in window)
  await page
    .getByRole('group', { name: to === 'FR' ? /language/i : /langue/i })
    .getByRole('link', { name: to, exact: true })
    .click()
}

test('choosing French sets the language-chosen cookie to true, English to false', async ({
  page,
  context,
}) => {
  await openHeader(page, 'cab2c', '/cart')
  await chooseLanguage(page, 'FR')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/fr/cart')
  const fr = (await context.cookies()).find((c) => c.name === 'languageChosen')
  expect(fr?.value).toBe('true')
  // Expiry: 7 days from the site configuration default (± a minute for the test's own time).
  expect(Math.abs((fr?.expires ?? 0) - (Date.now() / 1000 + 7 * 86_400))).toBeLessThan(60)
  await chooseLanguage(page, 'EN')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/cart')
  expect((await context.cookies()).find((c) => c.name === 'languageChosen')?.value).toBe('false')
})

test('the chosen language is honoured: after choosing FR, the home address shows the French home page', async ({
  page,
}) => {
  await openHeader(page, 'cab2c', '/c/coffee')
  await chooseLanguage(page, 'FR')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/fr/c/coffee')
  await openHeader(page, 'cab2c', '/')
  expect(pathAndQuery(page.url())).toBe('/fr/accueil')
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
  await expect(page.getByRole('group', { name: /langue/i })).toBeVisible()
  // Choosing English again: the home address is English.
  await chooseLanguage(page, 'EN')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/')
  await openHeader(page, 'cab2c', '/')
  expect(pathAndQuery(page.url())).toBe('/')
})

test('the current language is marked and not a link', async ({ page }) => {
  await openHeader(page, 'cab2c', '/fr/accueil')
  const selector = page.getByRole('group', { name: /langue/i })
  await expect(selector).toContainText('EN|FR')
  await expect(selector.getByRole('link')).toHaveCount(1)
  await expect(selector.locator('[aria-current="true"]')).toHaveText('FR')
})

test('on cab2c the French choice lasts french.cookie.expiry.days, the English one language.selected.cookie.expiry.days', async ({
  page,
  context,
}) => {
  await switchSiteConfig(context, {
    'french.cookie.expiry.days': '30',
    'language.selected.cookie.expiry.days': '10',
  })
  const expiresInDays = async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'languageChosen')
    return Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400)
  }
  await openHeader(page, 'cab2c', '/cart')
  await chooseLanguage(page, 'FR')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/fr/cart')
  expect(await expiresInDays()).toBe(30)
  await chooseLanguage(page, 'EN')
  await expect.poll(() => pathAndQuery(page.url())).toBe('/cart')
  expect(await expiresInDays()).toBe(10)
})

test('French typography on a French page: no line can start with : ; ! ? or », served and live', async ({
  browser,
  page,
}) => {
  /** Text where a line could break before the mark (an ordinary space), or inside « ». */
  const breakable = (text: string) => text.match(/.{0,20}(?: [:;!?»]|« ).{0,10}/g) ?? []
  const served = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1440, height: 900 },
  })
  const still = await served.newPage()
  await still.goto(urlFor('cab2c', '/fr/c/coffee'))
  const servedText = await still
    .locator('#oneHeaderContainer')
    .evaluate((el) => (el as HTMLElement).innerText)
  await served.close()
  await page.setViewportSize({ width: 1440, height: 900 })
  await openHeader(page, 'cab2c', '/fr/c/coffee')
  const header = page.locator('#oneHeaderContainer')
  // The promo text ("… K-Classic™ : une tasse …") is there, its colon kept with the word before.
  await expect(header).toContainText('K-Classic™')
  const liveText = await header.evaluate((el) => (el as HTMLElement).innerText)
  expect(liveText).toContain('\u00a0:')
  expect(breakable(servedText)).toEqual([])
  expect(breakable(liveText)).toEqual([])
})
