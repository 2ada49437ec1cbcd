// @vitest-environment node
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import type { FirstViewRequest } from '../../contracts/firstView'
import { loadCorpus } from '../../test/corpus'
import { renderFirstView } from './firstViewHtml'
import { readServedState } from './hydrateParts'

/**
 * The page server's renderer of the header's first view (contracts/firstView.ts), run as the server
 * runs it: in Node, without a DOM, from the bodies of the three start-up answers.
 */
const SITE = {
  siteConfigurations: { entry: [{ key: 'search.character.limit', value: '40' }] },
  messageItems: { entry: [{ key: 'header.log.in', value: 'Sign In' }] },
}
const SLOT = { componentUids: { componentUidList: ['Deals', 'Brewers', 'Hidden'] } }
const COMPONENTS = {
  component: [
    { uid: 'Brewers', linkName: 'Brewers', url: '/brewers' },
    { uid: 'Deals', highlighted: 'true', link: { linkName: 'Deals', url: '/brewco-deals' } },
    { uid: 'Hidden', visible: 'false', linkName: 'Hidden', url: '/hidden' },
  ],
}
const REQUEST: FirstViewRequest = {
  bodies: { site: SITE, slot: SLOT, components: COMPONENTS },
  brand: 'usb2c',
  lang: 'en',
  pathname: '/c/coffee',
  search: '',
  rows: { eyebrow: false, notification: true, siteNotice: false, promo: false },
  shopper: { signedIn: false, firstName: '' },
}

/** The HTML parsed back, as the browser will read it. */
const { document: page } = new JSDOM().window
function parse(html: string): Document {
  page.body.innerHTML = `<div id="c">${html}</div>`
  return page
}

