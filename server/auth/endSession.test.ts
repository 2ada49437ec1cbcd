// @vitest-environment node
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ENDED_COOKIES, endSession, hasSession } from './endSession'

describe('the logout page ends the session in the browser', () => {
  const app = new Hono().get('/logout', async (c) =>
    c.json({ ended: await endSession(c), stillSignedIn: hasSession(c) }),
  )

  it('removes every session cookie the request carries, at path /, and keeps the browser’s own', async () => {
    const cookie =
      'access_token=a; refresh_token=r; customerFirstName=Jamie; visitorSegments=KnownUser; languageChosen=true; OptanonConsent=x'
    const res = await app.request('/logout', { headers: { cookie } })
    // The rest of the request sees no session any more.
    expect(await res.json()).toEqual({ ended: true, stillSignedIn: false })
    const removed = res.headers.getSetCookie()
    expect(removed.map((line) => line.split('=')[0]).sort()).toEqual(
      ['access_token', 'customerFirstName', 'refresh_token', 'visitorSegments'].sort(),
    )
    for (const line of removed) {
      expect(line).toMatch(/Max-Age=0/i)
      expect(line).toMatch(/Path=\//)
    }
    expect(ENDED_COOKIES).not.toContain('languageChosen')
  })

  it('changes nothing for a visitor without a session', async () => {
    const res = await app.request('/logout', { headers: { cookie: 'languageChosen=true' } })
    expect(await res.json()).toEqual({ ended: false, stillSignedIn: false })
    expect(res.headers.getSetCookie()).toEqual([])
  })
})
