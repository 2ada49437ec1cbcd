import { expect, type Request, test } from '@playwright/test'
import { CORRELATION_COOKIE, CORRELATION_ID_PATTERN } from '../../site/correlationId'
import { NO_CONSENT_STORAGE_STATE } from './consentCookies'
import { BRAND_HOSTS, PORT, urlFor } from './support'
import { telemetryAuth } from './telemetryAuth'

/** The three start-up CMS calls the host page preloads from its head (server/pages/preloadHints.ts). */
const STARTUP_CALLS = ['cms/siteConfig', 'cms/pages', 'cms/content-slots/NavigationBarSlot']
/** With the navigation's second call, which the page preloads too (it knows the slot's components). */
const PRELOADED_CALLS = [...STARTUP_CALLS, 'cms/components']

/** The correlation id a request carries: its x-correlation-id header, else its CORRELATION_ID cookie. */
async function correlationIdSent(request: Request): Promise<string | undefined> {
  const headers = await request.allHeaders()
  const cookie = (headers.cookie ?? '')
    .split(/;\s*/)
    .find((c) => c.startsWith(`${CORRELATION_COOKIE}=`))
    ?.slice(CORRELATION_COOKIE.length + 1)
  return headers['x-correlation-id'] ?? cookie
}

// A first visit: no cookies at all, not even the consented visitor's other specs start with.
test.use({ storageState: NO_CONSENT_STORAGE_STATE })

for (const brand of ['usb2c', 'cab2c', 'usafh'] as const) {
  test(`first visit to ${brand}: the preloaded start-up calls carry the page's correlation id, and the server files them under it`, async ({
    page,
    context,
  }) => {
    expect(await context.cookies()).toEqual([])
    const startup: Promise<{ call: string; id: string | undefined }>[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      const call = PRELOADED_CALLS.find((c) => path === `/rest/v2/${brand}/${c}`)
      if (call) startup.push(correlationIdSent(request).then((id) => ({ call, id })))
    })

    // A category page: the home page adds its own cms/pages call (contracts/pageHeaderContent.ts).
    const response = await page.goto(urlFor(brand, '/c/coffee'))
    // The host page hands out the id (nav spec §9: Path=/, SameSite=Strict, not Secure on http).
    const setCookie = (await response?.headerValue('set-cookie')) ?? ''
    expect(setCookie).toMatch(new RegExp(`^${CORRELATION_COOKIE}=[0-9a-f-]+; `))
    expect(setCookie).toMatch(/; Path=\//)
    expect(setCookie).toMatch(/; SameSite=Strict/)
    expect(setCookie).not.toMatch(/Secure/i)

    await page.waitForFunction(() => 'oneHeader' in window)
    const correlationId = await page.evaluate(
      () => (window as unknown as { oneHeader: { correlationId: string } }).oneHeader.correlationId,
    )
    expect(correlationId).toMatch(CORRELATION_ID_PATTERN)
    // The header adopted the server's cookie rather than making an id of its own.
    const cookie = (await context.cookies(`http://${BRAND_HOSTS[brand]}:${PORT}/`)).find(
      (c) => c.name === CORRELATION_COOKIE,
    )
    expect(cookie).toMatchObject({ value: correlationId, path: '/', sameSite: 'Strict', secure: false })
    expect(setCookie).toContain(`${CORRELATION_COOKIE}=${correlationId};`)

    // Every request for the preloaded calls carries it, and each went out once: the header's client
    // took the page's preloaded answer instead of asking again (same URL, same query order).
    await expect.poll(() => startup.length).toBeGreaterThanOrEqual(PRELOADED_CALLS.length)
    await page.waitForFunction(() =>
      (window as unknown as { oneHeader: { started: string[] } }).oneHeader.started.includes('nav'),
    )
    const sent = await Promise.all(startup)
    expect(sent.map((s) => s.call).sort()).toEqual([...PRELOADED_CALLS].sort())
    expect(sent.filter((s) => s.id !== correlationId)).toEqual([])

    // The server traced the preloaded calls (sent without the header) under the page's id too.
    await expect
      .poll(async () => {
        const res = await page.request.get(
          `http://localhost:${PORT}/api/telemetry/sessions/${correlationId}`,
          {
            headers: telemetryAuth,
          },
        )
        if (!res.ok()) return []
        const session = (await res.json()) as { spans: { name: string; serviceName: string }[] }
        const names = session.spans
          .filter((s) => s.serviceName === 'one-header-reference-server')
          .map((s) => s.name)
          .filter((n) => /\/cms\/(siteConfig|pages|content-slots\/)/.test(n))
        return [...new Set(names)].sort()
      })
      .toEqual([
        'HTTP GET /rest/v2/:brand/cms/content-slots/:slot',
        'HTTP GET /rest/v2/:brand/cms/pages',
        'HTTP GET /rest/v2/:brand/cms/siteConfig',
      ])
  })
}
