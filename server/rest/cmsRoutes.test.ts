// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ApiErrorSchema,
  ComponentsResponseSchema,
  HeaderPageResponseSchema,
  NavigationSlotResponseSchema,
  SiteConfigResponseSchema,
  SLOT_GLOBAL_NOTIFICATION,
  SLOT_HEADER_PROMO,
  SUPPORT_LINK_UID,
} from '../../contracts/cms'
import { LABEL_FALLBACKS } from '../../contracts/labels'
import { SITE_CONFIG_KEYS } from '../../contracts/siteConfig'
import { keepPunctuationTogetherInHtml } from '../../site/typography'
import { createApp } from '../app'
import { createServer, type ReferenceServer } from '../createServer'
import type { Database } from '../db/database'
import { DatabaseUnavailableError } from '../db/databaseUnavailable'
import { testStore } from '../db/testing/testStore'
import { BRAND_LANGS } from '../fixtures/cmsContent'
import { PREVIEW_NOTIFICATION, PREVIEW_TICKET } from '../fixtures/cmsDrafts'

let server: ReferenceServer
const lines: string[] = []
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: (line) => lines.push(line) })
})
afterAll(() => server.close())

const get = (path: string, headers: Record<string, string> = {}) => server.app.request(path, { headers })
async function json<S extends v.GenericSchema>(path: string, schema: S, status = 200) {
  const res = await get(path)
  expect(res.status, path).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  return v.parse(schema, await res.json())
}

