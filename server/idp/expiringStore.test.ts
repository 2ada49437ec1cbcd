import { describe, expect, it } from 'vitest'
import { ExpiringStore } from './expiringStore'
import { s256Challenge, verifyPkce } from './pkce'

describe('ExpiringStore', () => {
  it('forgets entries at their expiry and can hand a value out once', () => {
    let now = 0
    const store = new ExpiringStore<string>(1000, 10, () => now)
    store.set('a', 'A')
    store.set('b', 'B')
    expect(store.take('a')).toBe('A')
    expect(store.get('a')).toBeUndefined()
    now = 999
    expect(store.get('b')).toBe('B')
    now = 1000
    expect(store.get('b')).toBeUndefined()
  })

  it('stays within its bound, dropping the oldest first', () => {
    const store = new ExpiringStore<number>(60_000, 3)
    for (let i = 0; i < 5; i++) store.set(`k${i}`, i)
    expect(store.size).toBe(3)
    expect(store.get('k0')).toBeUndefined()
    expect(store.get('k4')).toBe(4)
  })
})

describe('PKCE S256', () => {
  // RFC 7636 appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
  it('matches the RFC example and refuses anything else', () => {
    expect(s256Challenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
    expect(verifyPkce(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true)
    expect(verifyPkce(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false)
    expect(verifyPkce('short', s256Challenge('short'))).toBe(false)
  })
})
