import { expect, test } from '@playwright/test'
import { cookieNamed, headerStarted, logIn, openHeader, switchSiteConfig } from './support'

const cookie = cookieNamed
const started = headerStarted

test('product and brewer-registration pages leave the current page, recent products and the registration flag', async ({
  page,
  context,
}) => {
  await openHeader(page, 'usb2c', '/p/5000-0111-0001-01')
  await started(page)
  await expect.poll(async () => (await cookie(context, 'recentProducts'))?.value).toBe('5000-0111-0001-01')
  const recent = await cookie(context, 'recentProducts')
  // 30 days (RECENT_PRODUCTS_DAYS), give or take the test's own run time.
  expect(Math.round(((recent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(30)
  expect((await cookie(context, 'currentPage'))?.value).toBe('/p/5000-0111-0001-01')
  expect((await cookie(context, 'currentPage'))?.expires).toBe(-1) // a session cookie

  await openHeader(page, 'usb2c', '/p/5000-0111-0001-04')
  await started(page)
  await expect
    .poll(async () => (await cookie(context, 'recentProducts'))?.value)
    .toBe('5000-0111-0001-04|5000-0111-0001-01')
  expect(await cookie(context, 'brewerRegistration')).toBeUndefined()

  await openHeader(page, 'usb2c', '/brewer-registration')
  await expect.poll(async () => (await cookie(context, 'brewerRegistration'))?.value).toBe('true')
})

test('a cookie the site configuration does not allow is never written', async ({ page, context }) => {
  const served = await switchSiteConfig(context, { 'header.allowed.cookies': 'CustomerID,currentPage' })
  await openHeader(page, 'usb2c', '/p/5000-0111-0001-01')
  await started(page)
  await expect.poll(async () => (await cookie(context, 'currentPage'))?.value).toBe('/p/5000-0111-0001-01')
  expect(served()).toBeGreaterThan(0)
  expect(await cookie(context, 'recentProducts')).toBeUndefined()
})

test('a login on a checkout page leaves the checkout login flag', async ({ page, context }) => {
  await openHeader(page, 'usb2c', '/checkout/multi/delivery-address')
  await logIn(page)
  await expect(page.getByTestId('account-button')).toHaveText('Hi, Jamie')
  await expect.poll(async () => (await cookie(context, 'checkoutLogin'))?.value).toBe('true')
  expect(await cookie(context, 'orderConfirmationLogin')).toBeUndefined()
  expect(await cookie(context, 'registrationSuccess')).toBeUndefined()
})
