import { type Brand, brandFromHost, isBrand } from './brand'

/**
 * Which brand and which API origin the header uses on a page, from the host page's hidden inputs
 * `brand` and `baseUrl` (nav spec §3 "header hidden inputs") and the page's own address. The inputs
 * let a page served from elsewhere mount the header for a given brand and API; the rules keep an
 * input the header should not believe (injected markup, a typo) from sending the shopper's token
 * anywhere but the store's own API.
 */

export interface PageAddress {
  /** `http:` or `https:`, as `location.protocol`. */
  protocol: string
  /** Host name with its port, as `location.host`. */
  host: string
}

/** Loopback names, as the server's trusted-host rule has them (server/http/trustedOrigin.ts). */
const LOOPBACK = /^(localhost|([a-z0-9-]+\.)+localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i

/** An origin written alone: scheme, host and optional port, at most a trailing slash after it. */
const ORIGIN_INPUT = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?\/?$|^https?:\/\/\[::1\](:\d{1,5})?\/?$/i

/** The page's brand: a known brand id in the `brand` input wins; anything else, the host name's. */
export function pageBrand(page: PageAddress, brandInput: string | undefined): Brand {
  const named = brandInput?.trim().toLowerCase()
  return isBrand(named) ? named : brandFromHost(page.host)
}

/** What the `baseUrl` input came to: the origin to call ('' for the page's own), and why when it was not obeyed. */
export interface ApiOrigin {
  origin: string
  ignored?: string
}

/**
 * The API origin from the `baseUrl` input. Obeyed when it is an origin alone (no path, query,
 * fragment or credentials) and either the page's own, or one of `allowed` (the brand's API origins,
 * host/brands), or — on a page itself served from a loopback name, as the reference store and a
 * developer's machine are — another loopback origin. An https page never calls plain http. Anything
 * else keeps the page's own origin ('') and says why.
 */
export function apiOrigin(
  page: PageAddress,
  baseUrlInput: string | undefined,
  allowed: readonly string[] = [],
): ApiOrigin {
  const raw = baseUrlInput?.trim() ?? ''
  if (raw === '') return { origin: '' }
  if (!ORIGIN_INPUT.test(raw))
    return {
      origin: '',
      ignored: `baseUrl '${raw.slice(0, 80)}' is not an origin alone (scheme://host[:port])`,
    }
  const origin = originOf(raw)
  const own = originOf(`${page.protocol}//${page.host}`)
  if (origin === undefined)
    return { origin: '', ignored: `baseUrl '${raw.slice(0, 80)}' is not a valid address` }
  if (origin === own) return { origin: '' }
  if (page.protocol === 'https:' && origin.startsWith('http:'))
    return { origin: '', ignored: `baseUrl ${origin} is plain http on an https page` }
  const loopback = LOOPBACK.test(page.host) && LOOPBACK.test(new URL(origin).host)
  if (loopback || allowed.some((entry) => sameOrigin(entry, origin))) return { origin }
  return { origin: '', ignored: `baseUrl ${origin} is not one of the store's API origins` }
}

const sameOrigin = (entry: string, origin: string) => originOf(entry) === origin

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin
  } catch {
    return undefined
  }
}
