import { expect, type Page, test } from '@playwright/test'
import { openHeader, SHELL } from './support'

/**
 * A failed or malformed start-up call is an error for the monitoring agent (navigation spec §8:
 * API_FAILURE_CODE5XX / 4XX, and an ERROR for a body that is not the agreed JSON), with the page's
 * correlation id, even when the page server's first view is on screen and the header itself keeps
 * showing (its INFO note about the fallback comes beside the error, never instead of it).
 */

interface AgentError {
  message: string
  attributes: Record<string, unknown>
}

/** A stand-in for the monitoring agent that keeps every custom error, in session storage. */
async function agentStandIn(page: Page) {
  await page.addInitScript(() => {
    const keep = (value: unknown) =>
      sessionStorage.setItem(
        '__agentErrors',
        JSON.stringify([...JSON.parse(sessionStorage.getItem('__agentErrors') ?? '[]'), value]),
      )
    ;(window as unknown as Record<string, unknown>).newrelic = {
      noticeError: (e: Error, attributes: Record<string, unknown>) =>
        keep({ message: e.message, attributes }),
      setUserId: () => undefined,
      addPageAction: () => undefined,
    }
  })
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('__agentErrors') ?? '[]') as AgentError[])
}

const correlationIdOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId)

test('a 503 from cms/siteConfig and malformed JSON from the navigation slot reach the monitoring agent as errors with the page correlation id', async ({
  page,
}) => {
  const errors = await agentStandIn(page)
  // The reference server's own fault switch answers 503; the slot's answer is cut short (not JSON).
  await page.route('**/rest/v2/*/cms/siteConfig*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-test-fault': '503' } }),
  )
  await page.route('**/rest/v2/*/cms/content-slots/NavigationBarSlot*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"componentUids": ' }),
  )
  await openHeader(page, 'usb2c', '/c/coffee')
  // The header is still there (built-in defaults).
  await expect(page.locator(SHELL).getByRole('banner')).toBeVisible()
  const correlationId = await correlationIdOf(page)

  const about = (path: string) => (list: AgentError[]) => list.find((e) => e.attributes.requestUrl === path)
  await expect.poll(async () => about('cms/siteConfig')(await errors())).toBeDefined()
  await expect.poll(async () => about('cms/content-slots/NavigationBarSlot')(await errors())).toBeDefined()
  const list = await errors()
  expect(about('cms/siteConfig')(list)?.attributes).toMatchObject({
    logType: 'API_FAILURE_CODE5XX',
    eventType: 'API',
    correlationId,
    'details.otherData.status': 503,
  })
  expect(about('cms/content-slots/NavigationBarSlot')(list)?.attributes).toMatchObject({
    logType: 'ERROR',
    eventType: 'API',
    correlationId,
    'details.otherData.errorClass': 'decode',
  })
})
