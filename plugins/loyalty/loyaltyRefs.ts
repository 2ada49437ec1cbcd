import { createServiceRef } from '../../kernel/services/serviceRef'
import type { LoyaltyService } from './loyaltyService'
import type { NewsletterService } from './newsletter/newsletterService'

/** The loyalty display's state and calls; this plugin's own (no other plugin uses it). */
export const loyaltyRef = createServiceRef<LoyaltyService>('loyalty.display')

/** The footer newsletter's state and sign-up. */
export const newsletterRef = createServiceRef<NewsletterService>('loyalty.newsletter')
