import { expect, type Page, test } from '@playwright/test'
import { expectNoAxeViolations, PORT } from './support'

/**
 * The admins' operator management and audit log (docs/console.md, "Operators"). In the console
 * project (the file name ends in `console.spec.ts`): it adds an operator to the live database.
 */
const CONSOLE = `http://localhost:${PORT}/console`

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${CONSOLE}/sign-in`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

async function axeAtBothWidths(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page, 'body')
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

test('an admin adds a brand team operator, who chooses a password at the first sign-in; the audit log says who did it', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage()
  await admin.setViewportSize({ width: 1440, height: 900 })
  await signIn(admin, 'admin@brewco.example', 'Admin1234')
  await admin.getByRole('link', { name: 'Operators' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Operators')
  await axeAtBothWidths(admin)
  await admin.getByLabel('E-mail').fill('sam@brewco.example')
  await admin.getByLabel('Name').fill('Sam (usafh brand team)')
  await admin.locator('#new-role').selectOption('brand')
  await admin.locator('form[action="/console/operators"]').getByRole('checkbox', { name: 'usafh' }).check()
  await admin.getByLabel(/^First password/).fill('Welcome2026')
  await admin.getByRole('button', { name: 'Add the operator' }).click()
  await expect(admin.getByRole('status')).toContainText('Added; they choose their own password')
  await expect(admin.getByRole('row', { name: /sam@brewco\.example/ })).toContainText('must change password')

  const sam = await (await browser.newContext()).newPage()
  await sam.setViewportSize({ width: 1440, height: 900 })
  await signIn(sam, 'sam@brewco.example', 'Welcome2026')
  await expect(sam.getByRole('heading', { level: 1 })).toHaveText('Your password')
  await axeAtBothWidths(sam)
  await sam.getByLabel('Current password').fill('Welcome2026')
  await sam.getByLabel(/^New password \(/).fill('SamsOwn2026')
  await sam.getByLabel('New password again').fill('SamsOwn2026')
  await sam.getByRole('button', { name: 'Change the password' }).click()
  await expect(sam.getByRole('heading', { level: 1 })).toHaveText('Plugins per brand')
  await expect(sam.getByRole('link', { name: /^usafh/ })).toBeVisible()

  await admin.getByRole('link', { name: 'Audit log' }).click()
  await expect(admin.getByRole('row', { name: /operator added/ }).first()).toContainText(
    'admin@brewco.example',
  )
  await expect(admin.getByRole('row', { name: /own password changed/ }).first()).toContainText(
    'sam@brewco.example',
  )
  await axeAtBothWidths(admin)
})
