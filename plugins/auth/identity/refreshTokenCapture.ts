import type { Cacheable, ICache, MaybePromise, WrappedCacheEntry } from '@auth0/auth0-spa-js'

/** The tokens of one token-endpoint answer, as the SDK wrote them to its cache. */
export interface CapturedTokens {
  accessToken: string
  refreshToken: string
  /** The provider's `refresh_expires_in` (an extension the reference server sends), seconds. */
  refreshExpiresIn?: number
}

const isWrapped = (entry: unknown): entry is WrappedCacheEntry =>
  typeof entry === 'object' && entry !== null && 'body' in entry && typeof entry.body === 'object'

function captured(entry: unknown): CapturedTokens | undefined {
  if (!isWrapped(entry)) return undefined
  const body = entry.body as WrappedCacheEntry['body'] & { refresh_expires_in?: unknown }
  if (!body.refresh_token || !body.access_token) return undefined
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    ...(typeof body.refresh_expires_in === 'number' ? { refreshExpiresIn: body.refresh_expires_in } : {}),
  }
}

/**
 * The SDK's cache (`cache` option, its supported `ICache` extension point) around its own
 * LocalStorageCache: every entry still goes to local storage, and the last token entry written with
 * a refresh token is remembered, so the header's refresher can be handed the refresh token without
 * reading the SDK's storage keys.
 */
export class RefreshTokenCapture implements ICache {
  private lastWritten: CapturedTokens | undefined

  constructor(private readonly inner: ICache) {}

  set<T = Cacheable>(key: string, entry: T): MaybePromise<void> {
    this.lastWritten = captured(entry) ?? this.lastWritten
    return this.inner.set(key, entry)
  }

  get<T = Cacheable>(key: string): MaybePromise<T | undefined> {
    return this.inner.get<T>(key)
  }

  remove(key: string): MaybePromise<void> {
    return this.inner.remove(key)
  }

  allKeys(): MaybePromise<string[]> {
    return this.inner.allKeys ? this.inner.allKeys() : []
  }

  /** Forget what was seen (before a new code exchange). */
  reset(): void {
    this.lastWritten = undefined
  }

  /** The refresh token stored with `accessToken`: the last write, else a look through the entries. */
  async tokensFor(accessToken: string): Promise<CapturedTokens | undefined> {
    if (this.lastWritten?.accessToken === accessToken) return this.lastWritten
    for (const key of await this.allKeys()) {
      const found = captured(await this.inner.get(key))
      if (found?.accessToken === accessToken) return found
    }
    return undefined
  }
}
