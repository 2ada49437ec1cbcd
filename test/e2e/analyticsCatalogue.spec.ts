import { expect, type Page, test } from '@playwright/test'
import { README_CART_ADD } from '../../plugins/analytics/test/readmeCartAdd'
import { SEED_CUSTOMER_TAGS } from '../../server/fixtures/accounts'
import { logIn, openHeader, SHELL, SHOPPER, urlFor } from './support'
import { analyticsStarted, expectLinks, views } from './utagCalls'

/**
 * The nav spec §7 catalogue end to end: real journeys through the header and the host
 * page's bus, each proving the exact payloads that reached the reference server's utag.js stand-in,
 * once each. The handlers themselves are unit-tested beside each plugin's analytics.ts and
 * in plugins/analytics/catalogue.test.ts; here the events must be raised, mapped and sent in a real page.
 */

const PASSWORD = 'Coffee1234'
const accountButton = (page: Page) => page.getByTestId('account-button')
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' })
const perksPanel = (page: Page) => page.getByRole('region', { name: 'Brewco Perks' })

/** Opens a page and waits until the analytics plugin runs on it (its page view was recorded). */
async function openTracked(page: Page, path: string) {
  await openHeader(page, 'usb2c', path)
  await analyticsStarted(page)
}

test('account: a wrong password, the login, then the logout', async ({ page }) => {
  await openTracked(page, '/c/coffee')
  await logIn(page, { email: SHOPPER.email, password: 'not-the-password1' })
  await expect(page.getByRole('alert')).toBeVisible()
  await expectLinks(page, [{ event: 'login_failure', error_code: 'invalid_credentials' }])

  const panel = page.locator('#logIn-panel')
  await panel.getByLabel('Password', { exact: true }).fill(SHOPPER.password)
  await panel.getByRole('button', { name: 'Log In', exact: true }).click()
  await expect(accountButton(page)).toHaveText('Hi, Jamie')
  await expectLinks(page, [
    { event: 'login_failure', error_code: 'invalid_credentials' },
    { event: 'login', method: 'password' },
  ])

  await accountButton(page).click()
  await accountMenu(page).getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL((url) => url.pathname === '/logout')
  await expectLinks(page, [
    { event: 'login_failure', error_code: 'invalid_credentials' },
    { event: 'login', method: 'password' },
    { event: 'logout' },
  ])
})

test('account: a signed-in customer’s page views carry the customer fields (getTealiumTags), asked once per tab', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/getTealiumTags')) asked.push(r.headers().authorization ?? '')
  })
  await openTracked(page, '/c/coffee')
  expect((await views(page)).at(-1)).not.toHaveProperty('customer_id')
  await logIn(page)
  await expect(accountButton(page)).toHaveText('Hi, Jamie')
  const customer = SEED_CUSTOMER_TAGS
  for (const path of ['/c/tea', '/c/coffee']) {
    await openTracked(page, path)
    expect((await views(page)).at(-1)).toEqual({
      event: 'page_view',
      page_name: await page.title(),
      page_id: path,
      page_type: 'category',
      page_language: 'en',
      site_brand: 'usb2c',
      customer_segments: 'KnownUser~ActiveADUser~PerksMember',
      customer_csr: false,
      ...customer,
    })
  }
  // One bearer call for the tab; the next page read the kept copy.
  expect(asked).toHaveLength(1)
  expect(asked[0]).toMatch(/^Bearer /)
})

/** Logs in through the identity provider's page ("Log in with Brewco ID") and waits to be back. */
async function redirectLogIn(page: Page, path: string) {
  await accountButton(page).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Log in with Brewco ID' }).click()
  await page.waitForURL((url) => url.pathname === '/authorize')
  await page.getByLabel('Email address').fill(SHOPPER.email)
  await page.getByLabel('Password').fill(SHOPPER.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname === path && !url.search.includes('code='))
  await expect(page.locator(SHELL).first()).toBeAttached()
  await expect(accountButton(page)).toHaveText('Hi, Jamie')
}

test('account: the redirect login (Log in with Brewco ID) comes back as a login of method idp', async ({
  page,
}) => {
  // The provider returns to the home page, which signs in and goes on to /c/coffee.
  await openTracked(page, '/c/coffee')
  await redirectLogIn(page, '/c/coffee')
  await expectLinks(page, [{ event: 'login', method: 'idp' }])
})

