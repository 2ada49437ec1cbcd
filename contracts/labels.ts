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
  /** {name} and {csAgentId} are replaced. */
  'header.agent.line': 'Customer service: {name} ({csAgentId})',
  'header.site.notice.label': 'Account notice',
  /** {cardType}, {last4} and {expiry} (MM/YYYY) are replaced. */
  'header.card.expiring': 'Your {cardType} ending in {last4} expires at the end of {expiry}.',
  'header.card.expired': 'Your {cardType} ending in {last4} expired at the end of {expiry}.',
  'header.card.update': 'Update payment method',
  'header.app.banner.label': 'Our app',
  'header.app.banner.text': 'Reorder your favourites in two taps with our app.',
  'header.app.banner.open': 'Get the app',
  'header.app.banner.url': '/app',
  'header.app.banner.dismiss': 'Dismiss the app banner',
  /** The disclosure after a text that does not fit its row (kernel/react/WholeText.tsx). */
  'header.text.show.whole': 'Show the whole message',
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
  /** The disclosure button beside a navigation item with a flyout panel; {name} is the item's name. */
  'header.nav.flyout.toggle': '{name} menu',
  /** Before the menu name on the phone panel's back button (nav spec §2). */
  'header.nav.flyout.back': 'Back to',
  /** The bar's disclosure that lists the items with no room left in the bar. */
  'header.nav.more': 'More',
  'session.expiry.heading': 'Your session is about to expire',
  'session.expiry.description': 'For your security you will be logged out soon.',
  'session.expiry.stay.logged.in': 'Stay logged in',
  'session.expiry.log.out': 'Log out',
  'session.expiry.close': 'Close',
  /** The dialog's countdown; {time} is m:ss (issue 27). */
  'session.expiry.time.left': 'Time left: {time}',
  /** Said politely as each minute of the countdown ends. */
  'session.expiry.announce.minutes': '{minutes} minutes left in your session',
  'session.expiry.announce.minute': '1 minute left in your session',
  /** A session no longer than the warning's lead is warned halfway through; {time} is its length, m:ss. */
  'session.expiry.short.session': 'Sessions here last only {time}, so this reminder comes halfway through.',
  'enter.valid.email.message': 'Please enter a valid email address.',
  'accept.terms.condition.message': 'Please accept the terms and conditions.',
  'login.error.text': 'We could not log you in. Check your email and password.',
  'signup.error.text': 'We could not create your account. Please try again.',
  'login.flyout.ad.error': 'Please log in to manage your auto-delivery.',
  'join.mailer.text': 'Save 15% on your next order',
  'header.agent.suffix': 'CCR as',
  'header.account.menu.label': 'Account',
  'header.menu.register.coffee.maker': 'Register Coffee Maker',
  'header.menu.contact.us': 'Contact Us',
  'header.menu.my.account': 'My Account',
  'header.menu.my.brews': 'My Account',
  'header.menu.quick.reorder': 'Quick-Reorder',
  'header.menu.track.orders': 'Track My Orders',
  'header.menu.my.orders': 'My Orders',
  'header.menu.build.bundle': 'Build A Bundle',
  'header.menu.sign.in': 'Sign In',
  'header.menu.sign.in.ca': 'Sign In or Register',
  'header.menu.sign.out': 'Sign out',
  'header.menu.auto.delivery': 'Auto Delivery',
  'header.menu.start.auto.delivery': 'Start Auto Delivery',
  'header.menu.my.auto.delivery': 'My Auto Delivery',
  'header.menu.my.business': 'My Business',
  'header.menu.my.perks': 'My Perks',
  'header.menu.customer.lookup': 'Customer Lookup',
  'header.menu.close': 'Close',
  'header.mobile.menu.open': 'Open menu',
  /** The phone menu's title for a visitor: it opens with the shop's categories, then the account part. */
  'header.mobile.menu.title': 'Menu',
  'header.mobile.menu.close': 'Close menu',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.remember.me': 'Keep me signed in',
  'login.submit': 'Log In',
  'login.loading': 'Please wait…',
  'login.forgot.password': 'Forgot password?',
  'login.forgot.heading': 'Reset your password',
  'login.forgot.submit': 'Send reset link',
  'login.forgot.sent': 'If an account exists for that email, we have sent a link to reset the password.',
  'login.forgot.back': 'Back to log in',
  'login.forgot.error': 'We could not send the link just now. Please try again.',
  'login.idp': 'Log in with Brewco ID',
  'login.close': 'Close',
  'signup.first.name': 'First name',
  'signup.last.name': 'Last name',
  'signup.password.rule': 'At least 8 characters, with a letter and a number.',
  'signup.submit': 'Create Account',
  'registration.success.message': 'Welcome to Brewco! Your account is ready.',
  // The register tab's custom-brewer banner (header spec §3 labels; shown when regPrimaryBannerContent).
  'login.custom.brewer.heading': 'Make it yours',
  'login.custom.brewer.offer': 'Create an account and save 20% on a custom brewer.',
  'login.custom.brewer.button.label': 'Design your brewer',
  'login.custom.brewer.button.url': '/custom-brewer',
  'login.custom.brewer.image': '/medias/custom-brewer-banner.svg',
} as const

export type LabelKey = keyof typeof LABEL_FALLBACKS
export type Labels = Record<LabelKey, string> & Record<string, string>

export function labelsFrom(entries: readonly { key: string; value: string }[] = []): Labels {
  const out: Record<string, string> = { ...LABEL_FALLBACKS }
  for (const { key, value } of entries) if (value.trim() !== '') out[key] = value
  return out as Labels
}
