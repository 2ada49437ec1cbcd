import {
  ALL_ALLOWED,
  type ConsentChoices,
  type ConsentState,
  consentStateOf,
} from '../../contracts/consentState'

/** A visitor's answer to the banner (policy 'v', no GPC): everything allowed but what `choices` says. */
export const chosenConsent = (choices: Partial<ConsentChoices> = {}): ConsentState =>
  consentStateOf({ choices: { ...ALL_ALLOWED, ...choices }, chosen: true, policyVersion: 'v', gpc: false })