// `login` is raised as the page back from the identity provider starts, before the late analytics
// chunk has started: the kernel keeps it until the mapping starts (kernel/analytics/eventBacklog.ts).
test('account: the redirect login is reported when the analytics code arrives late', async ({ page }) => {
  // From the home page, the identity provider's return address: the page it comes back to stays.
  await openTracked(page, '/')
  // A slow network from here on: the analytics plugin's chunk takes 2 s on the page coming back.
  await page.route('**/assets/analytics-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2000))
    await route.continue()
  })
  await redirectLogIn(page, '/')
  await expect.poll(async () => (await views(page)).length).toBe(2)
  await expectLinks(page, [{ event: 'login', method: 'idp' }])
})

// The page back from the identity provider (/) signs in and goes straight on to /c/coffee, long before
// its late analytics chunk would start: its backlog is carried to /c/coffee in session storage
// (kernel/analytics/eventBacklog.ts) and mapped there.
test('account: the redirect login is reported when its return page goes on before the analytics code arrives', async ({
  page,
}) => {
  await openTracked(page, '/c/coffee')
  // The return page's analytics chunk never arrives while it is shown, however slow the machine is.
  await page.route('**/assets/analytics-*.js', async (route) => {
    if (new URL(page.url()).pathname === '/')
      await page.waitForURL((url) => url.pathname === '/c/coffee').catch(() => undefined)
    await route.continue().catch(() => undefined)
  })
  await redirectLogIn(page, '/c/coffee')
  await expect
    .poll(async () => (await views(page)).map((view) => view.page_id))
    .toEqual(['/c/coffee', '/c/coffee'])
  await expectLinks(page, [{ event: 'login', method: 'idp' }])
})

test('account: a sign-up refused (email taken), the sign-up, then the perks opt-in', async ({ page }) => {
  await openTracked(page, '/c/coffee')
  await accountButton(page).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('tab', { name: 'Create Account' }).click()
  const register = page.locator('#register-panel')
  await register.getByLabel('First name').fill('Robin')
  await register.getByLabel('Last name').fill('Tester')
  await register.getByLabel('Email').fill(SHOPPER.email)
  await register.getByLabel('Password', { exact: true }).fill('Brew12345')
  await register.getByRole('button', { name: 'Create Account', exact: true }).click()
  await expectLinks(page, [{ event: 'sign_up_failure', error_code: 'email_taken' }])

  await register
    .getByLabel('Email')
    .fill(`e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@brewco.example`)
  await register.getByRole('button', { name: 'Create Account', exact: true }).click()
  await expect(dialog.getByText('Welcome to Brewco! Your account is ready.')).toBeVisible()
  await expectLinks(page, [
    { event: 'sign_up_failure', error_code: 'email_taken' },
    { event: 'signup', method: 'password' },
  ])
  await page.keyboard.press('Escape')

  await accountButton(page).click()
  await perksPanel(page).getByRole('checkbox').check()
  await perksPanel(page).getByRole('button', { name: 'Join now' }).click()
  await expect(perksPanel(page).getByRole('status')).toBeVisible()
  await expectLinks(page, [
    { event: 'sign_up_failure', error_code: 'email_taken' },
    { event: 'signup', method: 'password' },
    { event: 'loyalty_opt_in', program: 'perks', opt_in_location: 'accountMenu', opt_in_by: 'customer' },
  ])
})

test('perks member: Redeem, then View rewards on the next page, with the member’s points and rewards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 })
  await openTracked(page, '/c/coffee')
  await logIn(page, { email: 'member@brewco.example', password: PASSWORD })
  await expect(accountButton(page)).toHaveText('Hi, Morgan')
  const counts = { program: 'perks', reward_location: 'accountMenu', points_balance: 1840, active_rewards: 3 }

  await accountButton(page).click()
  await expect(perksPanel(page).getByRole('listitem')).toHaveText(['1,840 points', '3 rewards'])
  await perksPanel(page).getByRole('link', { name: 'Redeem' }).click()
  await page.waitForURL((url) => url.pathname === '/membership/rewards-catalog')
  await expect(page.locator(SHELL).first()).toBeAttached()
  await analyticsStarted(page)
  await expectLinks(page, [
    { event: 'login', method: 'password' },
    { event: 'redeem', ...counts },
  ])

  await accountButton(page).click()
  await expect(perksPanel(page).getByRole('listitem')).toHaveText(['1,840 points', '3 rewards'])
  await perksPanel(page).getByRole('link', { name: 'View rewards' }).click()
  await page.waitForURL((url) => url.pathname === '/loyalty/rewards')
  await expectLinks(page, [
    { event: 'login', method: 'password' },
    { event: 'redeem', ...counts },
    { event: 'reward', ...counts },
  ])
})

