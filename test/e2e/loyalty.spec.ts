import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { Brand } from '../../site/brand'
import { countShifts, expectNoAxeViolations, openHeader, urlFor } from './support'

/**
 * Loyalty, perks and the footer newsletter (header spec §1–§9): each loyalty state with the
 * seeded loyalty shoppers (server/fixtures/loyaltyShoppers.ts, password Coffee1234), the opt-in with
 * "Required", the rewards join modal and its carousel by keyboard alone, the newsletter's rules in
 * English and French on cab2c, a double submit over a slow network, and the plugin switched off.
 */
const PASSWORD = 'Coffee1234'
const AXE = { enable: ['label-content-name-mismatch'] }
const headerRow = (page: Page) => page.locator('#oneHeaderContainer [data-loyalty="header"]')
const accountMenu = (page: Page) => page.getByRole('navigation', { name: /^(Account|Compte)$/ })
const loyaltyPanel = (page: Page) => page.getByRole('region', { name: /Brewco (Perks|Avantages)/ })

async function signInAs(page: Page, brand: Brand, email: string, path = '/c/coffee') {
  // Wide enough for the header row's loyalty box (from 1600 px).
  await page.setViewportSize({ width: 1600, height: 900 })
  await openHeader(page, brand, path)
  // The login flyout's Log In tab, in either language.
  await page.getByTestId('account-button').click()
  const panel = page.locator('#logIn-panel')
  await panel.getByLabel(/^(Email|Courriel)$/).fill(email)
  await panel.getByLabel(/^(Password|Mot de passe)$/).fill(PASSWORD)
  await panel.getByRole('button', { name: /^(Log In|Connexion)$/ }).click()
  await expect(page.getByTestId('account-button')).toHaveText(/^(Hi|Bienvenue), /)
}

test('a member sees the label with the cashback in the header row, points and rewards in the account menu', async ({
  page,
}) => {
  await signInAs(page, 'usb2c', 'member@brewco.example')
  await expect(headerRow(page).getByRole('link')).toHaveText('Perks member$12.50 cashback')
  await page.getByTestId('account-button').click()
  const panel = accountMenu(page).locator('..').getByRole('region', { name: 'Brewco Perks' })
  await expect(panel).toContainText('$12.50 cashback')
  await expect(panel.getByRole('listitem')).toHaveText(['1,840 points', '3 rewards'])
  await expect(panel.getByRole('link', { name: 'View rewards' })).toHaveAttribute('href', '/loyalty/rewards')
  // The join-mailer offer is not for a member.
  await expect(page.locator('[data-loyalty="newsletter"]')).not.toContainText('Save 15%')
  await expectNoAxeViolations(page, '#oneHeaderContainer', AXE)
})

test('a member’s next page: the footer newsletter in view moves nothing while the member is recognised', async ({
  page,
}) => {
  await signInAs(page, 'usb2c', 'member@brewco.example')
  // Tall enough that the footer's newsletter is in view.
  await page.setViewportSize({ width: 1600, height: 1200 })
  const shifts = await countShifts(page)
  await openHeader(page, 'usb2c', '/c/coffee')
  const newsletter = page.locator('[data-loyalty="newsletter"]')
  await expect(newsletter.getByLabel('Email address')).toBeInViewport()
  await expect(headerRow(page).getByRole('link')).toHaveText('Perks member$12.50 cashback')
  await page.waitForTimeout(500)
  await expect(newsletter).not.toContainText('Save 15%')
  // The offer's line says who they are instead: no empty band where it was.
  await expect(newsletter.locator('[data-member-line]')).toHaveText('Perks member · $12.50 cashback')
  const line = await newsletter.locator('[data-member-line]').boundingBox()
  expect(line!.height).toBeGreaterThan(15)
  expect(await shifts()).toBe(0)
})

test('exactly 1 point and 1 reward take the singular labels', async ({ page }) => {
  await signInAs(page, 'usb2c', 'onereward@brewco.example')
  await page.getByTestId('account-button').click()
  await expect(loyaltyPanel(page).getByRole('listitem')).toHaveText(['1 point', '1 reward'])
})

test('a French member on cab2c reads French amounts', async ({ page }) => {
  await signInAs(page, 'cab2c', 'member@brewco.example', '/fr/c/coffee')
  await expect(headerRow(page).getByRole('link')).toHaveText(/^Membre Avantages12,50\s\$ en remises$/)
  await page.getByTestId('account-button').click()
  await expect(loyaltyPanel(page).getByRole('listitem')).toHaveText(['980 points', '2 récompenses'])
})

