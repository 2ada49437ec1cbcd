// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPasswordHash } from './passwordHash'

describe('scrypt password hashes', () => {
  it('stores N=16384 r=8 p=1 with a 16-byte salt, and a fresh salt per hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Coffee1234'), hashPassword('Coffee1234')])
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain('Coffee1234')
  })

  it('verifies the right password only', async () => {
    const hash = await hashPassword('Coffee1234')
    expect(await verifyPasswordHash('Coffee1234', hash)).toBe(true)
    expect(await verifyPasswordHash('coffee1234', hash)).toBe(false)
    expect(await verifyPasswordHash('', hash)).toBe(false)
  })

  it('treats Unicode forms alike (NFKC) and never matches a malformed hash', async () => {
    expect(await verifyPasswordHash('Cafe\u0301-2024', await hashPassword('Café-2024'))).toBe(true)
    for (const bad of ['', 'plain', 'scrypt$16384$8$1$$', 'bcrypt$1$2$3$abc$def']) {
      expect(await verifyPasswordHash('x', bad)).toBe(false)
    }
  })
})
