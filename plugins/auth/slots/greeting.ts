import type { Labels } from '../../../contracts/labels'
import type { SessionState } from '../authRefs'

/**
 * The account button's text for a signed-in shopper (header spec §1, §6).
 *
 * Composition: `{greeting}, {first name}`, and for an agent (nobo) session
 * `{greeting}, {agent suffix} {first name}`: "Hi, Jamie", "Bienvenue, Jamie", "Hi, CCR as Jamie".
 * The suffix sits before the customer's name because it reads as "a CCR acting as Jamie"; the
 * greeting stays first so the button starts with the same word for every shopper. Without a first
 * name yet (customer data still loading) the button says "My Account" rather than a bare "Hi,".
 */
export function greetingText(labels: Labels, state: Extract<SessionState, { status: 'signedIn' }>): string {
  const name = state.firstName.trim()
  const who = state.agent ? [labels['header.agent.suffix'], name].filter(Boolean).join(' ') : name
  return who === '' ? labels['header.my.account'] : `${labels['header.greeting']}, ${who}`
}