test('footer newsletter: a sign-up the server fails, then the sign-up', async ({ page }) => {
  let fail = true
  await page.route('**/kpcEmailSignup**', (route) =>
    route.continue({
      headers: { ...route.request().headers(), ...(fail ? { 'x-test-fault': '503' } : {}) },
    }),
  )
  await openTracked(page, '/c/coffee')
  const form = page.locator('[data-loyalty="newsletter"]')
  await form.getByLabel('Email address').fill('catalogue@brewco.example')
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(form.getByRole('alert')).toHaveText('We could not sign you up just now. Please try again.')
  await expectLinks(page, [
    { event: 'newsletter_signup_failure', signup_location: 'footer', error_code: 'server' },
  ])

  fail = false
  await form.getByRole('button', { name: 'Sign up' }).click()
  await expect(form.getByRole('status')).toContainText('Thanks!')
  await expectLinks(page, [
    { event: 'newsletter_signup_failure', signup_location: 'footer', error_code: 'server' },
    { event: 'newsletter_signup', signup_location: 'footer', language: 'en', terms_accepted: false },
    { event: 'footer_signup', signup_type: 'newsletter' },
  ])
})

/** The header page's global notification as a brand team might write it: a link to its help site. */
const HELP_URL = 'https://help.brewco.example/faq'
const helpNotification = {
  uid: 'oneHeader',
  contentSlots: {
    contentSlot: [
      {
        position: 'GlobalNotificationSlot',
        components: {
          component: [
            {
              typeCode: 'CMSParagraphComponent',
              uid: 'HelpCentreNotice',
              visible: 'true',
              content: `<p>Questions about your order? <a href="${HELP_URL}">Visit our help centre</a></p>`,
            },
          ],
        },
      },
    ],
  },
}

test('header links: a promotion in the Beverages panel, then a notification link off the site', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.route('**/rest/v2/*/cms/pages*', (route) => route.fulfill({ json: helpNotification }))
  await page.route('https://help.brewco.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Help</title><h1>Help centre</h1>' }),
  )
  await openTracked(page, '/c/coffee')
  const nav = page.getByRole('navigation', { name: /^main$/i })
  await expect(nav.getByRole('button', { name: 'Beverages menu' })).toBeEnabled()
  await nav.getByRole('button', { name: 'Beverages menu' }).click()
  await page.locator('#oh-flyout-BeveragesBarComponent [data-promotion-id="BevSeasonalPromo"]').click()
  await page.waitForURL((url) => url.pathname === '/c/seasonal-coffee')
  await analyticsStarted(page)
  const promotion = [
    {
      event: 'select_promotion',
      promotion_id: 'BevSeasonalPromo',
      promotion_name: 'Fall favorites',
      creative_slot: 'sidebar',
      click_path: '/c/seasonal-coffee',
    },
    {
      event: 'internal_navigation',
      nav_location: 'sidebar',
      click_text: 'Fall favorites',
      click_path: '/c/seasonal-coffee',
      click_type: 'text',
    },
  ]
  await expectLinks(page, promotion)

  await page
    .locator('[data-cms-slot="GlobalNotificationSlot"]')
    .getByRole('link', { name: 'Visit our help centre' })
    .click()
  await page.waitForURL(HELP_URL)
  // Back on the store (its session storage holds the record), the one outbound report is there.
  await page.goBack()
  await expect(page.locator(SHELL).first()).toBeAttached()
  await expectLinks(page, [
    ...promotion,
    {
      event: 'outbound_link_click',
      link_url: HELP_URL,
      link_domain: 'help.brewco.example',
      click_text: 'Visit our help centre',
      nav_location: 'header',
    },
  ])
})

