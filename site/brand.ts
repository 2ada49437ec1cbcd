/** The three store brands. usb2c is the default wherever nothing else matches. */
export const BRANDS = ['usb2c', 'cab2c', 'usafh'] as const
export type Brand = (typeof BRANDS)[number]
export type Lang = 'en' | 'fr'

export const DEFAULT_BRAND: Brand = 'usb2c'

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

/** Language from a path: `/fr/` (or a path that is exactly `/fr`) means French, anything else English. */
export function langFromPath(path: string): Lang {
  return /^\/fr(\/|$)/.test(path) || path.includes('/fr/') ? 'fr' : 'en'
}

export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value)
}
