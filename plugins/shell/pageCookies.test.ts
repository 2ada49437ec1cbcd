import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PAGE_COOKIES, pageCookies, RECENT_PRODUCTS_DAYS, RECENT_PRODUCTS_MAX } from './pageCookies'

const at = (pathname: string, search = '') => ({ pathname, search })
const recentOf = (writes: ReturnType<typeof pageCookies>) =>
  writes.find((w) => w.name === PAGE_COOKIES.recentProducts)

describe('page cookies (header spec §3)', () => {
  it('current page: the path as shown, French prefix and query kept, a session cookie', () => {
    expect(pageCookies(at('/fr/c/cafe', '?page=2'), undefined)).toEqual([
      { name: 'currentPage', value: '/fr/c/cafe?page=2' },
    ])
  })

  it('current page: never another site’s address, the login or logout page, or a cut address', () => {
    const current = (pathname: string, search = '') =>
      pageCookies(at(pathname, search), undefined).find((w) => w.name === PAGE_COOKIES.currentPage)?.value
    expect(current('//evil.example/x')).toBeUndefined()
    expect(current('/\\evil.example')).toBeUndefined()
    expect(current('/login')).toBeUndefined()
    expect(current('/fr/login', '?register=true')).toBeUndefined()
    expect(current('/logout')).toBeUndefined()
    expect(current('/login-help')).toBe('/login-help')
    expect(current(`/c/${'x'.repeat(600)}`)).toBeUndefined()
  })

  it('recent products: the product code first, kept 30 days; other pages leave the list alone', () => {
    expect(recentOf(pageCookies(at('/p/5000-0111-0001-01'), 'A1|B2'))).toEqual({
      name: 'recentProducts',
      value: '5000-0111-0001-01|A1|B2',
      expiresDays: RECENT_PRODUCTS_DAYS,
    })
    expect(recentOf(pageCookies(at('/fr/cafe-torrefie/p/K-100'), 'A1|K-100|B2'))?.value).toBe('K-100|A1|B2')
    expect(recentOf(pageCookies(at('/c/coffee'), 'A1'))).toBeUndefined()
    // Whatever the shopper (or a script) put in the cookie, only code-shaped values survive.
    expect(recentOf(pageCookies(at('/p/A1'), '<script>|B2||x y|C3'))?.value).toBe('A1|B2|C3')
  })

  it('recent products hold at most 10 codes, unique, newest first, whatever came before (property)', () => {
    const code = fc.stringMatching(/^[A-Za-z0-9][\w-]{0,20}$/)
    fc.assert(
      fc.property(code, fc.array(fc.oneof(code, fc.string()), { maxLength: 30 }), (viewed, earlier) => {
        const value = recentOf(pageCookies(at(`/p/${viewed}`), earlier.join('|')))?.value ?? ''
        const codes = value.split('|')
        expect(codes[0]).toBe(viewed)
        expect(codes.length).toBeLessThanOrEqual(RECENT_PRODUCTS_MAX)
        expect(new Set(codes).size).toBe(codes.length)
        for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9][\w-]*$/)
      }),
    )
  })

  it('brewer registration flag on the brewer registration page only', () => {
    const flag = (path: string) =>
      pageCookies(at(path), undefined).find((w) => w.name === PAGE_COOKIES.brewerRegistration)
    expect(flag('/brewer-registration')).toEqual({ name: 'brewerRegistration', value: 'true' })
    expect(flag('/fr/brewer-registration')?.value).toBe('true')
    expect(flag('/brewer-registration-help')).toBeUndefined()
    expect(flag('/')).toBeUndefined()
  })
})
