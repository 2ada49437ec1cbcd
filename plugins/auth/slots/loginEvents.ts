/**
 * The auth slots ask each other to open the login flyout through the bus (the mobile menu's Log In and
 * Create Account buttons open the same flyout the account button opens), so neither imports the other.
 */
declare module '../../../kernel/bus/events' {
  interface KernelEvents {
    /** Open the login / sign-up flyout of the account slot on the given tab. */
    'auth:openLoginFlyout': { tab: 'logIn' | 'register' }
  }
}

export const OPEN_LOGIN_FLYOUT = 'auth:openLoginFlyout' as const