describe('the page server’s first view', () => {
  it('is the whole header: logo, visible navigation in slot order, an enabled search form, Log In, the cart', () => {
    const html = renderFirstView(REQUEST)
    const doc = parse(html)
    const root = doc.querySelector('#c > div') as HTMLElement
    expect(root.hasAttribute('data-first-view')).toBe(true)
    expect(root.hasAttribute('data-frame')).toBe(false)
    expect(root.getAttribute('data-brand')).toBe('usb2c')
    // The reserved notification row, then the header; the end marker last (shell.module.css shows the
    // view only once the browser has read that far).
    expect(root.lastElementChild?.hasAttribute('data-first-view-end')).toBe(true)
    expect(root.querySelector('[aria-label="Brewco – Home"]')?.getAttribute('href')).toBe('/')
    expect([...root.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Deals', '/brewco-deals'],
      ['Brewers', '/brewers'],
    ])
    const box = root.querySelector('input[type="search"]') as HTMLInputElement
    expect(box.disabled).toBe(false)
    expect(box.name).toBe('text')
    expect(box.getAttribute('maxlength')).toBe('40')
    expect(box.form?.getAttribute('action')).toBe('/search')
    const account = root.querySelector('[data-testid="account-button"]')
    expect([account?.textContent, account?.getAttribute('href')]).toEqual(['Sign In', '/login'])
    expect(root.querySelector('a[aria-label="Cart"]')?.getAttribute('href')).toBe('/cart')
  })

  it('greets a signed-in shopper, in French paths on French pages, and fills the search page’s box', () => {
    const fr = parse(
      renderFirstView({
        ...REQUEST,
        brand: 'cab2c',
        lang: 'fr',
        pathname: '/fr/recherche',
        search: '?text=d%C3%A9caf',
        shopper: { signedIn: true, firstName: 'Jamie' },
      }),
    )
    const account = fr.querySelector('[data-testid="account-button"]')
    expect([account?.textContent, account?.getAttribute('href')]).toEqual(['Hi, Jamie', '/fr/my-account'])
    expect(fr.querySelector('form')?.getAttribute('action')).toBe('/fr/recherche')
    expect((fr.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('décaf')
    expect(fr.querySelector('a[aria-label="Cart"]')?.getAttribute('href')).toBe('/fr/cart')
  })

  it('paints nothing (the entry then paints the frame) for answers of the wrong shape or a reduced header', () => {
    for (const bodies of [
      { ...REQUEST.bodies, site: undefined },
      { ...REQUEST.bodies, slot: { componentUids: 'x' } },
      { ...REQUEST.bodies, components: { component: [{ uid: 1 }] } },
      { site: null, slot: null, components: null },
    ])
      expect(renderFirstView({ ...REQUEST, bodies })).toBe('')
    expect(renderFirstView({ ...REQUEST, pathname: '/brewer-registration' })).toBe('')
  })

  it('leaves out the parts of plugins the site configuration switches off', () => {
    const site = {
      ...SITE,
      siteConfigurations: { entry: [{ key: 'header.plugins.disabled', value: 'nav,search' }] },
    }
    const doc = parse(renderFirstView({ ...REQUEST, bodies: { ...REQUEST.bodies, site } }))
    expect(doc.querySelector('nav')).toBeNull()
    expect(doc.querySelector('form')).toBeNull()
    expect(doc.querySelector('[data-testid="account-button"]')).not.toBeNull()
  })

  it('escapes hostile CMS text and cookie values: every corpus payload stays text', () => {
    for (const { payload } of loadCorpus('xss-payloads').cases) {
      const html = renderFirstView({
        ...REQUEST,
        bodies: {
          ...REQUEST.bodies,
          site: { ...SITE, messageItems: { entry: [{ key: 'header.search.placeholder', value: payload }] } },
          components: { component: [{ uid: 'Deals', linkName: payload, url: '/brewco-deals' }] },
        },
        shopper: { signedIn: true, firstName: payload },
      })
      const doc = parse(html)
      expect(
        doc.querySelector(
          '#c script:not([type="application/json"]), #c iframe, #c img, #c [onerror], #c [onload]',
        ),
      ).toBeNull()
      // The served state is data: one JSON script, whose text no payload can end or break out of.
      const states = doc.querySelectorAll('#c script')
      expect(states).toHaveLength(1)
      expect(states[0]?.textContent).not.toMatch(/[<>]/)
      expect(
        readServedState(doc.querySelector('#c') as HTMLElement)?.labels['header.search.placeholder'],
      ).toBe(payload)
      // The placeholder's words are drawn by the form (long and short), as text.
      expect(doc.querySelector('[class*="_placeholderLong"]')?.textContent).toBe(payload)
    }
    // One whole header rendered per corpus payload: seconds on a quiet machine, more on a busy one.
  }, 90_000)

  it("draws the shell's rows whole: the app banner, the notification, the utility row, the promotion", () => {
    const notification =
      '<p><strong>Free shipping weekend</strong> on all brewers™. <a href="/c/brewers">Shop brewers</a></p>'
    const promo = '<p>Take the coffee quiz. <a href="/quiz">Start the quiz</a></p>'
    const page = {
      contentSlots: {
        contentSlot: [
          cmsSlot('GlobalNotificationSlot', notification),
          cmsSlot('HeaderPromoSlot', promo, 'CENTER'),
        ],
      },
    }
    const rows = { eyebrow: true, notification: true, siteNotice: false, promo: true }
    const us = parse(renderFirstView({ ...REQUEST, bodies: { ...REQUEST.bodies, page }, rows }))
    const part = (name: string) => us.querySelector(`[data-part="${name}"]`) as HTMLElement
    expect(
      part('shell.top').querySelector('section[aria-label] [data-cms-slot="GlobalNotificationSlot"] p')
        ?.innerHTML,
    ).toBe(
      '<strong>Free shipping weekend</strong> on all brewers<sup>™</sup>. <a href="/c/brewers">Shop brewers</a>',
    )
    expect(part('shell.top').querySelector('aside a')?.getAttribute('href')).toBe('/app')
    expect(part('shell.top').querySelector('aside button')?.getAttribute('data-replay-pending')).toBe('')
    expect(
      part('shell.promo').querySelector('[data-cms-slot="HeaderPromoSlot"] a')?.getAttribute('href'),
    ).toBe('/quiz')
    // usb2c: free shipping and its terms button (kept for the live one), the support link.
    const utility = part('shell.utility')
    expect(utility.textContent).toContain('Free shipping on orders over $60')
    expect(utility.querySelector('button')?.getAttribute('data-replay')).toBe('freeShipping:terms')
    expect(utility.querySelector('a')?.getAttribute('href')).toBe('/content/contact-us')
    expect(utility.querySelector('[role="group"]')).toBeNull()
    // cab2c in French: no free shipping; EN | FR, the English link to the same page in English.
    const fr = parse(
      renderFirstView({
        ...REQUEST,
        brand: 'cab2c',
        lang: 'fr',
        pathname: '/fr/accueil',
        bodies: { ...REQUEST.bodies, page },
        rows,
      }),
    )
    const frUtility = fr.querySelector('[data-part="shell.utility"]') as HTMLElement
    expect(frUtility.querySelector('button')).toBeNull()
    expect(
      [...frUtility.querySelectorAll('[role="group"] a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['EN', '/']])
    // Without the page's content (a page server that does not send it) the rows stay as before.
    const bare = parse(renderFirstView({ ...REQUEST, rows }))
    expect(bare.querySelector('[data-part="shell.promo"]')?.textContent).toBe('')
    expect(bare.querySelector('[data-part="shell.utility"]')?.textContent).toBe('')
  })

  it('puts CMS rows through the one sanitiser on the server too: no corpus payload runs', () => {
    for (const { payload } of loadCorpus('xss-payloads').cases) {
      const page = { contentSlots: { contentSlot: [cmsSlot('HeaderPromoSlot', payload)] } }
      const doc = parse(
        renderFirstView({
          ...REQUEST,
          bodies: { ...REQUEST.bodies, page },
          rows: { ...REQUEST.rows, promo: true },
        }),
      )
      const promoRow = doc.querySelector('[data-part="shell.promo"]') as HTMLElement
      expect(promoRow.querySelector('script, iframe, object, embed, form, style, svg'), payload).toBeNull()
      for (const el of promoRow.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) expect(attr, payload).not.toMatch(/^on/i)
        expect(el.getAttribute('href') ?? '', payload).not.toMatch(/^\s*(javascript|data|vbscript):/i)
      }
    }
    // One whole header rendered per corpus payload, as above.
  }, 90_000)
})

function cmsSlot(position: string, content: string, horizontalAlignment = 'LEFT') {
  return {
    position,
    components: {
      component: [
        { typeCode: 'CMSParagraphComponent', uid: `${position}Paragraph`, content, horizontalAlignment },
      ],
    },
  }
}
