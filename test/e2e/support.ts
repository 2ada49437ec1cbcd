import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page } from '@playwright/test'
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
  // Its parts go live one by one; a test means the live header unless it holds a
  // plugin's code back, which then keeps its part as served: that wait ends after a while.
  await page
    .waitForFunction(
      () => (window as Window & { oneHeader?: { allLive?: boolean } }).oneHeader?.allLive,
      null,
      {
        timeout: ALL_LIVE_WAIT_MS,
      },
    )
    .catch(() => {})
}

/** How long `openHeader` waits for every part to be live before it lets a test go on (a held chunk). */
const ALL_LIVE_WAIT_MS = 5000

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

/**
 * The brand team's site configuration for this context, as if they had switched keys in the CMS:
 * every `cms/siteConfig` answer of the reference server with `entries` set. Returns how many answers
 * it has changed so far, so a test can prove the switch reached the page (a test of "switched off"
 * would otherwise pass on the built-in defaults alone).
 */
export async function switchSiteConfig(context: BrowserContext, entries: Record<string, string>) {
  let served = 0
  await context.route('**/cms/siteConfig**', async (route) => {
    // Node resolves no *.localhost name: the same call, sent to the loopback address.
    const url = new URL(route.request().url())
    url.hostname = '127.0.0.1'
    try {
      const answer = await route.fetch({ url: url.toString() })
      const body = (await answer.json()) as {
        siteConfigurations: { entry: { key: string; value: string }[] }
      }
      for (const [key, value] of Object.entries(entries)) {
        const entry = body.siteConfigurations.entry.find((e) => e.key === key)
        if (entry) entry.value = value
        else body.siteConfigurations.entry.push({ key, value })
      }
      await route.fulfill({ response: answer, json: body })
      served += 1
    } catch {
      // The page went on (a click navigated) while this call was answered: nobody waits for it.
    }
  })
  return () => served
}

/**
 * Sums the page's layout shifts (the CLS budget's input) from before its first paint, including
 * reloads and navigations of this page; returns a reader of the sum so far. When the sum is not 0 the
 * reader prints what moved (element, text, rectangles), so a shift seen once under load can be told.
 */
export async function countShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
    const w = window as unknown as { __shifts: number; __shiftSources: string[] }
    w.__shifts = 0
    w.__shiftSources = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: Source[] })[]) {
        w.__shifts += e.value
        for (const { node, previousRect: a, currentRect: b } of e.sources ?? []) {
          const el = node as HTMLElement | undefined
          w.__shiftSources.push(
            `${e.value.toFixed(5)} <${el?.nodeName?.toLowerCase()} class="${el?.className ?? ''}"> "${(el?.textContent ?? '').slice(0, 40)}" (${a.x},${a.y} ${a.width}x${a.height}) -> (${b.x},${b.y} ${b.width}x${b.height})`,
          )
        }
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return async () => {
    const { sum, sources } = await page.evaluate(() => {
      const w = window as unknown as { __shifts: number; __shiftSources: string[] }
      return { sum: w.__shifts, sources: w.__shiftSources }
    })
    if (sum > 0) console.log(`layout shifts (${sum}) on ${page.url()}:\n  ${sources.join('\n  ')}`)
    return sum
  }
}

/** A cookie of the context by name (undefined when it is not set). */
export const cookieNamed = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((c) => c.name === name)

/** Waits until the header has started (its plugins write the page's cookies when they start). */
export const headerStarted = (page: Page) => expect(page.getByTestId('account-button')).toBeVisible()

/** The shopper seeded in every brand (server/fixtures/accounts.ts); on usb2c with Auto Delivery (ADF). */
export const SHOPPER = { email: 'shopper@brewco.example', password: 'Coffee1234' }

/** Logs in from the login flyout's Log In tab (the account control opens it). */
export async function logIn(page: Page, who: { email: string; password: string } = SHOPPER) {
  await page.getByTestId('account-button').click()
  const panel = page.locator('#logIn-panel')
  await panel.getByLabel('Email').fill(who.email)
  await panel.getByLabel('Password', { exact: true }).fill(who.password)
  await panel.getByRole('button', { name: 'Log In', exact: true }).click()
}

/** The start-up chunk (kernel, shell, HTTP client): held, no part goes live but those hydrated before it. */
export const START_UP_CHUNK = /\/assets\/startHeader-[\w-]+\.js$/

/**
 * Holds back every request whose address matches `pattern` (a chunk of the header's code) until the
 * returned release is called: what needs it stays as the page server drew it.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route) => {
    await gate
    await route.continue()
  })
  return release
}
