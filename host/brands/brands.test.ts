import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AuthOptionsSchema } from '../../plugins/auth/authOptions'
import { ConsentOptionsSchema } from '../../plugins/consent/consentOptions'
import { LoyaltyOptionsSchema } from '../../plugins/loyalty/loyaltyOptions'
import { SearchOptionsSchema } from '../../plugins/search/searchOptions'
import { BRANDS } from '../../site/brand'
import type { PluginId } from '../catalogue'
import { validateBrandConfig } from './brandSchema'
import { BRAND_CONFIGS } from './index'

/** Each plugin's options schema, the same file its manifest's `options` is (fourthBrand.test.tsx checks that). */
const OPTION_SCHEMAS: Record<PluginId, v.GenericSchema | undefined> = {
  analytics: undefined,
  auth: AuthOptionsSchema,
  consent: ConsentOptionsSchema,
  content: undefined,
  logging: undefined,
  loyalty: LoyaltyOptionsSchema,
  nav: undefined,
  search: SearchOptionsSchema,
}

/** A brand's options for one plugin, decoded as the kernel decodes them when the header starts. */
function decoded(brand: keyof typeof BRAND_CONFIGS, id: PluginId): unknown {
  const schema = OPTION_SCHEMAS[id]
  const entry = BRAND_CONFIGS[brand].plugins.find((p) => p.id === id)
  return schema ? v.parse(schema, entry?.options) : entry?.options
}

const brands = Object.keys(BRAND_CONFIGS) as (keyof typeof BRAND_CONFIGS)[]

describe('brand files', () => {
  it("every brand's plugin options decode with that plugin's schema (a typo fails here)", () => {
    for (const config of Object.values(BRAND_CONFIGS)) {
      for (const { id, options } of config.plugins) {
        const schema = OPTION_SCHEMAS[id]
        if (!schema) {
          expect(options, `${config.brand}: ${id} takes no options`).toBeUndefined()
          continue
        }
        const result = v.safeParse(schema, options)
        expect(result.issues, `${config.brand}: ${id} options`).toBeUndefined()
      }
    }
  })

  it('the schemas refuse unknown keys and values, so a typo in a brand file cannot pass silently', () => {
    expect(v.safeParse(SearchOptionsSchema, { curencyByLang: { fr: 'CAD' } }).success).toBe(false)
    expect(v.safeParse(SearchOptionsSchema, { currencyByLang: { fr: 'cad' } }).success).toBe(false)
    expect(v.safeParse(SearchOptionsSchema, { currencyByLang: { de: 'EUR' } }).success).toBe(false)
    expect(v.safeParse(AuthOptionsSchema, { menuSet: 'foodservice' }).success).toBe(false)
    expect(v.safeParse(AuthOptionsSchema, { hideQuickReorder: true }).success).toBe(false)
    expect(
      v.safeParse(AuthOptionsSchema, { signIn: { label: 'header.menu.sign.in.cq', url: '/login' } }).success,
    ).toBe(false)
    for (const url of ['https://evil.example/login', '//evil.example', '/fr/login', 'login'])
      expect(
        v.safeParse(AuthOptionsSchema, { signIn: { label: 'header.menu.sign.in', url } }).success,
        url,
      ).toBe(false)
  })

  it("links each country's own privacy notices: Canada's on cab2c, the US ones elsewhere", () => {
    const notices = Object.fromEntries(
      brands.map((b) => [b, (decoded(b, 'consent') as { notices: string }).notices]),
    )
    expect(notices).toEqual({ usb2c: 'us', usafh: 'us', cab2c: 'ca' })
  })

  it("maps brands to their business menu sets (the account menu; the navigation set is each brand's CMS)", () => {
    const menuSets = (id: 'auth') =>
      Object.fromEntries(brands.map((b) => [b, (decoded(b, id) as { menuSet: string }).menuSet]))
    expect(menuSets('auth')).toEqual({ usb2c: 'consumer', usafh: 'commercial', cab2c: 'canada' })
  })

  it("keeps today's behaviour: the Canadian rules on cab2c only, the defaults elsewhere", () => {
    expect(decoded('cab2c', 'search')).toEqual({
      currencyByLang: { fr: 'CAD' },
      imageSuffix: '_CA',
      localizedProductLinks: true,
    })
    expect(decoded('cab2c', 'auth')).toEqual({
      menuSet: 'canada',
      signIn: { label: 'header.menu.sign.in.ca', url: '/login?register=true' },
      hiddenEntries: ['quick-reorder'],
      loggedInUserCookies: true,
      links: [
        expect.objectContaining({
          isCustomComponent: true,
          customComponent: 'shell.languageLinks',
          dataSelector: 'language-links',
        }),
      ],
    })
    for (const brand of ['usb2c', 'usafh'] as const) {
      expect(decoded(brand, 'search')).toEqual({
        currencyByLang: {},
        imageSuffix: '',
        localizedProductLinks: false,
      })
      expect(decoded(brand, 'auth')).toMatchObject({
        signIn: { label: 'header.menu.sign.in', url: '/login' },
        hiddenEntries: [],
        loggedInUserCookies: false,
      })
    }
  })

  it('each configuration is listed under its own id, and every brand a host can name has one', () => {
    for (const [key, config] of Object.entries(BRAND_CONFIGS)) expect(config.brand).toBe(key)
    expect(Object.keys(BRAND_CONFIGS).sort()).toEqual([...BRANDS].sort())
  })

  it('a new brand id validates; ids that are not lower-case letters and digits are refused', () => {
    const shell = { ...BRAND_CONFIGS.usb2c.shell }
    expect(validateBrandConfig({ brand: 'ukb2c', shell, plugins: [] }).brand).toBe('ukb2c')
    for (const brand of ['UKB2C', 'u', '2uk', 'uk-b2c', 'a'.repeat(17), ''])
      expect(() => validateBrandConfig({ brand, shell, plugins: [] }), brand).toThrow(
        new RegExp(`Brand configuration '${brand}' is invalid at brand`),
      )
  })
})
