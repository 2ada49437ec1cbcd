import { LABEL_FALLBACKS, type Labels } from '../../../contracts/labels'
import { DEFAULT_AUTH_OPTIONS } from '../authOptions'
import type { AccountMenuInput } from '../menu/accountMenuEntries'

/** A signed-in US customer on an English page: the consumer menu set with the default options. */
export const SIGNED_IN_MENU_INPUT: AccountMenuInput = {
  lang: 'en',
  signedIn: true,
  isAgent: false,
  config: { registerCoffeeMakerUrl: '/appliances/register-brewer', isMyBrewsEnabled: false },
  labels: { ...LABEL_FALLBACKS } as Labels,
  menuSet: 'consumer',
  signIn: DEFAULT_AUTH_OPTIONS.signIn,
  hiddenEntries: DEFAULT_AUTH_OPTIONS.hiddenEntries,
  webAppAutoDeliverySession: false,
}
