import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { Brand } from '../../site/brand'

export const PORT = Number(process.env.E2E_PORT ?? 4310)

/** Host names the reference server maps to each brand (`*.localhost` resolves to loopback). */
export const BRAND_HOSTS: Record<Brand, string> = {
  usb2c: 'localhost',
  cab2c: 'cab2c.ca.localhost',
  usafh: 'commercial.localhost',
}

export const urlFor = (brand: Brand, path: string) => `http://${BRAND_HOSTS[brand]}:${PORT}${path}`

/** The kernel's shell: neither the bare frame nor the first view (host/firstView). */
export const SHELL = '#oneHeaderContainer [data-brand]:not([data-frame]):not([data-first-view])'

/** Opens a page and waits until the header has rendered its shell. */
export async function openHeader(page: Page, brand: Brand, path = '/') {
  await page.goto(urlFor(brand, path))
  // The kernel's shell (not the frame, nor the first view painted before the kernel ran) is on the page.
  await page.waitForFunction(() => 'oneHeader' in window)
  await expect(page.locator(SHELL).first()).toBeAttached()
}

/**
 * Zero axe-core violations on the page as it is now, under axe's full default rule set (every WCAG
 * level and best practice it ships enabled, not a chosen few tags). `enable` switches on rules axe
 * leaves off by default (its experimental ones, such as `label-content-name-mismatch`).
 */
export async function expectNoAxeViolations(
  page: Page,
  include = '#oneHeaderContainer',
  { enable = [] }: { enable?: readonly string[] } = {},
) {
  const builder = new AxeBuilder({ page }).include(include)
  if (enable.length) {
    builder.options({ rules: Object.fromEntries(enable.map((id) => [id, { enabled: true }])) })
  }
  const results = await builder.analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/** Collects console errors so a test can assert what was logged. */
export function collectConsole(page: Page) {
  const messages: string[] = []
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`))
  return messages
}
