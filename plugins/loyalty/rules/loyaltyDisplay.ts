import type { CustomerDetails } from '../../../contracts/auth'
import type { Resource } from '../../../contracts/resource'
import type { ShopperSession } from '../../../contracts/serviceRefs'

/**
 * What the loyalty display shows (header spec §4 loyalty display, header spec §6 roles):
 * - `off`: the programme is switched off, or this shopper gets no display (an excluded customer on a
 *   brand that does not say so, customer data that could not be read);
 * - `visitor`: signed out: the rewards prompt, whose join button opens the join modal;
 * - `pending`: signed in, customer data not in yet: what the first view guessed stays;
 * - `optIn`: not opted in and not excluded: the opt-in form;
 * - `excluded`: loyalty-excluded, on a brand that says so: the info tooltip;
 * - `member`: opted in: the member label with the cashback balance (`formattedValue`).
 */
export type LoyaltyDisplay =
  | { kind: 'off' }
  | { kind: 'visitor' }
  | { kind: 'pending' }
  | { kind: 'optIn' }
  | { kind: 'excluded' }
  | { kind: 'member'; cashback: string | undefined }

export interface LoyaltyDisplayInput {
  /** `loyalty.program.enabled` and `loyalty.global.toggle` (header spec §3 site configuration). */
  programmeOn: boolean
  session: ShopperSession
  customer: Resource<CustomerDetails>
  /** The opt-in succeeded in this tab, before customer data says so. */
  optedInHere: boolean
  /** The brand tells excluded customers with an info tooltip (the loyalty options' `excludedInfo`). */
  excludedInfo: boolean
}

/** Pure: the same inputs, the same display. */
export function loyaltyDisplay(input: LoyaltyDisplayInput): LoyaltyDisplay {
  if (!input.programmeOn) return { kind: 'off' }
  if (input.session.status !== 'signedIn') return { kind: 'visitor' }
  const { customer } = input
  if (customer.status === 'error') return { kind: 'off' }
  if (customer.status !== 'success' || !customer.data.isLoggedIn)
    return input.optedInHere ? { kind: 'member', cashback: undefined } : { kind: 'pending' }
  const data = customer.data
  // Excluded first: an excluded account earns nothing, whatever its opt-in flag says.
  if (data.isLoyaltyExcludedCustomer) return input.excludedInfo ? { kind: 'excluded' } : { kind: 'off' }
  if (data.perksOptIn || input.optedInHere)
    return { kind: 'member', cashback: data.loyaltyCashbackBalance?.formattedValue }
  return { kind: 'optIn' }
}

/** Whether a display is the member's: the one whose reward data is fetched. */
export const isMember = (d: LoyaltyDisplay): d is Extract<LoyaltyDisplay, { kind: 'member' }> =>
  d.kind === 'member'
