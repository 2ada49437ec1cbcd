import { HOME_PATH } from './homePath'

/**
 * Route-dependent looks of the header (header spec §2, §4): the home page (transparent at the top),
 * per-route page backgrounds (grey on home and the quizzes), and the reduced brewer-registration
 * header.
 */
const strip = (pathname: string) => pathname.replace(/\/+$/, '') || '/'

export function isHomePath(pathname: string): boolean {
  const p = strip(pathname)
  return p === HOME_PATH.en || p === HOME_PATH.fr || p === '/fr'
}

const GREY_ROUTES = [/^\/(fr\/)?(quiz|coffeemakerquiz)(\/|$)/]

/** The page background token the header blends with: 'grey' on home and quiz pages, else 'white'. */
export function routeBackground(pathname: string): 'grey' | 'white' {
  const p = strip(pathname)
  return isHomePath(p) || GREY_ROUTES.some((r) => r.test(p)) ? 'grey' : 'white'
}

/**
 * On /brewer-registration the shopper is mid-task: the header keeps the logo, support link and
 * language selector, and drops navigation, search, account and cart (our reading of "header
 * behaviour changes on /brewer-registration"; see README).
 */
export function isBrewerRegistration(pathname: string): boolean {
  return strip(pathname) === '/brewer-registration'
}

/** The header styles the real-user measures are grouped by (the health view's route style). */
export type RouteStyle = 'home' | 'quiz' | 'brewer-registration' | 'standard'

/**
 * The route's header style: home, a quiz's grey page, the reduced header, or the rest. Shared by the
 * SDK's measures and the page server, which writes it for the early measures sender (earlyMeasures.ts).
 */
export function routeStyleOf(pathname: string): RouteStyle {
  if (isHomePath(pathname)) return 'home'
  if (isBrewerRegistration(pathname)) return 'brewer-registration'
  return routeBackground(pathname) === 'grey' ? 'quiz' : 'standard'
}