test('a loyalty-excluded customer on cab2c gets the info tooltip (200 px at most, layer 1070)', async ({
  page,
}) => {
  await signInAs(page, 'cab2c', 'excluded@brewco.example')
  const info = headerRow(page).getByRole('button', { name: 'About Perks for your account' })
  await info.focus()
  const tip = page.getByRole('tooltip')
  await expect(tip).toHaveText('Perks isn’t available for this account. Questions? Contact us.')
  const box = await tip.boundingBox()
  expect(box?.width).toBeLessThanOrEqual(200)
  expect(await tip.evaluate((el) => getComputedStyle(el).zIndex)).toBe('1070')
  await expectNoAxeViolations(page, '#oneHeaderContainer', AXE)
  await page.keyboard.press('Escape')
  await expect(tip).toBeHidden()
  await expect(info).toBeFocused()
})

test('the opt-in: "Required" until ticked, one call however often it is pressed, then the member', async ({
  page,
}) => {
  const optIns: string[] = []
  page.on('request', (r) => {
    // The opt-in is one call: the store joins the programme in the same transaction.
    const call = /\/(updatePerksOptIn|loyaltyProgramSignup)\b/.exec(r.url())?.[1]
    if (call) optIns.push(`${r.method()} ${call}`)
  })
  await signInAs(page, 'usb2c', 'newcomer@brewco.example')
  await expect(headerRow(page).getByRole('button')).toHaveText('Join PerksEarn cashback')
  await page.getByTestId('account-button').click()
  const panel = loyaltyPanel(page)
  await panel.getByRole('button', { name: 'Join now' }).click()
  await expect(panel.getByRole('alert')).toHaveText('Required')
  await expect(panel.getByRole('checkbox')).toBeFocused()
  await expectNoAxeViolations(page, '#oneHeaderContainer', AXE)
  // A slow network: the button is disabled while the call is out, so a double click sends once.
  await page.route('**/updatePerksOptIn', async (route) => {
    await new Promise((r) => setTimeout(r, 800))
    await route.continue()
  })
  await panel.getByRole('checkbox').check()
  await panel.getByRole('button', { name: 'Join now' }).dblclick()
  await expect(panel.getByRole('button', { name: 'Joining…' })).toBeDisabled()
  await expect(panel.getByRole('status')).toHaveText(
    'Welcome to Brewco Perks! Your cashback starts with your next order.',
  )
  await expect(panel.getByRole('listitem')).toHaveText(['0 points', '0 rewards'])
  await expect(headerRow(page).getByRole('link')).toContainText('Perks member')
  expect(optIns).toEqual(['PUT updatePerksOptIn'])
})

