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

/**
 * How many characters a greeting may have ("Bienvenue, Émilie" is 17) and still be drawn whole on
 * the desktop account button (accountButton.module.css: 260 px at most, about 188 px of text, some
 * 21 characters of the header's bold 15 px face). Longer, the greeting word is left out of the
 * drawing (still read out): the button is then as wide as the name, where a greeting word wrapped
 * out of sight by CSS alone left its room empty beside the name.
 */
export const GREETING_FIT_CHARS = 20

/** Whether the greeting word is drawn beside the name (GREETING_FIT_CHARS). */
export const leadFits = ({ lead, name }: GreetingParts) =>
  lead !== undefined && lead.length + 1 + name.length <= GREETING_FIT_CHARS

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
