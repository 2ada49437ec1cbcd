/**
 * Label keys (header spec §3 "Labels"): the CMS message map. The reference server seeds EN and FR
 * text for every key; the header falls back to the English text here when a key is missing, so a
 * half-filled CMS never shows an empty button.
 */
export const LABEL_FALLBACKS = {
  'header.logo.alt': 'Home',
  'header.skip.to.content': 'Skip to main content',
  'header.free.shipping.message': 'Free shipping on orders over $60',
  'header.free.shipping.terms.link': 'Details',
  'header.free.shipping.terms.content': 'Free standard shipping on orders of $60 or more, before taxes.',
  'header.free.shipping.terms.close': 'Close details',
  'header.support.label': 'Support',
  'header.support.default.url': '/content/contact-us',
  'header.cart.label': 'Cart',
  'header.cart.count.one': 'item',
  'header.cart.count.other': 'items',
  'header.language.label': 'Language',
  'header.notification.label': 'Announcement',
  'header.greeting': 'Hi',
  'header.welcome.message': 'Welcome',
  'header.my.account': 'My Account',
  'header.create.account': 'Create Account',
  'header.log.in': 'Log In',
  'header.search.placeholder': 'Search coffee, brewers and more',
  'header.search.placeholder.mobile': 'Search',
  'header.search.suggestions': 'Search suggestions',
  'header.related.products': 'Related products',
  'header.search.label': 'Search',
  'header.search.submit': 'Search',
  'header.search.clear': 'Clear search',
  'header.search.new.badge': 'NEW',
  /** Live-region text; {count} is replaced by the number. */
  'header.search.suggestions.count': '{count} search suggestions',
  'header.search.products.count': '{count} related products',
  'header.nav.label': 'Main',
  'session.expiry.heading': 'Your session is about to expire',
  'session.expiry.description': 'For your security you will be logged out soon.',
  'session.expiry.stay.logged.in': 'Stay logged in',
  'session.expiry.log.out': 'Log out',
  'session.expiry.close': 'Close',
  'enter.valid.email.message': 'Please enter a valid email address.',
  'accept.terms.condition.message': 'Please accept the terms and conditions.',
  'login.error.text': 'We could not log you in. Check your email and password.',
  'signup.error.text': 'We could not create your account. Please try again.',
  'login.flyout.ad.error': 'Please log in to manage your auto-delivery.',
  'join.mailer.text': 'Save 15% on your next order',
} as const

export type LabelKey = keyof typeof LABEL_FALLBACKS
export type Labels = Record<LabelKey, string> & Record<string, string>

export function labelsFrom(entries: readonly { key: string; value: string }[] = []): Labels {
  const out: Record<string, string> = { ...LABEL_FALLBACKS }
  for (const { key, value } of entries) if (value.trim() !== '') out[key] = value
  return out as Labels
}