for (const width of [390, 1600]) {
  test(`the join modal and its carousel by keyboard alone at ${width} px, with axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    const shifts = await countShifts(page)
    await openHeader(page, 'usb2c', '/c/coffee')
    if (width < 992) {
      await page.getByRole('button', { name: 'Open menu' }).focus()
      await page.keyboard.press('Enter')
      const join = loyaltyPanel(page).getByRole('button', { name: 'Learn more' })
      await join.focus()
    } else {
      await headerRow(page).getByRole('button').focus()
    }
    // The served header, taken over, moved nothing (on phones the menu's own parts arrive as it opens:
    // that is the phone menu's business); the modal and the carousel add no shift of their own.
    if (width >= 992) expect(await shifts()).toBe(0)
    await expect(width < 992 ? loyaltyPanel(page) : headerRow(page)).toBeVisible()
    await page.waitForTimeout(300)
    const before = await shifts()
    const opener = page.locator(':focus')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Join Brewco Perks' })
    await expect(dialog).toBeVisible()
    // Focus moves in (the close button), on the modal layer over its backdrop.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    expect(await dialog.evaluate((el) => getComputedStyle(el).zIndex)).toBe('1050')
    // The backdrop covers the header too: its logo, at the top left, is dimmed and cannot be clicked.
    expect(
      await page.evaluate(() => {
        const logo = document.querySelector('#oneHeaderContainer [data-logo]')?.getBoundingClientRect()
        const top = logo && document.elementFromPoint(logo.x + logo.width / 2, logo.y + logo.height / 2)
        return top?.closest('#oneHeaderContainer header') ? 'header' : 'backdrop'
      }),
    ).toBe('backdrop')
    await expectNoAxeViolations(page, 'body', AXE)
    // Tab stays inside (trapped): it cycles through the dialog's controls.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    // Learn more: the carousel, one named slide at a time, labelled previous and next buttons.
    await dialog.getByRole('button', { name: 'Learn more' }).focus()
    await page.keyboard.press('Enter')
    const carousel = dialog.getByRole('region', { name: 'How Perks works' })
    await expect(carousel).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused()
    const next = carousel.getByRole('button', { name: 'Next slide' })
    const previous = carousel.getByRole('button', { name: 'Previous slide' })
    await expect(previous).toHaveAttribute('aria-disabled', 'true')
    await expect(carousel.getByRole('group', { name: 'Cashback on every order, 1 of 3' })).toBeVisible()
    await next.focus()
    await page.keyboard.press('Enter')
    await expect(carousel.getByRole('group', { name: 'More with Auto Delivery, 2 of 3' })).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(next).toHaveAttribute('aria-disabled', 'true')
    await expect(next).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(carousel.getByRole('group', { name: 'More with Auto Delivery, 2 of 3' })).toBeVisible()
    await expect(carousel.locator('[aria-live="polite"]')).toHaveText('More with Auto Delivery, 2 of 3')
    await expectNoAxeViolations(page, 'body', AXE)
    // Escape closes it and focus goes back to where it came from.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(opener).toBeFocused()
    expect(await shifts()).toBe(before)
  })
}

const NEWSLETTER = {
  en: {
    path: '/c/coffee',
    email: 'Email address',
    submit: 'Sign up',
    invalid: 'Please enter a valid email address.',
    terms: 'Please accept the terms and conditions.',
    success: /^Thanks! You’re on the list/,
    offer: 'Save 15% on your next order',
  },
  fr: {
    path: '/fr/c/coffee',
    email: 'Adresse courriel',
    submit: 'S’inscrire',
    invalid: 'Veuillez entrer une adresse courriel valide.',
    terms: 'Veuillez accepter les conditions générales.',
    success: /^Merci! Vous êtes inscrit/,
    offer: 'Économisez 15 % sur votre prochaine commande',
  },
} as const

for (const lang of ['en', 'fr'] as const) {
  test(`the footer newsletter's rules on cab2c in ${lang}, then its success`, async ({ page }) => {
    const t = NEWSLETTER[lang]
    await page.setViewportSize({ width: 390, height: 800 })
    await openHeader(page, 'cab2c', t.path)
    const form = page.locator('[data-loyalty="newsletter"]')
    await expect(form).toContainText(t.offer)
    const email = form.getByLabel(t.email)
    await email.fill('jo@brewco')
    // The email's message only while the field has focus.
    await expect(form.getByRole('alert')).toHaveText(t.invalid)
    await form.getByRole('checkbox').focus()
    await expect(form.getByText(t.invalid)).toHaveCount(0)
    await form.getByRole('button', { name: t.submit }).click()
    await expect(email).toBeFocused()
    await expect(form.getByText(t.invalid)).toBeVisible()
    await email.fill(`jo.${lang}@brewco.ca`)
    await form.getByRole('button', { name: t.submit }).click()
    await expect(form.getByText(t.terms)).toBeVisible()
    await expectNoAxeViolations(page, '#oneFooterContainer', AXE)
    await form.getByRole('checkbox').check()
    await form.getByRole('button', { name: t.submit }).click()
    await expect(form.getByRole('status')).toHaveText(t.success)
    await expect(form.getByLabel(t.email)).toHaveCount(0)
  })
}

