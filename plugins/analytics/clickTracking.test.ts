// @vitest-environment jsdom
import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { headerClickOf } from './clickTracking'
import { loadTagManagerWhenAllowed } from './loadTagManager'

const ORIGIN = 'http://localhost:3000'
const link = (html: string) => {
  document.body.innerHTML = html
  return document.querySelector('a span') ?? document.querySelector('a')
}

describe('the header’s delegated clicks (select_promotion, outbound_link_click)', () => {
  it('a promo card is a promotion; a same-site link is not outbound', () => {
    const target = link(
      '<a href="/c/holiday?x=1" data-nav-location="sidebar" data-promotion-id="HolidayPromo" data-promotion-name="Holiday blends"><span>Shop</span></a>',
    )
    expect(headerClickOf(target, ORIGIN)).toEqual({
      promotion: { id: 'HolidayPromo', name: 'Holiday blends', location: 'sidebar', path: '/c/holiday?x=1' },
    })
  })
  it('a link to another site is outbound, with its text; mailto and plain links are nothing', () => {
    expect(headerClickOf(link('<a href="https://help.example.com/faq">  Help  centre </a>'), ORIGIN)).toEqual(
      {
        outbound: { url: 'https://help.example.com/faq', text: 'Help centre', location: 'header' },
      },
    )
    expect(headerClickOf(link('<a href="mailto:x@example.com">Mail</a>'), ORIGIN)).toEqual({})
    expect(headerClickOf(link('<a href="/c/coffee">Coffee</a>'), ORIGIN)).toEqual({})
  })
})

describe('loading the tag manager (consent-gated)', () => {
  const consentOf = (allowed: boolean) => {
    const state$ = new BehaviorSubject(0)
    const c = { allowed, allows: () => c.allowed, state$ }
    return c
  }
  const scripts = () => document.querySelectorAll('script[data-one-header-tag-manager]').length

  it('not while analytical is denied; once when allowed later; never twice', () => {
    document.head.innerHTML = ''
    const consent = consentOf(false)
    const stop = loadTagManagerWhenAllowed(document, '/utag.js', consent as never)
    expect(scripts()).toBe(0)
    consent.allowed = true
    consent.state$.next(1)
    consent.state$.next(2)
    expect(scripts()).toBe(1)
    expect(document.querySelector('script')?.getAttribute('src')).toBe('/utag.js')
    stop()
  })
  it('nothing without a configured address, or over a utag the page has', () => {
    document.head.innerHTML = ''
    loadTagManagerWhenAllowed(document, '', consentOf(true) as never)
    ;(window as unknown as { utag?: unknown }).utag = { link() {} }
    loadTagManagerWhenAllowed(document, '/utag.js', consentOf(true) as never)
    expect(scripts()).toBe(0)
    delete (window as unknown as { utag?: unknown }).utag
  })
})
