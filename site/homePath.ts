import type { Lang } from './language'

/**
 * The home page in each language (header spec §2 route table, its first row): `/` and `/fr/accueil`.
 * The one spelling of it for the route table, the logo, the sign-in return addresses and the server.
 */
export const HOME_PATH: Readonly<Record<Lang, string>> = { en: '/', fr: '/fr/accueil' }

/** The home page in `lang`. */
export const homePath = (lang: Lang): string => HOME_PATH[lang]
