import type { Lang } from '../../site/brand'

/** Everything the local identity provider's pages say, in English and Canadian French. */
export interface IdpText {
  htmlLang: 'en' | 'fr-CA'
  loginTitle: string
  loginHeading: (brand: string) => string
  signupTitle: string
  signupHeading: (brand: string) => string
  email: string
  password: string
  firstName: string
  lastName: string
  optional: string
  passwordRule: string
  logIn: string
  createAccount: string
  toSignup: string
  toLogin: string
  backToStore: string
  errorSummary: string
  wrongCredentials: string
  invalidEmail: string
  missingPassword: string
  missingFirstName: string
  emailTaken: string
  expired: string
  tooManyAttempts: string
  badRequestTitle: string
  badRequest: Record<
    'invalid_client' | 'invalid_redirect_uri' | 'invalid_request' | 'invalid_return_to',
    string
  >
}

const EN: IdpText = {
  htmlLang: 'en',
  loginTitle: 'Log in',
  loginHeading: (brand) => `Log in to ${brand}`,
  signupTitle: 'Create an account',
  signupHeading: (brand) => `Create your ${brand} account`,
  email: 'Email address',
  password: 'Password',
  firstName: 'First name',
  lastName: 'Last name',
  optional: '(optional)',
  passwordRule: 'At least 8 characters, with a letter and a number.',
  logIn: 'Log in',
  createAccount: 'Create account',
  toSignup: 'New here? Create an account',
  toLogin: 'Already have an account? Log in',
  backToStore: 'Back to the store',
  errorSummary: 'There is a problem',
  wrongCredentials: 'Wrong email or password.',
  invalidEmail: 'Enter a valid email address.',
  missingPassword: 'Enter your password.',
  missingFirstName: 'Enter your first name.',
  emailTaken: 'An account with this email already exists. Log in instead.',
  expired: 'This sign-in page has expired. Go back to the store and try again.',
  tooManyAttempts: 'Too many attempts. Go back to the store and try again.',
  badRequestTitle: 'This sign-in request cannot be completed',
  badRequest: {
    invalid_client: 'The store that sent you here is not known to this sign-in service.',
    invalid_redirect_uri: 'The address to return to after signing in is not allowed.',
    invalid_request: 'The sign-in request is not valid.',
    invalid_return_to: 'The address to return to after signing out is not allowed.',
  },
}

const FR: IdpText = {
  htmlLang: 'fr-CA',
  loginTitle: 'Connexion',
  loginHeading: (brand) => `Connexion à ${brand}`,
  signupTitle: 'Créer un compte',
  signupHeading: (brand) => `Créer votre compte ${brand}`,
  email: 'Adresse courriel',
  password: 'Mot de passe',
  firstName: 'Prénom',
  lastName: 'Nom',
  optional: '(facultatif)',
  passwordRule: 'Au moins 8 caractères, dont une lettre et un chiffre.',
  logIn: 'Se connecter',
  createAccount: 'Créer un compte',
  toSignup: 'Nouveau client? Créer un compte',
  toLogin: 'Vous avez déjà un compte? Connexion',
  backToStore: 'Retour au magasin',
  errorSummary: 'Un problème est survenu',
  wrongCredentials: 'Courriel ou mot de passe incorrect.',
  invalidEmail: 'Entrez une adresse courriel valide.',
  missingPassword: 'Entrez votre mot de passe.',
  missingFirstName: 'Entrez votre prénom.',
  emailTaken: 'Un compte existe déjà avec ce courriel. Connectez-vous plutôt.',
  expired: 'Cette page de connexion a expiré. Retournez au magasin et réessayez.',
  tooManyAttempts: 'Trop de tentatives. Retournez au magasin et réessayez.',
  badRequestTitle: 'Cette demande de connexion ne peut pas aboutir',
  badRequest: {
    invalid_client: "Le magasin qui vous a envoyé ici n'est pas connu de ce service de connexion.",
    invalid_redirect_uri: "L'adresse de retour après la connexion n'est pas autorisée.",
    invalid_request: "La demande de connexion n'est pas valide.",
    invalid_return_to: "L'adresse de retour après la déconnexion n'est pas autorisée.",
  },
}

export const idpText = (lang: Lang): IdpText => (lang === 'fr' ? FR : EN)