describe.each(BRAND_LANGS)('REST for $brand/$lang', ({ brand, lang }) => {
  const base = `/rest/v2/${brand}`

  it('cms/siteConfig has every site configuration key and every label', async () => {
    const body = await json(
      `${base}/cms/siteConfig?lang=${lang}&pageLabelOrId=NAVIGATIONHEADER`,
      SiteConfigResponseSchema,
    )
    const config = new Set(body.siteConfigurations.entry.map((e) => e.key))
    for (const spec of Object.values(SITE_CONFIG_KEYS)) expect(config, spec.key).toContain(spec.key)
    const labels = new Map(body.messageItems.entry.map((e) => [e.key, e.value]))
    for (const key of Object.keys(LABEL_FALLBACKS)) expect(labels.get(key), key).toBeTruthy()
    expect(labels.get('header.greeting')).toBe(lang === 'fr' ? 'Bienvenue' : 'Hi')
  })

  it('cms/pages gives the header slots (cmsTicketId allowed)', async () => {
    const body = await json(
      `${base}/cms/pages?lang=${lang}&pageLabelOrId=oneHeader&cmsTicketId=preview-1`,
      HeaderPageResponseSchema,
    )
    expect(body.uid).toBe('oneHeader')
    const positions = body.contentSlots.contentSlot.map((s) => s.position)
    expect(positions).toEqual([SLOT_GLOBAL_NOTIFICATION, SLOT_HEADER_PROMO])
    const promo = body.contentSlots.contentSlot[1]!.components.component
    expect(promo.map((c) => c.typeCode)).toEqual(['CMSParagraphComponent', 'CMSImageComponent'])
    expect(promo[0]!.content).toMatch(/™.*®|®.*™/)
    expect(promo[1]!.media?.mobile?.altText).toBeTruthy()
  })

  it('the home page’s row never offers a first order to a customer the store knows: Auto Delivery, then Perks member, then returning', async () => {
    const row = async (segmentCodes?: string) => {
      const res = await get(
        `${base}/cms/pages?lang=${lang}&pageLabelOrId=homepage`,
        segmentCodes ? { segmentCodes } : {},
      )
      const body = v.parse(HeaderPageResponseSchema, await res.json())
      return body.contentSlots.contentSlot.flatMap((s) => s.components.component.map((c) => c.uid))
    }
    expect(await row()).toEqual(['HomePromoQuizParagraph'])
    // The business store's row offers no first order: one text for everyone.
    if (brand === 'usafh')
      return expect(await row('KnownUser~ActiveADUser')).toEqual(['HomePromoQuizParagraph'])
    expect(await row('UnknownUser')).toEqual(['HomePromoQuizParagraph'])
    expect(await row('KnownUser')).toEqual(['HomePromoWelcomeBack'])
    expect(await row('KnownUser~PerksMember')).toEqual(['HomePromoPerksMember'])
    expect(await row('KnownUser~ActiveADUser~PerksMember')).toEqual(['HomePromoAutoDelivery'])
  })

  it('cms/pages with the preview ticket shows its draft in place of the published component; others see it published', async () => {
    const page = (query: string) =>
      json(`${base}/cms/pages?lang=${lang}&pageLabelOrId=oneHeader${query}`, HeaderPageResponseSchema)
    const notification = (body: v.InferOutput<typeof HeaderPageResponseSchema>) =>
      body.contentSlots.contentSlot.find((s) => s.position === SLOT_GLOBAL_NOTIFICATION)!.components.component
    const published = await page('')
    const preview = await page(`&cmsTicketId=${PREVIEW_TICKET}`)
    // As the schema decodes it: French punctuation kept with its word (site/typography.ts).
    const draft = keepPunctuationTogetherInHtml(PREVIEW_NOTIFICATION[lang])
    expect(notification(preview).map((c) => c.content)).toEqual([draft])
    expect(notification(preview)[0]!.uid).toBe(notification(published)[0]!.uid)
    expect(notification(published)[0]!.content).not.toBe(draft)
    // Everything not drafted is the published content; another ticket has no drafts.
    expect(preview.contentSlots.contentSlot[1]).toEqual(published.contentSlots.contentSlot[1])
    expect(await page('&cmsTicketId=other-ticket')).toEqual(published)
  })

  it('cms/pages targets each slot at the visitor’s segments: header, else the visitorSegments cookie (header spec §6)', async () => {
    const rows = async (headers: Record<string, string>) => {
      const res = await get(`${base}/cms/pages?lang=${lang}&pageLabelOrId=oneHeader`, headers)
      expect(res.status).toBe(200)
      expect(res.headers.get('vary')).toMatch(/^segmentCodes, Cookie\b/)
      const body = v.parse(HeaderPageResponseSchema, await res.json())
      return body.contentSlots.contentSlot.map((s) => {
        const uids = s.components.component.map((c) => c.uid)
        expect(s.componentUids?.componentUidList).toEqual(uids)
        return uids
      })
    }
    const published = [
      ['GlobalNotificationFreeShippingWeekend'],
      ['HeaderPromoKClassicParagraph', 'HeaderPromoBrewersWeekImage'],
    ]
    expect(await rows({})).toEqual(published)
    expect(await rows({ segmentCodes: 'UnknownUser' })).toEqual(published)
    expect(await rows({ segmentCodes: 'Admin~<b>' })).toEqual(published)
    expect(await rows({ segmentCodes: 'KnownUser' })).toEqual([
      ['GlobalNotificationWelcomeBack'],
      published[1],
    ])
    expect(await rows({ segmentCodes: 'UnknownUser~BrewerIntender' })).toEqual([
      published[0],
      ['HeaderPromoCompareBrewers'],
    ])
    // One variation per slot, the first in slot order: auto delivery, then purchaser, then brewer.
    expect(await rows({ segmentCodes: 'KnownUser~ActiveADUser~Purchaser~BrewerIntender' })).toEqual([
      ['GlobalNotificationWelcomeBack'],
      ['HeaderPromoAutoDelivery'],
    ])
    expect(await rows({ segmentCodes: 'UnknownUser~Purchaser~BrewerIntender' })).toEqual([
      published[0],
      ['HeaderPromoThanksPurchaser'],
    ])
    // The preloaded call carries no header: the stored visitor data (cookie) targets it alike.
    expect(await rows({ cookie: 'visitorSegments=UnknownUser~BrewerIntender' })).toEqual([
      published[0],
      ['HeaderPromoCompareBrewers'],
    ])
    // The header, when sent, is what the header says now.
    expect(
      await rows({ cookie: 'visitorSegments=KnownUser~Purchaser', segmentCodes: 'UnknownUser' }),
    ).toEqual(published)
  })

  it('NavigationBarSlot uids resolve through cms/components in order', async () => {
    const slot = await json(
      `${base}/cms/content-slots/NavigationBarSlot?lang=${lang}`,
      NavigationSlotResponseSchema,
    )
    const ids = slot.componentUids.componentUidList
    expect(ids).toContain(SUPPORT_LINK_UID)
    const body = await json(
      `${base}/cms/components?componentIds=${ids.join(',')}&pageSize=${ids.length}&lang=${lang}`,
      ComponentsResponseSchema,
    )
    expect(body.component.map((c) => c.uid)).toEqual(ids)
  })
})

