import type { ConsentGroup } from '../../contracts/consentState'
import type { Lang } from '../../site/brand'
import { keepPunctuationTogether } from '../../site/typography'

/** Everything the cookie banner says, per language (nav spec §9 gives the English title, links and close label). */
export interface BannerCopy {
  title: string
  intro: string
  privacyPolicy: { text: string; href: string }
  noticeAtCollection: { text: string; href: string }
  close: string
  acceptAll: string
  rejectAll: string
  choose: string
  save: string
  /** The fieldset's legend over the three groups. */
  groupsLegend: string
  /** Strictly necessary cookies: always on, no choice. */
  necessary: string
  groups: Record<ConsentGroup, { label: string; description: string }>
  /** Shown beside targeting while the browser sends Global Privacy Control. */
  gpcNote: string
}

/** The countries whose notices a brand's banner links (consentOptions.ts). */
export type NoticeCountry = 'us' | 'ca'

/**
 * The second link of a Canadian store: its cookie policy. California's notice at collection is a US
 * state's law and means nothing to a shopper in Canada (PIPEDA and Quebec's privacy law ask for the
 * privacy policy, which the first link gives, and say how cookies are used).
 */
const CANADA_NOTICE: Record<Lang, BannerCopy['noticeAtCollection']> = {
  en: { text: 'Cookie Policy', href: '/privacy-policy#cookies' },
  fr: { text: 'Politique relative aux témoins', href: '/fr/politique-de-confidentialite#temoins' },
}

/** Everything the banner says on a page in `lang` of a store in `country`. */
export function bannerCopy(lang: Lang, country: NoticeCountry): BannerCopy {
  const copy = BANNER_COPY[lang]
  return typeset(country === 'ca' ? { ...copy, noticeAtCollection: CANADA_NOTICE[lang] } : copy)
}

/** Every text of the copy with French typography (site/typography.ts); addresses are left alone. */
function typeset<T>(value: T): T {
  if (typeof value === 'string') return keepPunctuationTogether(value) as T
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, key === 'href' ? v : typeset(v)]),
  ) as T
}

/** The spec's copy (a US store's notices); `bannerCopy` gives a brand's own. */
export const BANNER_COPY: Record<Lang, BannerCopy> = {
  en: {
    title: 'Cookies & Privacy Information',
    intro:
      'We use cookies to run the store, to remember your choices, to measure how the store is used and to show you offers that suit you. Choose which you allow; you can change your mind at any time with “Cookie preferences” at the bottom of every page.',
    privacyPolicy: { text: 'Privacy Policy', href: '/privacy-policy' },
    noticeAtCollection: { text: 'CA Notice at Collection', href: '/privacy-policy#ca-notice-at-collection' },
    close: 'Close Cookie Banner',
    acceptAll: 'Accept all',
    rejectAll: 'Reject all',
    choose: 'Choose cookies',
    save: 'Save choices',
    groupsLegend: 'Cookies you allow',
    necessary: 'Strictly necessary cookies are always on: the store cannot work without them.',
    groups: {
      functional: { label: 'Functional', description: 'Remember your language and what you dismissed.' },
      analytical: {
        label: 'Analytical',
        description: 'Measure visits and performance to improve the store.',
      },
      targeting: { label: 'Targeting', description: 'Show offers and content that suit you.' },
    },
    gpcNote: 'Off: your browser sends Global Privacy Control.',
  },
  fr: {
    title: 'Témoins et renseignements personnels',
    intro:
      'Nous utilisons des témoins pour faire fonctionner la boutique, retenir vos choix, mesurer son utilisation et vous présenter des offres qui vous conviennent. Choisissez ceux que vous acceptez; vous pouvez changer d’avis en tout temps avec « Préférences de témoins » au bas de chaque page.',
    privacyPolicy: { text: 'Politique de confidentialité', href: '/fr/politique-de-confidentialite' },
    noticeAtCollection: {
      text: 'Avis de collecte (Californie)',
      href: '/fr/politique-de-confidentialite#ca-notice-at-collection',
    },
    close: 'Fermer la bannière des témoins',
    acceptAll: 'Tout accepter',
    rejectAll: 'Tout refuser',
    choose: 'Choisir les témoins',
    save: 'Enregistrer mes choix',
    groupsLegend: 'Témoins que vous acceptez',
    necessary:
      'Les témoins strictement nécessaires sont toujours actifs : la boutique ne peut pas fonctionner sans eux.',
    groups: {
      functional: { label: 'Fonctionnels', description: 'Retenir votre langue et ce que vous avez fermé.' },
      analytical: {
        label: 'Analytiques',
        description: 'Mesurer les visites et la performance pour améliorer la boutique.',
      },
      targeting: {
        label: 'Ciblage',
        description: 'Vous présenter des offres et du contenu qui vous conviennent.',
      },
    },
    gpcNote: 'Désactivés : votre navigateur envoie le signal Global Privacy Control.',
  },
}

/** The banner's copy for this page: its language and its brand's country (the consent options' `notices`). */
export const copyFor = (lang: Lang, options: { notices: 'us' | 'ca' }): BannerCopy =>
  bannerCopy(lang, options.notices)
