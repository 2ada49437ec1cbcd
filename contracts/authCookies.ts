/*
 * A module of its own, without the wire schemas of contracts/auth.ts: the parts drawn before the
 * kernel read these names, and carry no valibot for it.
 */

/** Cookie and storage names of header spec §3 "Cookies and storage" that the account layer owns. */
export const AUTH_COOKIES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  rememberMe: 'remember_me',
  customerId: 'CustomerID',
  isAuthenticated: 'isAuthenticated',
  /** Logged-in marker, 2,592,000,000 ms (30 days, header spec §9). */
  userWasLoggedIn: 'userWasLoggedIn',
  /** Epoch milliseconds at which the session (its refresh token) ends; drives the expiry dialog. */
  sessionExpiryDate: 'sessionExpiryDate',
  customerFirstName: 'customerFirstName',
  cartCount: 'cartCount',
  isPerksOptIn: 'isPerksOptIn',
  isEmployee: 'isEmployee',
  priceGroup: 'priceGroup',
  userGroup: 'userGroup',
  perksWalkupUser: 'perksWalkupUser',
  csAgentId: 'csAgentId',
  noboSession: 'noboSession',
  recipeSetId: 'recipeSetId',
  registrationSuccess: 'registrationSuccess',
  isSWU: 'isSWU',
  existingPerksUser: 'existingPerksUser',
} as const
