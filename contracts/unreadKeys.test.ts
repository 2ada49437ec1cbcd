import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CustomerDetailsSchema } from './auth'
import { NavLinkSchema } from './cms'
import { parseSiteConfig } from './siteConfig'

// Keys the spec lists and the header does not read are dropped by its schemas (docs/decisions/cms-content.md,
// "Keys the header reads, and those it does not"), so nothing can start depending on them unseen.
describe('keys the header does not read', () => {
  it('the loyalty flag (isLoyaltyEnabled) is read beside the programme switch (contracts/loyaltyProgramme.ts)', () => {
    const off = parseSiteConfig([
      { key: 'loyalty.program.enabled', value: 'true' },
      { key: 'isLoyaltyEnabled', value: 'false' },
    ])
    expect(off.loyaltyProgramEnabled).toBe(true)
    expect(off.loyaltyFeatureFlag).toBe(false)
    expect(parseSiteConfig([]).loyaltyFeatureFlag).toBe(true)
  })

  it("a navigation link's colour and icon are kept as the CMS sends them (plugins/nav/linkStyle.ts decides what is drawn)", () => {
    const link = v.parse(NavLinkSchema, {
      linkName: 'Coffee',
      url: '/c/coffee',
      linkColor: 'red',
      linkIcon: 'x',
    })
    expect(link).toEqual({ linkName: 'Coffee', url: '/c/coffee', linkColor: 'red', linkIcon: 'x' })
  })

  it("customer data's perksOptInSuccess and connectedBrewer are read (the string true is a connected brewer)", () => {
    const details = v.parse(CustomerDetailsSchema, {
      isLoggedIn: true,
      perksOptInSuccess: true,
      connectedBrewer: 'true',
    })
    expect(details).toMatchObject({ isLoggedIn: true, perksOptInSuccess: true, connectedBrewer: true })
    expect(v.parse(CustomerDetailsSchema, { connectedBrewer: 'false' }).connectedBrewer).toBe(false)
    expect(v.parse(CustomerDetailsSchema, {})).toMatchObject({
      perksOptInSuccess: false,
      connectedBrewer: false,
    })
  })
})