test('the newsletter over a slow network: a double submit signs up once; a failure keeps what was typed', async ({
  page,
}) => {
  const signups: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/kpcEmailSignup')) signups.push(r.postData() ?? '')
  })
  let fail = true
  await page.route('**/kpcEmailSignup**', async (route) => {
    await new Promise((r) => setTimeout(r, 800))
    if (fail) return route.fulfill({ status: 503, body: 'down' })
    await route.continue()
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  const form = page.locator('[data-loyalty="newsletter"]')
  await form.getByLabel('Email address').fill('twice@brewco.example')
  await form.getByRole('button', { name: 'Sign up' }).dblclick()
  await expect(form.getByRole('button', { name: 'Signing up…' })).toBeDisabled()
  await expect(form.getByRole('alert')).toHaveText('We could not sign you up just now. Please try again.')
  await expect(form.getByLabel('Email address')).toHaveValue('twice@brewco.example')
  fail = false
  await form.getByRole('button', { name: 'Sign up' }).dblclick()
  await expect(form.getByRole('status')).toContainText('Thanks!')
  expect(signups).toEqual([
    'email=twice%40brewco.example&subscribe=false',
    'email=twice%40brewco.example&subscribe=false',
  ])
})

/**
 * The loyalty plugin's own files as the build named them: its code, its first view and every lazy
 * chunk of its folder (the modal, the carousel, the panels, the newsletter).
 */
function loyaltyFiles(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >
  // Its sources, the chunks only it uses (named after them), and the lazy chunks built on its code.
  const files = Object.entries(manifest)
    .filter(
      ([source, entry]) =>
        source.startsWith('plugins/loyalty/') ||
        /loyalty/i.test(entry.file) ||
        entry.imports?.includes('plugins/loyalty/index.ts'),
    )
    .map(([, entry]) => `/${entry.file}`)
  if (!files.length)
    throw new Error('dist/.vite/manifest.json has no plugins/loyalty entries: run npm run build')
  return files
}

/**
 * The host page as a server that switched the plugin off would send it: none of its files listed,
 * and its part not drawn (the loyalty control is drawn once by the page server, for the browser to
 * hydrate: its box is left empty, as for any plugin the page does not run).
 */
const withoutLoyaltyFiles = (html: string) =>
  loyaltyFiles()
    .reduce((page, file) => page.replaceAll(file, ''), html)
    .replace(
      /(<div [^>]*data-part="header\.loyalty")[^>]*data-hydrate="loyalty"([^>]*>)<!--\$-->.*?<!--\/\$-->/s,
      '$1$2',
    )

const SWITCHED_OFF = {
  'by the container’s data-disabled-plugins': async (page: Page) =>
    page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const html = withoutLoyaltyFiles(await response.text()).replace(
        'id="oneHeaderContainer"',
        'id="oneHeaderContainer" data-disabled-plugins="loyalty"',
      )
      await route.fulfill({ response, body: html })
    }),
  'by site configuration (header.plugins.disabled)': async (page: Page) => {
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      await route.fulfill({ response, body: withoutLoyaltyFiles(await response.text()) })
    })
    await page.route('**/rest/v2/*/cms/siteConfig*', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.siteConfigurations.entry.push({ key: 'header.plugins.disabled', value: 'loyalty' })
      await route.fulfill({ response, json: body })
    })
  },
}

for (const [how, switchOff] of Object.entries(SWITCHED_OFF)) {
  test(`switched off ${how}: no loyalty request, no trace`, async ({ page }) => {
    const files = loyaltyFiles()
    const requested: string[] = []
    page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    await switchOff(page)
    await page.goto(urlFor('usb2c', '/c/coffee'))
    await page.waitForFunction(() => 'oneHeader' in window)
    await expect(page.getByTestId('account-button')).toBeVisible()
    await page.waitForTimeout(500)
    expect(
      requested.filter((p) => files.includes(p) || /loyalty|LoyaltyDetails|kpcEmailSignup/i.test(p)),
    ).toEqual([])
    await expect(page.locator('[data-loyalty]')).toHaveCount(0)
    await expect(page.locator('#oneFooterContainer')).toBeEmpty()
    // Nothing fills the footer's newsletter room, so the page gives it back: no empty block.
    await expect.poll(async () => (await page.locator('#oneFooterContainer').boundingBox())?.height).toBe(0)
  })
}

test('the loyalty programme switched off in site configuration: no display, the newsletter stays', async ({
  page,
}) => {
  await page.route('**/rest/v2/*/cms/siteConfig*', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    for (const entry of body.siteConfigurations.entry)
      if (entry.key === 'loyalty.global.toggle') entry.value = 'false'
    await route.fulfill({ response, json: body })
  })
  await openHeader(page, 'usb2c', '/c/coffee')
  await expect(page.locator('[data-loyalty="newsletter"]')).toBeVisible()
  await expect(headerRow(page)).toHaveCount(0)
})