describe('cms/components', () => {
  const base = '/rest/v2/usb2c/cms/components?lang=en'
  it('keeps the requested order, skips unknown ids and caps at pageSize', async () => {
    const ids = 'DealsBarComponent,NoSuchComponent,BeveragesBarComponent,HotBrewersBarComponent'
    const all = await json(`${base}&componentIds=${ids}`, ComponentsResponseSchema)
    expect(all.component.map((c) => c.uid)).toEqual([
      'DealsBarComponent',
      'BeveragesBarComponent',
      'HotBrewersBarComponent',
    ])
    const two = await json(`${base}&componentIds=${ids}&pageSize=2`, ComponentsResponseSchema)
    expect(two.component.map((c) => c.uid)).toEqual(['DealsBarComponent', 'BeveragesBarComponent'])
  })

  it('the account menus’ banner slot: its uids by position, its components chosen by isLoggedIn', async () => {
    const slot = await json(
      '/rest/v2/usb2c/cms/content-slots/AccountMenuBannerSlot?lang=en',
      v.object({
        componentUids: v.object({ componentUidList: v.array(v.string()) }),
      }),
    )
    const ids = slot.componentUids.componentUidList.join(',')
    expect(ids).toBe('AccountMenuWelcomeBack,AccountMenuNewCustomer')
    const uids = async (isLoggedIn: string, headers: Record<string, string> = {}) => {
      const res = await get(`${base}&componentIds=${ids}&isLoggedIn=${isLoggedIn}`, headers)
      return v.parse(ComponentsResponseSchema, await res.json()).component.map((c) => c.uid)
    }
    expect(await uids('true')).toEqual(['AccountMenuWelcomeBack'])
    // One welcome for every signed-in customer, whatever their segments.
    expect(await uids('true', { segmentCodes: 'KnownUser~ActiveADUser' })).toEqual(['AccountMenuWelcomeBack'])
    expect(await uids('false')).toEqual(['AccountMenuNewCustomer'])
    expect((await json(`${base}&componentIds=${ids}`, ComponentsResponseSchema)).component).toHaveLength(2)
    expect((await get(`${base}&componentIds=${ids}&isLoggedIn=maybe`)).status).toBe(400)
  })

  it('targets a content-slot fetch (isLoggedIn) as one slot: a variation for the visitor replaces the untargeted', async () => {
    const ids = 'HeaderPromoKClassicParagraph,HeaderPromoAutoDelivery,HeaderPromoCompareBrewers'
    const uids = async (headers: Record<string, string>) => {
      const res = await get(`${base}&componentIds=${ids}&isLoggedIn=false`, headers)
      expect(res.headers.get('vary')).toMatch(/^segmentCodes, Cookie\b/)
      return v.parse(ComponentsResponseSchema, await res.json()).component.map((c) => c.uid)
    }
    expect(await uids({})).toEqual(['HeaderPromoKClassicParagraph'])
    expect(await uids({ segmentCodes: 'KnownUser~BrewerIntender' })).toEqual(['HeaderPromoCompareBrewers'])
    expect(await uids({ cookie: 'visitorSegments=UnknownUser~ActiveADUser' })).toEqual([
      'HeaderPromoAutoDelivery',
    ])
  })

  it('targets any other list (the navigation’s items) item by item: nothing is replaced', async () => {
    const ids = 'DealsBarComponent,HeaderPromoAutoDelivery,HeaderPromoCompareBrewers'
    const uids = async (headers: Record<string, string>) =>
      v
        .parse(ComponentsResponseSchema, await (await get(`${base}&componentIds=${ids}`, headers)).json())
        .component.map((c) => c.uid)
    expect(await uids({})).toEqual(['DealsBarComponent'])
    expect(await uids({ segmentCodes: 'UnknownUser~ActiveADUser~BrewerIntender' })).toEqual([
      'DealsBarComponent',
      'HeaderPromoAutoDelivery',
      'HeaderPromoCompareBrewers',
    ])
  })
})

