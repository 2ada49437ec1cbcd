/**
 * The brands a host name can name (nav spec §9). usb2c is the default wherever nothing else matches.
 * Each has its configuration in host/brands/<brand>.ts; a new brand adds its id here with its host
 * name rule in brandFromHost.
 */
export const BRANDS = ['usb2c', 'cab2c', 'usafh'] as const
export type Brand = (typeof BRANDS)[number]
/** The language type lives with the language rules (site/language.ts); re-exported for its many importers. */
export type { Lang } from './language'

export const DEFAULT_BRAND: Brand = 'usb2c'

/**
 * Each brand's names, one spelling for the browser and the server: the one its logo shows (header
 * spec §1; the Canadian store's logo is the brand's own), and the store's full name (the operators'
 * console, the sign-in pages).
 */
export const BRAND_NAMES: Readonly<Record<Brand, { logo: string; store: string }>> = {
  usb2c: { logo: 'Brewco', store: 'Brewco' },
  cab2c: { logo: 'Brewco', store: 'Brewco Canada' },
  usafh: { logo: 'Brewco Commercial', store: 'Brewco Commercial' },
}

/**
 * The country each brand sells in (ISO 3166 code): the places its shoppers can look up (header spec
 * Navigation spec §7 maps geocode). A new brand names its own, so it never answers with another country's places.
 */
export const BRAND_COUNTRY: Readonly<Record<Brand, 'US' | 'CA'>> = { usb2c: 'US', cab2c: 'CA', usafh: 'US' }

/** The currency each brand's store prices in (its products, its customers' carts). */
export type Currency = 'USD' | 'CAD'
export const BRAND_CURRENCY: Readonly<Record<Brand, Currency>> = { usb2c: 'USD', cab2c: 'CAD', usafh: 'USD' }

/**
 * Brand from a host name (nav spec §9): a host containing `commercial` plus optional digits is the
 * business brand, a `.ca` domain is Canada, `.com` and everything else the US consumer brand.
 * Works for any host name (proxies, hosts-file entries, `*.localhost`), with or without a port.
 */
export function brandFromHost(host: string): Brand {
  const name = host.toLowerCase().replace(/:\d+$/, '')
  if (/(^|[.-])commercial\d*([.-]|$)/.test(name) || /commercial\d*/.test(name)) return 'usafh'
  if (/\.ca(\.|$)/.test(name)) return 'cab2c'
  return DEFAULT_BRAND
}

export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value)
}