/** Raises `type` on the header's bus as a host page does (README, "Host-page analytics events"). */
const raise = (page: Page, type: string, payload: object) =>
  page.evaluate(
    ([t, p]) =>
      (
        window as unknown as {
          oneHeader: { kernel: { bus: { emit(type: string, payload: object, source: string): void } } }
        }
      ).oneHeader.kernel.bus.emit(t as string, p as object, 'page'),
    [type, payload] as const,
  )

test('host page: cart_add, the scheduled and smart backups and BrewerReg_Failure', async ({ page }) => {
  await openTracked(page, '/c/coffee')
  await raise(page, 'page:cartAdd', README_CART_ADD)
  await raise(page, 'page:backupCreated', {
    kind: 'scheduled',
    subscriptionId: 'S1',
    productCode: '5000-0101',
  })
  await raise(page, 'page:backupCreated', { kind: 'smart', subscriptionId: 'S2' })
  await raise(page, 'page:brewerRegistrationFailed', { reason: 'serial_invalid' })
  await expectLinks(page, [
    {
      event: 'cart_add',
      product_name: 'Dark Magic',
      product_id: '5000-0101',
      product_sku: '5000-0101-0002-24',
      product_brand: 'GMCR',
      brand_id: '0101',
      brand_variety_id: '0101-0002',
      product_price: '17.99',
      product_discount: '2.00',
      product_quantity: 2,
      product_variant: '24',
      product_category: 'Beverages',
      program: 'ADF',
      product_type: 'Coffee',
      order_entry_type: 'ADF',
      cart_location: 'product detail',
      page_type: 'product detail',
    },
    { event: 'scheduled_backup', backup_type: 'scheduled', subscription_id: 'S1', product_id: '5000-0101' },
    { event: 'smart_backup', backup_type: 'smart', subscription_id: 'S2', product_id: '' },
    { event: 'BrewerReg_Failure', error_code: 'serial_invalid' },
  ])
})

// Raised as soon as `window.oneHeader` exists, before the late analytics chunk has started: the
// kernel keeps it until the mapping starts.
test('host page: an event raised before the analytics code has arrived is still reported', async ({
  page,
}) => {
  // The analytics chunk is held until the event has been raised, however slow the machine is.
  let release: () => void = () => {}
  const raised = new Promise<void>((r) => (release = r))
  await page.route('**/assets/analytics-*.js', async (route) => {
    await raised
    await route.continue()
  })
  await openHeader(page, 'usb2c', '/appliances/register-brewer')
  expect(await views(page)).toEqual([])
  await raise(page, 'page:brewerRegistrationFailed', { reason: 'serial_invalid' })
  release()
  await analyticsStarted(page)
  await expectLinks(page, [{ event: 'BrewerReg_Failure', error_code: 'serial_invalid' }])
})

// The tag manager is slow and the shopper leaves at once: what waited in the tag-manager port's queue
// (this page's view, the event) is carried to the next page (plugins/analytics/tagManager.ts) and
// sent there first, once its utag.js has loaded.
test('host page: an event raised just before a navigation, while utag.js loads, reaches the next page once', async ({
  page,
}) => {
  await page.route('**/utag.js', async (route) => {
    await new Promise((r) => setTimeout(r, 2000))
    await route.continue().catch(() => undefined)
  })
  // The analytics plugin has started: it asks for utag.js, and its page view waits in the queue.
  const asked = page.waitForRequest('**/utag.js')
  await openHeader(page, 'usb2c', '/c/coffee')
  await asked
  const next = urlFor('usb2c', '/appliances/register-brewer')
  await page.evaluate((url) => {
    ;(
      window as unknown as {
        oneHeader: { kernel: { bus: { emit(type: string, payload: object, source: string): void } } }
      }
    ).oneHeader.kernel.bus.emit('page:brewerRegistrationFailed', { reason: 'serial_invalid' }, 'page')
    window.location.assign(url)
  }, next)
  await page.waitForURL(next)
  await analyticsStarted(page)
  expect((await views(page)).map((view) => view.page_id)).toEqual([
    '/c/coffee',
    '/appliances/register-brewer',
  ])
  await expectLinks(page, [{ event: 'BrewerReg_Failure', error_code: 'serial_invalid' }])
})
