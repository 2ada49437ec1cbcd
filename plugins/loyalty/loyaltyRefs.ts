import { createServiceRef } from '../../kernel/services/serviceRef'
import type { JoinModalRequests } from './joinModalRequests'
import type { LoyaltyService } from './loyaltyService'
import type { NewsletterService } from './newsletter/newsletterService'
import type { ReferralService } from './referral/referralService'

/** The loyalty display's state and calls; this plugin's own (no other plugin uses it). */
export const loyaltyRef = createServiceRef<LoyaltyService>('loyalty.display')

/** The footer newsletter's state and sign-up. */
export const newsletterRef = createServiceRef<NewsletterService>('loyalty.newsletter')

/** A member's referral of a friend (the member panel's "Refer a friend"). */
export const referralRef = createServiceRef<ReferralService>('loyalty.referral')

/** Requests to open the join modal from a link (`openJoinModal`), heard by the header's join control. */
export const joinModalRef = createServiceRef<JoinModalRequests>('loyalty.joinModal')
