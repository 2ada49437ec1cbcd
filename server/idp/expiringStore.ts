/**
 * A bounded in-memory map whose entries expire: the local identity provider's login transactions and
 * one-time authorization codes. Memory is fine for a reference server (a restart only means "start
 * the login again"); the bound keeps a flood of /authorize requests from growing it without end.
 */
export class ExpiringStore<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  set(key: string, value: T, ttlMs = this.ttlMs): void {
    this.sweep()
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
    // Oldest first: Map keeps insertion order.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /** Reads and removes: the value can be taken once. */
  take(key: string): T | undefined {
    const value = this.get(key)
    this.entries.delete(key)
    return value
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
  }
}
