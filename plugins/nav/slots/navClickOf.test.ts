// @vitest-environment jsdom
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { flyoutId } from '../panels/FlyoutPanel'
import { navClickOf, navLocationOf } from './navClickOf'

const ORIGIN = window.location.origin

/** Puts `html` in the page and returns the element matching `selector` inside it. */
function dom(html: string, selector = 'a, button, span, li, img') {
  document.body.innerHTML = html
  return document.body.querySelector(selector)!
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('navClickOf: the followed link, read from the contract attributes', () => {
  it('a marked panel link: every attribute as it is', () => {
    const link = dom(
      `<a href="/c/coffee-pods" data-nav-location="sub nav" data-nav-component="Pods"
          data-nav-header="Coffee" data-nav-click-type="text">  Coffee
          pods </a>`,
    )
    expect(navClickOf(link, ORIGIN)).toEqual({
      location: 'sub nav',
      componentId: 'Pods',
      header: 'Coffee',
      text: 'Coffee pods',
      path: '/c/coffee-pods',
      clickType: 'text',
    })
  })

  it('a click on an image inside an icon link: the link, its click type icon, the image alt as its text', () => {
    const img = dom(
      `<a href="/lp/smart-family?x=1#top" data-nav-location="footer" data-nav-component="NavSmartFamilyCardComponent"
          data-nav-click-type="icon"><img src="/i.png" alt="Smart family"></a>`,
      'img',
    )
    expect(navClickOf(img, ORIGIN)).toEqual({
      location: 'footer',
      componentId: 'NavSmartFamilyCardComponent',
      text: 'Smart family',
      path: '/lp/smart-family?x=1',
      clickType: 'icon',
    })
  })

  it('an icon link named by aria-label', () => {
    const link = dom('<a href="/cart" aria-label="Cart" data-nav-click-type="icon"><svg></svg></a>')
    expect(navClickOf(link, ORIGIN)?.text).toBe('Cart')
  })

  it('an unmarked link: text content, click type text, top nav outside a panel and sub nav inside one', () => {
    const top = dom('<nav><ul><li><a href="/brewco-deals">Deals</a></li></ul></nav>', 'a')
    expect(navClickOf(top, ORIGIN)).toEqual({
      location: 'top nav',
      text: 'Deals',
      path: '/brewco-deals',
      clickType: 'text',
    })
    const inPanel = dom(`<div id="${flyoutId('BeveragesBarComponent')}"><a href="/c/tea">Tea</a></div>`, 'a')
    expect(navClickOf(inPanel, ORIGIN)).toEqual({
      location: 'sub nav',
      text: 'Tea',
      path: '/c/tea',
      clickType: 'text',
    })
  })

  it('an absolute link to this site is reported by its path', () => {
    const link = dom(`<a href="${ORIGIN}/recipes?page=2">Recipes</a>`)
    expect(navClickOf(link, ORIGIN)?.path).toBe('/recipes?page=2')
  })

  it('links off the site and other schemes are not navigation', () => {
    for (const href of [
      'https://elsewhere.example/x',
      '//elsewhere.example/x',
      'mailto:a@b.c',
      'javascript:void(0)',
    ])
      expect(navClickOf(dom(`<a href="${href}">x</a>`), ORIGIN)).toBeUndefined()
  })

  it('a non-link, a link without href and an unmarked button are nothing', () => {
    expect(navClickOf(dom('<li><span>Coffee</span></li>', 'span'), ORIGIN)).toBeUndefined()
    expect(navClickOf(dom('<a>Coffee</a>', 'a'), ORIGIN)).toBeUndefined()
    expect(
      navClickOf(dom('<button type="button" aria-expanded="false">Beverages menu</button>'), ORIGIN),
    ).toBeUndefined()
    expect(navClickOf(null, ORIGIN)).toBeUndefined()
    expect(navClickOf(window, ORIGIN)).toBeUndefined()
  })

  it('a marked disclosure button (a phone category that opens its panel) is not navigation', () => {
    const category = dom(
      '<button type="button" aria-expanded="false" data-nav-location="top nav" data-nav-component="BeveragesBarComponent">Beverages</button>',
    )
    expect(navClickOf(category, ORIGIN)).toBeUndefined()
  })

  it('a marked button that is no disclosure: tracked, with no path', () => {
    const button = dom(
      '<button type="button" data-nav-location="top nav" data-nav-component="BeveragesBarComponent">Beverages</button>',
    )
    expect(navClickOf(button, ORIGIN)).toEqual({
      location: 'top nav',
      componentId: 'BeveragesBarComponent',
      text: 'Beverages',
      path: '',
      clickType: 'text',
    })
  })

  it('an unknown click type is text', () => {
    expect(navClickOf(dom('<a href="/x" data-nav-click-type="image">x</a>'), ORIGIN)?.clickType).toBe('text')
  })
})

describe('navLocationOf (nav spec §7 nav_location)', () => {
  it('the four locations as they are; the CMS section names in any case', () => {
    expect(navLocationOf('top nav', true)).toBe('top nav')
    expect(navLocationOf('sub nav', false)).toBe('sub nav')
    expect(navLocationOf('sideBar', false)).toBe('sidebar')
    expect(navLocationOf('SIDEBAR', false)).toBe('sidebar')
    expect(navLocationOf('FOOTER', false)).toBe('footer')
    expect(navLocationOf(' body ', false)).toBe('sub nav')
  })

  it('property: the result is always one of the four locations', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.boolean(), (marked, inPanel) => {
        expect(['top nav', 'sub nav', 'sidebar', 'footer']).toContain(navLocationOf(marked, inPanel))
      }),
    )
  })

  it('property: a known section in any letter case, padded, wins over where the link sits', () => {
    const cased = (word: string) =>
      fc
        .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
        .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''))
    const known = fc
      .constantFrom(['sidebar', 'sidebar'], ['footer', 'footer'], ['body', 'sub nav'], ['top nav', 'top nav'])
      .chain(([word, expected]) => fc.tuple(cased(word!), fc.constant(expected)))
    fc.assert(
      fc.property(known, fc.boolean(), fc.nat(3), ([marked, expected], inPanel, pad) => {
        expect(navLocationOf(`${' '.repeat(pad)}${marked}`, inPanel)).toBe(expected)
      }),
    )
  })

  it('property: anything else falls back to where the link sits', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.boolean(), (marked, inPanel) => {
        const known = ['top nav', 'sub nav', 'body', 'sidebar', 'footer']
        fc.pre(marked === undefined || !known.includes(marked.trim().toLowerCase()))
        expect(navLocationOf(marked, inPanel)).toBe(inPanel ? 'sub nav' : 'top nav')
      }),
    )
  })
})
