import { describe, expect, it } from 'vitest'
import { loyaltyProgrammeOn } from './loyaltyProgramme'
import { parseSiteConfig } from './siteConfig'

const config = (flag?: string) =>
  parseSiteConfig([
    { key: 'loyalty.program.enabled', value: 'true' },
    { key: 'loyalty.global.toggle', value: 'true' },
    ...(flag === undefined ? [] : [{ key: 'isLoyaltyEnabled', value: flag }]),
  ])

describe('the loyalty switches (header spec §3: loyalty.program.enabled, loyalty.global.toggle, the loyalty flag)', () => {
  it('isLoyaltyEnabled false takes loyalty off even with the programme and the global toggle on', () => {
    expect(loyaltyProgrammeOn(config('false'))).toBe(false)
    expect(loyaltyProgrammeOn(config('true'))).toBe(true)
  })

  it('unset (a store that never sends it) or malformed counts as on: the programme decides', () => {
    expect(loyaltyProgrammeOn(config())).toBe(true)
    expect(loyaltyProgrammeOn(config('yes'))).toBe(true)
  })

  it('the flag on never switches on a programme that is off', () => {
    const off = parseSiteConfig([
      { key: 'loyalty.program.enabled', value: 'false' },
      { key: 'loyalty.global.toggle', value: 'true' },
      { key: 'isLoyaltyEnabled', value: 'true' },
    ])
    expect(loyaltyProgrammeOn(off)).toBe(false)
  })
})
