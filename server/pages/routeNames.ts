import { type Lang, withoutLangPrefix } from '../../site/language'
import { toEnglish } from '../../site/routeTable'
import { articleFromPath } from './articlePath'

type Pattern = string | RegExp
type Name = Record<Lang, string>

interface PageRoute {
  id: string
  /**
   * English paths. A French path is named after its English page, found through the one EN/FR route
   * table (site/routeTable.ts), so this list holds names, not a second table.
   */
  en: Pattern[]
  name: Name | ((match: string) => Name)
}

/** Last path segment as words: `/c/dark-roast` → "Dark roast". */
const words = (path: string) => {
  const last = path.split('/').filter(Boolean).pop() ?? ''
  let text = last
  try {
    text = decodeURIComponent(last)
  } catch {}
  text = text
    .replace(/[-_+]+/g, ' ')
    .trim()
    .slice(0, 80)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The route table of header spec §2, with the page names a shopper would see. */
const ROUTES: PageRoute[] = [
  { id: 'home', en: ['/'], name: { en: 'Home', fr: 'Accueil' } },
  { id: 'search', en: ['/search'], name: { en: 'Search', fr: 'Recherche' } },
  { id: 'login', en: ['/login'], name: { en: 'Log in', fr: 'Connexion' } },
  { id: 'logout', en: ['/logout'], name: { en: 'You are logged out', fr: 'Vous êtes déconnecté' } },
  { id: 'account', en: ['/my-account'], name: { en: 'My account', fr: 'Mon compte' } },
  { id: 'profile', en: ['/my-account/profile'], name: { en: 'My profile', fr: 'Mon profil' } },
  { id: 'orders', en: ['/my-account/orders'], name: { en: 'My orders', fr: 'Mes commandes' } },
  { id: 'loyalty', en: ['/my-account/loyalty'], name: { en: 'My rewards', fr: 'Mes récompenses' } },
  {
    id: 'payment',
    en: ['/my-account/payment-address'],
    name: { en: 'Payment and addresses', fr: 'Paiement et adresses' },
  },
  {
    id: 'auto-delivery',
    en: ['/my-account/my-replenishment', '/new/my-account/my-replenishment'],
    name: { en: 'My auto-delivery', fr: 'Ma livraison automatique' },
  },
  {
    id: 'order',
    en: [/^\/my-account\/order\/.+/],
    name: { en: 'Order details', fr: 'Détails de la commande' },
  },
  {
    id: 'order-confirmation',
    en: [/^\/checkout\/orderConfirmation\/.+/],
    name: { en: 'Thank you for your order', fr: 'Merci de votre commande' },
  },
  {
    id: 'replenishment',
    en: [/^\/replenishment\/view-or-edit\/.+/],
    name: { en: 'Auto-delivery details', fr: 'Détails de la livraison automatique' },
  },
  { id: 'cart', en: ['/cart'], name: { en: 'Cart', fr: 'Panier' } },
  {
    id: 'compare',
    en: ['/productcompare/compare-product'],
    name: { en: 'Compare products', fr: 'Comparer' },
  },
  {
    id: 'brewer-registration',
    en: ['/brewer-registration'],
    name: { en: 'Brewer registration', fr: 'Enregistrement de cafetière' },
  },
  {
    id: 'register-brewer',
    en: ['/appliances/register-brewer'],
    name: { en: 'Register your brewer', fr: 'Enregistrez votre cafetière' },
  },
  {
    id: 'register-brewer-thanks',
    en: ['/appliances/register-brewer/thank-you'],
    name: { en: 'Thank you for registering your brewer', fr: 'Merci d’avoir enregistré votre cafetière' },
  },
  {
    id: 'starter-kit',
    en: [/^\/[\w-]*starter-kit$/],
    name: { en: 'Starter kit', fr: 'Trousse de démarrage' },
  },
  {
    id: 'coffee-auto-delivery',
    en: ['/coffee-auto-delivery'],
    name: { en: 'Coffee auto-delivery', fr: 'Livraison automatique de café' },
  },
  { id: 'smart-family', en: ['/lp/smart-family'], name: { en: 'Smart family', fr: 'Famille intelligente' } },
  {
    id: 'small-business',
    en: ['/small-business-bundle'],
    name: { en: 'Small business bundle', fr: 'Ensemble petite entreprise' },
  },
  { id: 'contact', en: ['/content/contact-us'], name: { en: 'Contact us', fr: 'Nous joindre' } },
  {
    id: 'terms',
    en: ['/content/terms-and-conditions'],
    name: { en: 'Terms and conditions', fr: 'Modalités et conditions' },
  },
  { id: 'quiz', en: ['/quiz'], name: { en: 'Perfect cup quiz', fr: 'Quiz de la tasse parfaite' } },
  {
    id: 'brewer-quiz',
    en: ['/coffeemakerquiz'],
    name: { en: 'Coffee maker quiz', fr: 'Quiz des cafetières' },
  },
  {
    id: 'brewer-quiz-results',
    en: ['/coffeemakerquiz/results'],
    name: { en: 'Your coffee maker match', fr: 'Votre cafetière idéale' },
  },
  {
    id: 'sustainability',
    en: ['/sustainability'],
    name: { en: 'Sustainability', fr: 'Développement durable' },
  },
  { id: 'deals', en: [/^\/[\w-]*deals$/], name: { en: 'Deals', fr: 'Offres' } },
  {
    id: 'discontinued',
    en: ['/discontinued-items'],
    name: { en: 'Discontinued items', fr: 'Articles de fin de série' },
  },
  {
    id: 'loyalty-terms',
    en: ['/loyalty-program-terms-conditions'],
    name: { en: 'Rewards program terms', fr: 'Conditions du programme de fidélité' },
  },
  {
    id: 'site-terms',
    en: ['/terms-conditions'],
    name: { en: 'Terms of use', fr: 'Conditions d’utilisation' },
  },
  {
    id: 'loyalty-program',
    en: [/^\/[\w-]*rewards-program$/, /^\/[\w-]+-rewards$/],
    name: { en: 'Rewards program', fr: 'Programme de fidélité' },
  },
  {
    id: 'rewards-history',
    en: ['/loyalty/rewardsHistory'],
    name: { en: 'Rewards history', fr: 'Historique' },
  },
  {
    id: 'points-history',
    en: ['/membership/point-history'],
    name: { en: 'Points history', fr: 'Historique' },
  },
  { id: 'rewards', en: ['/loyalty/rewards'], name: { en: 'Rewards', fr: 'Récompenses' } },
  {
    id: 'rewards-catalog',
    en: ['/membership/rewards-catalog'],
    name: { en: 'Rewards catalog', fr: 'Catalogue' },
  },
  { id: 'recipes', en: ['/recipes'], name: { en: 'Recipes', fr: 'Recettes' } },
  { id: 'hub', en: ['/hub'], name: { en: 'Coffee hub', fr: 'Carrefour café' } },
  {
    id: 'category',
    en: [/\/c\/[^/]+$/],
    name: (p) => ({ en: `Category: ${words(p)}`, fr: `Catégorie : ${words(p)}` }),
  },
  {
    id: 'product',
    en: [/\/p\/[^/]+$/],
    name: (p) => ({ en: `Product: ${words(p)}`, fr: `Produit : ${words(p)}` }),
  },
  {
    id: 'brand',
    en: [/\/b\/[^/]+$/],
    name: (p) => ({ en: `Brand: ${words(p)}`, fr: `Marque : ${words(p)}` }),
  },
]

const matches = (patterns: Pattern[] | undefined, path: string) =>
  patterns?.some((p) => (typeof p === 'string' ? p === path : p.test(path))) ?? false

export interface RouteName {
  /** Stable page id, e.g. `home`, `cart`, `category`; `other` when the route table has no entry. */
  id: string
  name: string
}

/** The page at `path` (no query) in `lang`: its route id and name. Unknown paths are named by their last segment. */
export function routeName(path: string, lang: Lang, brandSlug = 'brewco'): RouteName {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
  // French pages are named after their English page: the route table translates, else the /fr rule.
  // An article keeps its own words (the table sends an article it cannot translate to its section).
  const english =
    lang !== 'fr'
      ? clean
      : articleFromPath(clean, 'fr')
        ? withoutLangPrefix(clean)
        : withoutLangPrefix(toEnglish(clean, { brandName: brandSlug }))
  for (const route of ROUTES) {
    const hit = matches(route.en, english)
    if (!hit) continue
    const name = typeof route.name === 'function' ? route.name(clean) : route.name
    return { id: route.id, name: name[lang] }
  }
  return { id: 'other', name: words(clean) || 'Page' }
}
