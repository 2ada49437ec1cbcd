import { describe, expect, it } from 'vitest'
import { isLogoutPage } from './logoutPage'

describe('the logout page (header spec §2)', () => {
  it('is /logout and /fr/logout, a trailing slash allowed, and nothing else', () => {
    for (const path of ['/logout', '/fr/logout', '/logout/', '/fr/logout//'])
      expect(isLogoutPage(path), path).toBe(true)
    for (const path of ['/', '/login', '/logout/x', '/fr/logouts', '/my-account/logout', '/fr'])
      expect(isLogoutPage(path), path).toBe(false)
  })
})
