import type { Brand, Lang } from '../site/brand'
import type { Entry } from './cms'
import { LABEL_FALLBACKS, type LabelKey } from './labels'

/**
 * The CMS message map in English (header spec §3 "Labels"): the header's own English fallbacks,
 * with the store's fuller wording where it differs. Typed, so no key can be missing.
 */
const EN: Record<LabelKey, string> = {
  ...LABEL_FALLBACKS,
  'header.logo.alt': 'Brewco home',
  'header.free.shipping.terms.content':
    'Free standard shipping on orders of $60 or more, before taxes, to the contiguous United States.',
  'session.expiry.description':
    'For your security, you will be logged out soon. Do you want to stay logged in?',
  'login.error.text': 'We could not log you in. Check your email and password and try again.',
}

/** The same in Canadian French. */
const FR: Record<LabelKey, string> = {
  'header.logo.alt': 'Accueil Brewco',
  'header.skip.to.content': 'Passer au contenu principal',
  'header.free.shipping.message': 'Livraison gratuite sur les commandes de plus de 60 $',
  'header.free.shipping.terms.link': 'Détails',
  'header.free.shipping.terms.content':
    'Livraison standard gratuite sur les commandes de 60 $ ou plus, avant taxes, dans la zone continentale des États-Unis.',
  'header.free.shipping.terms.close': 'Fermer les détails',
  'header.support.label': 'Soutien',
  'header.support.default.url': '/fr/content/contact-us',
  'header.cart.label': 'Panier',
  'header.cart.count.one': 'article',
  'header.cart.count.other': 'articles',
  'header.language.label': 'Langue',
  'header.notification.label': 'Annonce',
  'header.agent.line': 'Service à la clientèle : {name} ({csAgentId})',
  'header.site.notice.label': 'Avis sur votre compte',
  'header.site.notice.dismiss': 'Fermer l’avis sur votre compte',
  'header.card.expiring': 'Votre carte {cardType} se terminant par {last4} expire à la fin de {expiry}.',
  'header.card.expired': 'Votre carte {cardType} se terminant par {last4} a expiré à la fin de {expiry}.',
  'header.card.update': 'Mettre à jour le mode de paiement',
  'header.app.banner.label': 'Notre application',
  'header.app.banner.text': 'Commandez à nouveau vos favoris en deux touches avec notre application.',
  'header.app.banner.open': 'Obtenir l’application',
  'header.app.banner.url': '/fr/app',
  'header.app.banner.dismiss': 'Fermer la bannière de l’application',
  'header.text.show.whole': 'Afficher le message en entier',
  // Header spec §1: the greeting texts are "Hi" and "Bienvenue".
  'header.greeting': 'Bienvenue',
  'header.welcome.message': 'Bienvenue',
  'header.my.account': 'Mon compte',
  'header.create.account': 'Créer un compte',
  'header.log.in': 'Connexion',
  'header.search.placeholder': 'Rechercher des cafés, des cafetières et plus',
  'header.search.placeholder.mobile': 'Rechercher',
  'header.search.suggestions': 'Suggestions de recherche',
  'header.related.products': 'Produits associés',
  'header.search.label': 'Rechercher',
  'header.search.submit': 'Rechercher',
  'header.search.clear': 'Effacer la recherche',
  'header.search.cancel': 'Annuler',
  'header.search.new.badge': 'NOUVEAU',
  'header.search.suggestions.count': '{count} suggestions de recherche',
  'header.search.products.count': '{count} produits associés',
  'header.search.no.results':
    'Aucune suggestion pour « {text} ». Appuyez sur Entrée pour chercher dans tous les produits.',
  'header.nav.label': 'Navigation principale',
  'header.nav.flyout.toggle': 'Menu {name}',
  'header.nav.flyout.back': 'Retour à',
  'header.nav.more': 'Plus',
  'session.expiry.heading': 'Votre session est sur le point d’expirer',
  'session.expiry.description':
    'Pour votre sécurité, vous serez bientôt déconnecté. Voulez-vous rester connecté?',
  'session.expiry.stay.logged.in': 'Rester connecté',
  'session.expiry.log.out': 'Se déconnecter',
  'session.expiry.close': 'Fermer',
  'session.expiry.time.left': 'Temps restant : {time}',
  'session.expiry.announce.minutes': 'Il reste {minutes} minutes à votre session',
  'session.expiry.announce.minute': 'Il reste 1 minute à votre session',
  'session.expiry.short.session':
    'Les sessions durent ici seulement {time}; ce rappel arrive donc à mi-parcours.',
  'enter.valid.email.message': 'Veuillez entrer une adresse courriel valide.',
  'accept.terms.condition.message': 'Veuillez accepter les conditions générales.',
  'login.error.text': 'Connexion impossible. Vérifiez votre courriel et votre mot de passe, puis réessayez.',
  'login.loyalty.image.alt': 'Brewco Avantages : des récompenses à chaque commande',
  'signup.error.text': 'Nous n’avons pas pu créer votre compte. Veuillez réessayer.',
  'login.flyout.ad.error': 'Veuillez vous connecter pour gérer votre livraison automatique.',
  'join.mailer.text': 'Économisez 15 % sur votre prochaine commande',
  'header.agent.suffix': 'CCR pour',
  'header.account.menu.label': 'Compte',
  'header.menu.register.coffee.maker': 'Enregistrer une cafetière',
  'header.menu.brewer.connected': 'Votre cafetière est connectée',
  'header.menu.contact.us': 'Nous joindre',
  'header.menu.my.account': 'Mon compte',
  'header.menu.my.brews': 'Mon compte',
  'header.menu.quick.reorder': 'Commande rapide',
  'header.menu.track.orders': 'Suivre mes commandes',
  'header.menu.my.orders': 'Mes commandes',
  'header.menu.build.bundle': 'Créer un ensemble',
  'header.menu.sign.in': 'Se connecter',
  'header.menu.sign.in.ca': 'Se connecter ou s’inscrire',
  'header.menu.sign.out': 'Se déconnecter',
  'header.menu.auto.delivery': 'Livraison automatique',
  'header.menu.start.auto.delivery': 'Démarrer la livraison automatique',
  'header.menu.my.auto.delivery': 'Ma livraison automatique',
  'header.menu.my.business': 'Mon entreprise',
  'header.menu.my.perks': 'Mes avantages',
  'header.menu.customer.lookup': 'Recherche de client',
  'header.menu.close': 'Fermer',
  'header.mobile.menu.open': 'Ouvrir le menu',
  'header.mobile.menu.title': 'Menu',
  'header.mobile.menu.close': 'Fermer le menu',
  'login.email': 'Courriel',
  'login.password': 'Mot de passe',
  'login.remember.me': 'Rester connecté',
  'login.submit': 'Connexion',
  'login.loading': 'Veuillez patienter…',
  'login.forgot.password': 'Mot de passe oublié?',
  'login.forgot.heading': 'Réinitialiser votre mot de passe',
  'login.forgot.submit': 'Envoyer le lien',
  'login.forgot.sent':
    'Si un compte existe pour ce courriel, nous avons envoyé un lien pour réinitialiser le mot de passe.',
  'login.forgot.back': 'Retour à la connexion',
  'login.forgot.error': 'Nous n’avons pas pu envoyer le lien. Veuillez réessayer.',
  'login.idp': 'Se connecter avec Brewco ID',
  'login.close': 'Fermer',
  'signup.first.name': 'Prénom',
  'signup.last.name': 'Nom',
  'signup.password.rule': 'Au moins 8 caractères, dont une lettre et un chiffre.',
  'signup.submit': 'Créer un compte',
  'registration.success.message': 'Bienvenue chez Brewco! Votre compte est prêt.',
  'login.custom.brewer.heading': 'À votre image',
  'login.custom.brewer.offer': 'Créez un compte et économisez 20 % sur une cafetière personnalisée.',
  'login.custom.brewer.button.label': 'Concevez votre cafetière',
  'login.custom.brewer.button.url': '/fr/custom-brewer',
  'login.custom.brewer.image': '/medias/custom-brewer-banner.svg',
  'loyalty.programme.name': 'Brewco Avantages',
  'loyalty.join.button': 'Adhérer',
  'loyalty.join.prompt': 'Obtenez des remises',
  'loyalty.member.label': 'Membre Avantages',
  'loyalty.cashback': '{amount} en remises',
  'loyalty.super.welcome': 'Votre offre Super bienvenue : points doublés sur votre prochaine commande.',
  'loyalty.points.one': '{count} point',
  'loyalty.points.other': '{count} points',
  'loyalty.rewards.one': '{count} récompense',
  'loyalty.rewards.other': '{count} récompenses',
  'loyalty.rewards.loading': 'Chargement de vos récompenses…',
  'loyalty.rewards.error': 'Vos points ne peuvent pas être chargés pour le moment.',
  'loyalty.rewards.view': 'Voir les récompenses',
  'loyalty.redeem': 'Échanger',
  'loyalty.optin.heading': 'Adhérez à Brewco Avantages',
  'loyalty.optin.text':
    'Obtenez des remises sur chaque commande et des récompenses réservées aux membres. C’est gratuit.',
  'loyalty.optin.checkbox': 'Oui, inscrivez-moi à Brewco Avantages. J’accepte les conditions du programme.',
  'loyalty.optin.required': 'Obligatoire',
  'loyalty.optin.submit': 'Adhérer maintenant',
  'loyalty.optin.sending': 'Inscription…',
  'loyalty.optin.error': 'Nous n’avons pas pu vous inscrire pour le moment. Veuillez réessayer.',
  'loyalty.optin.success':
    'Bienvenue chez Brewco Avantages! Vos remises commencent à votre prochaine commande.',
  'loyalty.excluded.label': 'Avantages',
  'loyalty.excluded.info':
    'Le programme Avantages n’est pas offert pour ce compte. Des questions? Écrivez-nous.',
  'loyalty.excluded.button': 'À propos des Avantages pour votre compte',
  'loyalty.modal.close': 'Fermer',
  'loyalty.modal.signin': 'Connectez-vous pour adhérer',
  'loyalty.modal.register': 'Créer un compte',
  'loyalty.learn.more': 'En savoir plus',
  'loyalty.learn.back': 'Retour',
  'loyalty.carousel.label': 'Comment fonctionnent les Avantages',
  'loyalty.carousel.previous': 'Diapositive précédente',
  'loyalty.carousel.next': 'Diapositive suivante',
  'loyalty.carousel.position': '{index} sur {total}',
  'loyalty.carousel.slide1.title': 'Des remises sur chaque commande',
  'loyalty.carousel.slide1.text':
    'Chaque commande vous donne des points qui deviennent des remises sur la suivante.',
  'loyalty.carousel.slide2.title': 'Plus avec la livraison automatique',
  'loyalty.carousel.slide2.text':
    'Abonnez-vous à la livraison automatique et obtenez le double de points à chaque envoi.',
  'loyalty.carousel.slide3.title': 'Des récompenses réservées aux membres',
  'loyalty.carousel.slide3.text':
    'Échangez vos récompenses contre du café, des cafetières et des accessoires.',
  'loyalty.referral.toggle': 'Parrainer un ami',
  'loyalty.referral.text': 'Invitez un ami à Brewco Avantages par courriel.',
  'loyalty.referral.email.label': 'Courriel de votre ami',
  'loyalty.referral.name.label': 'Prénom de votre ami (facultatif)',
  'loyalty.referral.submit': 'Envoyer l’invitation',
  'loyalty.referral.sending': 'Envoi…',
  'loyalty.referral.sent': 'Invitation envoyée. Merci de faire connaître Brewco Avantages!',
  'loyalty.referral.already':
    'Vous avez déjà invité cette personne. Merci de faire connaître Brewco Avantages!',
  'loyalty.referral.error':
    'Nous n’avons pas pu envoyer votre invitation pour le moment. Veuillez réessayer.',
  'loyalty.referral.error.email':
    'Vérifiez le courriel de votre ami : il doit être valide et différent du vôtre.',
  'loyalty.referral.error.excluded': 'Le parrainage n’est pas offert pour ce compte.',
  'newsletter.title': 'Restez informé',
  'newsletter.description': 'Nouvelles torréfactions, conseils d’infusion et offres, une fois par semaine.',
  'newsletter.email.label': 'Adresse courriel',
  'newsletter.placeholder': 'vous@exemple.com',
  'newsletter.submit': 'S’inscrire',
  'newsletter.sending': 'Inscription…',
  'newsletter.checkbox.content':
    'J’accepte de recevoir des courriels de Brewco et j’accepte les conditions générales.',
  'newsletter.success': 'Merci! Vous êtes inscrit. Surveillez votre boîte de réception.',
  'newsletter.error': 'Nous n’avons pas pu vous inscrire pour le moment. Veuillez réessayer.',
  'footer.label': 'Pied de page',
}