describe('errors', () => {
  const error = async (path: string, status: number) =>
    v.parse(ApiErrorSchema, (await json(path, v.unknown(), status)) as unknown)

  it.each([
    ['/rest/v2/usb2c/cms/siteConfig?lang=de&pageLabelOrId=NAVIGATIONHEADER', /'lang' must be en or fr/],
    ['/rest/v2/usb2c/cms/siteConfig?pageLabelOrId=NAVIGATIONHEADER', /'lang' is required/],
    ['/rest/v2/usb2c/cms/siteConfig?lang=en', /'pageLabelOrId' is required/],
    ['/rest/v2/usb2c/cms/pages?lang=en', /'pageLabelOrId' is required/],
    ['/rest/v2/usb2c/cms/components?lang=en', /'componentIds' is required/],
    ['/rest/v2/usb2c/cms/components?lang=en&componentIds=a&pageSize=0', /'pageSize' must be a whole number/],
    ['/rest/v2/acme/cms/pages?lang=en&pageLabelOrId=oneHeader', /Unknown brand 'acme'.*usb2c, cab2c, usafh/],
    [
      '/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader&cmsTicketId=',
      /'cmsTicketId' is a CMS preview ticket/,
    ],
    [
      `/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader&cmsTicketId=${'t'.repeat(65)}`,
      /'cmsTicketId' is a CMS preview ticket/,
    ],
    [
      '/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader&cmsTicketId=a%27%20OR%201=1',
      /'cmsTicketId' is a CMS preview ticket/,
    ],
  ])('400 ValidationError for %s', async (path, message) => {
    const body = await error(path, 400)
    expect(body.errors[0]!.type).toBe('ValidationError')
    expect(body.errors[0]!.message).toMatch(message)
  })

  it('404 JSON for unknown routes, pages and slots under /rest and /api', async () => {
    for (const path of [
      '/rest/v2/usb2c/nothing',
      '/rest',
      '/api/nothing',
      '/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=nope',
    ]) {
      expect((await error(path, 404)).errors[0]!.message, path).toBeTruthy()
    }
  })

  it('500 JSON through the test fault switch, by header or query', async () => {
    const byHeader = await get('/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader', {
      'x-test-fault': '500',
    })
    expect(byHeader.status).toBe(500)
    expect(v.parse(ApiErrorSchema, await byHeader.json()).errors[0]!.type).toBe('ServerError')
    expect(
      (await error('/rest/v2/usb2c/cms/siteConfig?lang=en&__fault=500', 500)).errors[0]!.message,
    ).toMatch(/x-test-fault/)
  })

  it.each(BRAND_LANGS)(
    'serves the login content page for $brand/$lang: the login tab banner slot',
    async ({ brand, lang }) => {
      const res = await get(`/rest/v2/${brand}/cms/pages?lang=${lang}&pageLabelOrId=loginContent`)
      expect(res.status).toBe(200)
      const body = v.parse(HeaderPageResponseSchema, await res.json())
      const slot = body.contentSlots.contentSlot.find((s) => s.position === 'LoginPrimaryBanner')
      const paragraph = slot?.components.component[0]
      expect(paragraph).toMatchObject({
        typeCode: 'CMSParagraphComponent',
        uid: 'LoginPrimaryBannerParagraph',
      })
      expect(paragraph?.content).toMatch(lang === 'fr' ? /Connectez-vous/ : /Log in/)
    },
  )

  it('holds a request x-test-delay milliseconds, and not at all with test faults off', async () => {
    const path = '/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER'
    const timed = async (app: { request: typeof server.app.request }) => {
      const started = performance.now()
      const res = await app.request(path, { headers: { 'x-test-delay': '400' } })
      expect(res.status).toBe(200)
      return performance.now() - started
    }
    expect(await timed(server.app)).toBeGreaterThanOrEqual(395)
    const off = createApp({ store: server.db, log: false, testFaults: false })
    expect(await timed(off)).toBeLessThan(395)
  })

  it('503 with Retry-After, not a 500 bug, while the database is unavailable', async () => {
    const away: Database = {
      description: 'away',
      query: () =>
        Promise.reject(
          new DatabaseUnavailableError('PostgreSQL at db:5432/shop is unreachable (ECONNREFUSED).'),
        ),
      exec: async () => {},
      withStartupLock: (work) => work(),
      close: async () => {},
    }
    const logged: string[] = []
    const app = createApp({ store: away, log: false, logError: (line) => logged.push(line) })
    const res = await app.request('/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER', {
      headers: { 'x-correlation-id': 'cid-503' },
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(v.parse(ApiErrorSchema, await res.json()).errors[0]).toEqual({
      type: 'ServiceUnavailableError',
      message: 'The database is unavailable; try again in 5 seconds (correlation id cid-503).',
    })
    expect(logged).toEqual(['[server] GET /rest/v2/usb2c/cms/siteConfig unavailable cid=cid-503'])
  })

  it('500 JSON without a stack trace when a query fails', async () => {
    const broken: Database = {
      description: 'broken',
      query: () => Promise.reject(new Error('relation "site_config" does not exist')),
      exec: async () => {},
      withStartupLock: (work) => work(),
      close: async () => {},
    }
    const logged: string[] = []
    const app = createApp({ store: broken, log: false, logError: (line) => logged.push(line) })
    const res = await app.request('/rest/v2/usb2c/cms/siteConfig?lang=en&pageLabelOrId=NAVIGATIONHEADER', {
      headers: { 'x-correlation-id': 'cid-500' },
    })
    expect(res.status).toBe(500)
    const body = v.parse(ApiErrorSchema, await res.json())
    expect(body.errors[0]!.message).toMatch(/cid-500/)
    expect(JSON.stringify(body)).not.toMatch(/does not exist|\.ts:\d/)
    expect(logged[0]).toMatch(/GET \/rest\/v2\/usb2c\/cms\/siteConfig failed cid=cid-500/)
    const page = await app.request('/cart')
    expect(page.status).toBe(500)
    expect(await page.text()).toMatch(/Something went wrong/)
  })
})

describe('correlation id and request log', () => {
  it('echoes x-correlation-id and logs one line per request', async () => {
    const res = await get('/rest/v2/cab2c/cms/content-slots/NavigationBarSlot?lang=fr', {
      'x-correlation-id': 'abc-123',
    })
    expect(res.headers.get('x-correlation-id')).toBe('abc-123')
    expect(lines.at(-1)).toMatch(
      /^GET \/rest\/v2\/cab2c\/cms\/content-slots\/NavigationBarSlot 200 \d+ms cid=abc-123$/,
    )
  })

  it('logs and echoes a call without the header under its CORRELATION_ID cookie (a preloaded call)', async () => {
    const cid = '9d2c1e4f-0a1b-4c2d-8e3f-123456789abc-18f9a2b3c4d'
    const res = await get('/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader', {
      cookie: `CORRELATION_ID=${cid}`,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-correlation-id')).toBe(cid)
    expect(lines.at(-1)).toMatch(new RegExp(`^GET /rest/v2/usb2c/cms/pages 200 \\d+ms cid=${cid}$`))
    // The header, when sent, still wins.
    const both = await get('/rest/v2/usb2c/cms/pages?lang=en&pageLabelOrId=oneHeader', {
      cookie: `CORRELATION_ID=${cid}`,
      'x-correlation-id': 'abc-123',
    })
    expect(both.headers.get('x-correlation-id')).toBe('abc-123')
  })

  it('makes up an id when none or a malformed one is sent', async () => {
    const res = await get('/rest/v2/cab2c/cms/content-slots/NavigationBarSlot?lang=fr', {
      'x-correlation-id': 'a b<c>',
    })
    expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/)
    // An unusable cookie is no id either.
    const tampered = await get('/rest/v2/cab2c/cms/content-slots/NavigationBarSlot?lang=fr', {
      cookie: 'CORRELATION_ID=undefined',
    })
    expect(tampered.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
