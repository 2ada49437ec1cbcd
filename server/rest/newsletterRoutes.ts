import type { Hono } from 'hono'
import { NEWSLETTER_SIGNUP_PATH, NewsletterSignupRequestSchema } from '../../contracts/loyalty'
import type { Database } from '../db/database'
import { validationError } from '../http/apiError'
import { readBody } from '../http/readBody'
import { subscribeToNewsletter } from '../loyalty/newsletterSubscriptions'
import { REST_BASE } from './cmsRoutes'
import { brandParam, optionalLang } from './params'

/**
 * POST kpcEmailSignup?lang (header spec §7): the footer newsletter, form-encoded
 * `email=…&subscribe=true` as the spec sends it (JSON is read too), no token. 200 `subscribed` for a
 * new subscription and a repeat alike, one row per brand and e-mail; 400 naming the field for an
 * e-mail outside the header spec §5 pattern. Registered after the CMS routes, whose middleware checks the brand.
 */
export function registerNewsletterRoutes(app: Hono, db: Database): void {
  app.post(`${REST_BASE}/${NEWSLETTER_SIGNUP_PATH}`, async (c) => {
    const brand = brandParam(c)
    const lang = optionalLang(c)
    const { email, subscribe } = await readBody(c, NewsletterSignupRequestSchema, {
      fail: (message) => validationError(message, 'invalid'),
      booleans: ['subscribe'],
    })
    await subscribeToNewsletter(db, { brand, email, lang, termsAccepted: subscribe })
    return c.json({ status: 'subscribed' })
  })
}
