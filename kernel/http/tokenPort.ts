/**
 * The HTTP client's view of authentication. The kernel knows nothing of tokens; the auth plugin
 * fills this port. Until it does, calls go out anonymous and a 401 is returned as an error.
 */
export interface TokenPort {
  /** The current access token, if any and still valid. */
  accessToken(): string | undefined
  /** Resolves when no refresh is in progress (bearer calls wait for one that is). */
  whenIdle(): Promise<void>
  /**
   * Removes the access-token cookie after a 401 (header spec §8). `rejected` is the token the failed call sent:
   * if the port holds a newer one by now (another call refreshed), it keeps it.
   */
  dropAccessToken(rejected?: string): void
  /**
   * Refreshes the tokens; single-flight is the port's job. Rejects when refresh failed. `rejected`
   * is the token the 401 answered: a late 401 for an older token resolves at once with the newer
   * token instead of starting a second refresh.
   */
  refresh(rejected?: string): Promise<void>
}

export const anonymousTokenPort: TokenPort = {
  accessToken: () => undefined,
  whenIdle: () => Promise.resolve(),
  dropAccessToken: () => {},
  refresh: () => Promise.reject(new Error('No auth plugin is running, so tokens cannot be refreshed.')),
}
