import { expect, type Page } from '@playwright/test'

/** One call the reference server's utag.js stand-in recorded (server/static/tagManagerStandIn.ts). */
export type UtagCall = { call: 'link' | 'view'; data: Record<string, unknown> }

/** What the stand-in recorded in this tab (it keeps it in session storage across navigations). */
export const utagCalls = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(sessionStorage.getItem('__utagCalls') ?? '[]') as UtagCall[]).map(({ call, data }) => ({
      call,
      data,
    })),
  )

/** The `utag.view` payloads recorded so far. */
export const views = async (page: Page) =>
  (await utagCalls(page)).filter((c) => c.call === 'view').map((c) => c.data)

/** The `utag.link` payloads recorded so far. */
export const links = async (page: Page) =>
  (await utagCalls(page)).filter((c) => c.call === 'link').map((c) => c.data)

/**
 * The `utag.link` payloads become exactly `expected` (whole payloads, in order), and are still
 * exactly that a moment later: nothing arrives late, nothing is sent twice.
 */
export async function expectLinks(page: Page, expected: Record<string, unknown>[], settleMs = 500) {
  await expect.poll(() => links(page)).toEqual(expected)
  await page.waitForTimeout(settleMs)
  expect(await links(page)).toEqual(expected)
}

/** Waits until the analytics plugin has started on this page (its page view reached the stand-in). */
export async function analyticsStarted(page: Page) {
  const path = new URL(page.url()).pathname
  await expect.poll(async () => (await views(page)).at(-1)?.page_id).toBe(path)
}
