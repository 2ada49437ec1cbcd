// @vitest-environment jsdom
import Cookies from 'js-cookie'
import { describe, expect, it } from 'vitest'
import { createCookieWriter } from './cookieWriter'

describe('cookie writer', () => {
  it('writes only allowed cookies and reports refused ones', () => {
    const refused: string[] = []
    const cookies = createCookieWriter(() => ['languageChosen'], { onRefused: (n) => refused.push(n) })
    expect(cookies.set('languageChosen', 'true', { expiresDays: 7 })).toBe(true)
    expect(cookies.set('tracking', '1')).toBe(false)
    expect(Cookies.get('languageChosen')).toBe('true')
    expect(Cookies.get('tracking')).toBeUndefined()
    expect(refused).toEqual(['tracking'])
    cookies.remove('languageChosen')
    expect(Cookies.get('languageChosen')).toBeUndefined()
  })

  it('reads the allow-list each time, so a configuration change applies at once', () => {
    let allowed: string[] = []
    const cookies = createCookieWriter(() => allowed)
    expect(cookies.set('a', '1')).toBe(false)
    allowed = ['a']
    expect(cookies.set('a', '1')).toBe(true)
  })
})
