// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Brand } from '../../../site/brand'
import { loadCorpus } from '../../../test/corpus'
import { readCart, sessionCartGuid } from '../../auth/account/cartQueries'
import { SERVER_BRANDS } from '../../brands'
import { createServer, type ReferenceServer } from '../../createServer'
import { testStore } from '../../db/testing/testStore'
import { placeOfferOrder } from './offerQueries'

let server: ReferenceServer
beforeAll(async () => {
  server = await createServer({ ...(await testStore()), log: false, distDir: '/nonexistent/dist' })
})
afterAll(() => server.close())

const hostOf = (brand: Brand) => `${SERVER_BRANDS[brand].devHost}:4200`
const SESSION = 'offer-test-session-1'
const page = async (brand: Brand, path: string) =>
  (await server.app.request(path, { headers: { host: hostOf(brand), cookie: `SESSION=${SESSION}` } })).text()
const send = (brand: Brand, path: string, fields: URLSearchParams, headers: Record<string, string> = {}) =>
  server.app.request(path, {
    method: 'POST',
    body: fields.toString(),
    headers: {
      host: hostOf(brand),
      cookie: `SESSION=${SESSION}`,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
  })
/** The hidden fields of the page's confirm form (step 3). */
const confirmFields = (html: string) => {
  const form = /<form method="post"[^>]*>(.*?)<\/form>/s.exec(html)?.[1] ?? ''
  return new URLSearchParams(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [
      m[1]!,
      m[2]!,
    ]),
  )
}
const radios = (html: string) => [...html.matchAll(/name="brewer" value="([^"]+)"/g)].map((m) => m[1]!)
const podFields = (html: string) => [...html.matchAll(/name="(box-[^"]+)"/g)].map((m) => m[1]!)

