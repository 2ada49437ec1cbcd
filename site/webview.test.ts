import { describe, expect, it } from 'vitest'
import { DEFAULT_WEBVIEW_TOKEN, isAppWebview } from './webview'

const browser = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'

describe('app webview', () => {
  it('is detected by the default user-agent token', () => {
    expect(DEFAULT_WEBVIEW_TOKEN).toBe('OneHeaderApp')
    expect(isAppWebview({ userAgent: `${browser} OneHeaderApp/3.2`, search: '' })).toBe(true)
    expect(isAppWebview({ userAgent: browser, search: '' })).toBe(false)
  })

  it('matches the token case-sensitively', () => {
    expect(isAppWebview({ userAgent: `${browser} oneheaderapp/3.2`, search: '' })).toBe(false)
  })

  it('uses the configured token, or the default when it is empty', () => {
    expect(isAppWebview({ userAgent: `${browser} BrewcoApp`, search: '', token: 'BrewcoApp' })).toBe(true)
    expect(isAppWebview({ userAgent: `${browser} OneHeaderApp`, search: '', token: 'BrewcoApp' })).toBe(false)
    expect(isAppWebview({ userAgent: `${browser} OneHeaderApp`, search: '', token: '' })).toBe(true)
  })

  it('is forced by webview=1 in the query, with or without the ?', () => {
    expect(isAppWebview({ userAgent: browser, search: '?webview=1' })).toBe(true)
    expect(isAppWebview({ userAgent: browser, search: 'a=2&webview=1' })).toBe(true)
    expect(isAppWebview({ userAgent: browser, search: '?webview=0' })).toBe(false)
    expect(isAppWebview({ userAgent: browser, search: '?webview=10' })).toBe(false)
    expect(isAppWebview({ userAgent: browser, search: '?xwebview=1' })).toBe(false)
  })
})
