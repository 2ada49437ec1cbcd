// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { preloadAfterPaint } from './preloadAfterPaint'

describe('preloadAfterPaint', () => {
  it('adds a script preload for every listed chunk on this site, and nothing else', () => {
    const container = document.createElement('div')
    container.dataset.preload =
      '/assets/nav-1.js  /assets/auth-2.js //evil.example/x.js https://evil.example/y.js /assets/a.css javascript:alert(1)'
    preloadAfterPaint(container)
    const links = [...document.head.querySelectorAll('link[rel="preload"]')] as HTMLLinkElement[]
    expect(links.map((l) => new URL(l.href).pathname)).toEqual(['/assets/nav-1.js', '/assets/auth-2.js'])
    expect(links.every((l) => l.as === 'script' && l.crossOrigin === 'anonymous')).toBe(true)
  })

  it('a container without the attribute adds nothing', () => {
    document.head.innerHTML = ''
    preloadAfterPaint(document.createElement('div'))
    expect(document.head.querySelectorAll('link')).toHaveLength(0)
  })
})