describe('the brewer-offer flow on the starter-kit page', () => {
  it('lists the three offers when none is chosen, in English and French', async () => {
    const en = await page('usb2c', '/brewco-starter-kit')
    expect(en).toContain('Choose an offer')
    expect(en).toContain('href="/brewco-starter-kit?openedKSK=FREEBREWER"')
    const fr = await page('cab2c', '/fr/trousse-de-demarrage-brewco')
    expect(fr).toContain('Choisissez une offre')
  })

  it('walks pick brewer → choose pods → confirm, and back, keeping what was chosen', async () => {
    const step1 = await page('usb2c', '/brewer-starter-kit?openedKSK=KSKBBAD')
    expect(step1).toContain('Step 1 of 3: Pick a brewer')
    const brewers = radios(step1)
    expect(brewers).toHaveLength(12)
    const step2 = await page('usb2c', `/brewer-starter-kit?openedKSK=KSKBBAD&step=2&brewer=${brewers[1]}`)
    expect(step2).toContain('Step 2 of 3: Choose pods')
    const pods = podFields(step2)
    expect(pods).toHaveLength(8)
    const chosen = `${pods[0]}=3&${pods[1]}=1`
    const step3 = await page(
      'usb2c',
      `/brewer-starter-kit?openedKSK=KSKBBAD&step=3&brewer=${brewers[1]}&${chosen}`,
    )
    expect(step3).toContain('Step 3 of 3: Confirm order')
    expect(step3).toMatch(/3 × [^<]+K-Cup Pods, 24 Count/)
    // Back from step 3: step 2 with the counts kept; back from step 2: the brewer still picked.
    const back = /class="offer-back" href="([^"]+)"/.exec(step3)![1]!.replaceAll('&amp;', '&')
    const again = await page('usb2c', back)
    expect(again).toContain('Step 2 of 3')
    expect(again).toContain(`name="${pods[0]}" value="3"`)
    const first = /class="offer-back" href="([^"]+)"/.exec(again)![1]!.replaceAll('&amp;', '&')
    expect(await page('usb2c', first)).toContain(`value="${brewers[1]}" checked`)
  })

  it('says what is missing when a step is asked for too early', async () => {
    expect(await page('usb2c', '/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER&step=2')).toContain(
      'role="alert">Pick a brewer to go on.',
    )
    const step1 = await page('usb2c', '/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER')
    const brewer = radios(step1)[0]
    const pod = podFields(
      await page('usb2c', `/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER&step=2&brewer=${brewer}`),
    )[0]
    expect(
      await page(
        'usb2c',
        `/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER&step=3&brewer=${brewer}&${pod}=2`,
      ),
    ).toContain('role="alert">Choose 6 boxes in all; you have 2.')
    // The page's title says it first (a screen reader reads the title of the page it lands on).
    expect(await page('usb2c', '/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER&step=2')).toMatch(
      /<title>Error: Pick a brewer to go on\. Step 1 of 3: Pick a brewer – /,
    )
    // A count for a pod the step does not list (an old link) is not counted as the shopper's.
    expect(
      await page(
        'usb2c',
        `/brewer-starter-kit?openedKSK=FIFTYPERCENTBREWER&step=3&brewer=${brewer}&${pod}=2&box-5000-9999-9999-99=4`,
      ),
    ).toContain('role="alert">Choose 6 boxes in all; you have 2.')
  })

  it('says the business store has no starter kits, and lists no offer to follow', async () => {
    for (const path of ['/brewer-starter-kit?openedKSK=KSKBBAD', '/brewco-starter-kit']) {
      const html = await page('usafh', path)
      expect(html).toContain('Starter kits are offered in our home stores only.')
      expect(html).not.toContain('class="offer-form"')
      expect(html).not.toContain('openedKSK=')
    }
  })

  it('offers only the K-Mini with the free brewer', async () => {
    const html = await page('cab2c', '/fr/brewer-starter-kit?openedKSK=FREEBREWER')
    // French puts a non-breaking space before the colon; the title names the step too.
    expect(html).toContain('<h3 class="offer-step-heading">Étape 1 sur 3\u00a0: Choisir une cafetière</h3>')
    expect(html).toMatch(/<title>Étape 1 sur 3\u00a0: Choisir une cafetière – /)
    expect(
      [...html.matchAll(/name="brewer" value="[^"]+" *(?:checked)? *required> ([^<]+)</g)].map((m) => m[1]),
    ).toEqual([
      'Cafetière à portion individuelle K-Mini de Brewco, coloris noir',
      'Cafetière à portion individuelle K-Mini de Brewco, coloris argent brossé',
      'Cafetière à portion individuelle K-Mini de Brewco, coloris blanc mat',
    ])
  })

  it('puts the kit in the cart once, however many times the confirm form is sent', async () => {
    const brewer = radios(await page('usb2c', '/brewer-starter-kit?openedKSK=KSKBBAD'))[0]
    const pod = podFields(
      await page('usb2c', `/brewer-starter-kit?openedKSK=KSKBBAD&step=2&brewer=${brewer}`),
    )[2]
    const step3 = await page(
      'usb2c',
      `/brewer-starter-kit?openedKSK=KSKBBAD&step=3&brewer=${brewer}&${pod}=4`,
    )
    const fields = confirmFields(step3)
    expect(fields.get('orderKey')).toMatch(/^[0-9a-f-]{36}$/)
    const guid = await sessionCartGuid(server.db, 'usb2c', SESSION)
    const before = (await readCart(server.db, guid)).totalUnitCount
    const answers = await Promise.all([1, 2, 3].map(() => send('usb2c', '/brewer-starter-kit', fields)))
    for (const answer of answers) {
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(
        `/brewer-starter-kit?openedKSK=KSKBBAD&order=${fields.get('orderKey')}`,
      )
    }
    expect((await readCart(server.db, guid)).totalUnitCount).toBe(before + 5)
    const done = await page('usb2c', answers[0]!.headers.get('location')!)
    expect(done).toContain('Your kit is in your cart: the brewer and 4 boxes of pods.')
    expect(done).toContain('href="/cart"')
    // The order's own offer only: the same key under another offer's address says nothing.
    expect(
      await page('usb2c', `/brewer-starter-kit?openedKSK=FREEBREWER&order=${fields.get('orderKey')}`),
    ).not.toContain('Your kit is in your cart')
    // A made-up order key says nothing of the kind.
    expect(
      await page('usb2c', '/brewer-starter-kit?openedKSK=KSKBBAD&order=00000000-0000-4000-8000-000000000000'),
    ).not.toContain('Your kit is in your cart')
  })

  it('takes the order key and adds the lines together: a failed add leaves neither, and the form can be sent again', async () => {
    const guid = await sessionCartGuid(server.db, 'usb2c', 'offer-test-session-2')
    const brewer = radios(await page('usb2c', '/brewer-starter-kit?openedKSK=KSKBBAD'))[0]!
    const key = crypto.randomUUID()
    const choice = (count: number) => ({
      offer: 'KSKBBAD' as const,
      asked: 3 as const,
      brewer,
      boxes: new Map([['5000-0101-0001-01', count]]),
    })
    // 1,000 boxes break the cart line's check: the brewer's line is not left behind, nor the key.
    await expect(
      placeOfferOrder(server.db, { key, brand: 'usb2c', cartGuid: guid, choice: choice(1000) }),
    ).rejects.toThrow()
    expect((await readCart(server.db, guid)).totalUnitCount).toBe(0)
    expect(await placeOfferOrder(server.db, { key, brand: 'usb2c', cartGuid: guid, choice: choice(4) })).toBe(
      true,
    )
    expect(await placeOfferOrder(server.db, { key, brand: 'usb2c', cartGuid: guid, choice: choice(4) })).toBe(
      false,
    )
    expect((await readCart(server.db, guid)).totalUnitCount).toBe(5)
  })

  it('sends an incomplete or forged order back to the step that shows what is missing, and refuses another site’s form', async () => {
    const guid = await sessionCartGuid(server.db, 'usb2c', SESSION)
    const before = (await readCart(server.db, guid)).totalUnitCount
    const short = new URLSearchParams({ openedKSK: 'KSKBBAD', brewer: 'nope', orderKey: crypto.randomUUID() })
    const answer = await send('usb2c', '/brewer-starter-kit', short)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/brewer-starter-kit?openedKSK=KSKBBAD&step=3&brewer=nope')
    const foreign = await send('usb2c', '/brewer-starter-kit', short, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    const crossSite = await send('usb2c', '/brewer-starter-kit', short, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    const big = await send(
      'usb2c',
      '/brewer-starter-kit',
      new URLSearchParams({ openedKSK: 'x'.repeat(20_000) }),
    )
    expect(big.status).toBe(413)
    expect((await readCart(server.db, guid)).totalUnitCount).toBe(before)
    // Other pages take no POST.
    expect((await send('usb2c', '/cart', short)).status).toBe(404)
  })

  it('draws nothing of a hostile address (the XSS corpus in every field)', async () => {
    for (const { payload } of loadCorpus('xss-payloads').cases.filter((c) => /[<>"']/.test(c.payload))) {
      const hostile = encodeURIComponent(payload)
      const html = await page(
        'usb2c',
        `/brewer-starter-kit?openedKSK=KSKBBAD&step=3&brewer=${hostile}&box-${hostile}=1&orderKey=${hostile}`,
      )
      expect(html).toContain('role="alert">Pick a brewer to go on.')
      expect(html).not.toContain(payload)
    }
  })
})