/**
 * Per-brand wording where a brand differs: its name in the logo text, and Canadian English on cab2c
 * (the English above is US English, as usb2c and usafh speak; Canada writes "favourite" and
 * "enrol", and "program" like the US).
 */
const BRAND_OVERRIDES: Partial<Record<Brand, Partial<Record<Lang, Partial<Record<LabelKey, string>>>>>> = {
  cab2c: {
    en: {
      'header.logo.alt': 'Brewco Canada home',
      'header.app.banner.text': 'Reorder your favourites in two taps with our app.',
      'loyalty.optin.checkbox': 'Yes, enrol me in Brewco Perks. I accept the program terms.',
      'loyalty.optin.error': 'We could not enrol you just now. Please try again.',
    },
    fr: { 'header.logo.alt': 'Accueil Brewco Canada' },
  },
  usafh: {
    en: { 'header.logo.alt': 'Brewco Commercial home' },
    fr: { 'header.logo.alt': 'Accueil Brewco Commercial' },
  },
}

/** Every label key for a brand and language. The free-shipping text is only shown on usb2c. */
export function labelsFor(brand: Brand, lang: Lang): Record<LabelKey, string> {
  return { ...(lang === 'fr' ? FR : EN), ...BRAND_OVERRIDES[brand]?.[lang] }
}

export function labelEntries(brand: Brand, lang: Lang): Entry[] {
  return Object.entries(labelsFor(brand, lang)).map(([key, value]) => ({ key, value }))
}
