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
  const { lead, name } = greetingParts(labels, state)
  return lead ? `${lead} ${name}` : name
}

export interface GreetingParts {
  lead?: string
  name: string
}

/**
 * The same text in its two parts: the greeting word ("Hi,", "Bienvenue,") and who it greets. The
 * button gives up the greeting word before it cuts the name (AccountButtonFace).
 */
export function greetingParts(
  labels: Labels,
  state: Extract<SessionState, { status: 'signedIn' }>,
): GreetingParts {
  const name = state.firstName.trim()
  const who = state.agent ? [labels['header.agent.suffix'], name].filter(Boolean).join(' ') : name
  return who === ''
    ? { name: labels['header.my.account'] }
    : { lead: `${labels['header.greeting']},`, name: who }
}
