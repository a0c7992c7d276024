/**
 * Counts failed logins per key (space, e-mail and address) in memory; after `limit` failures within
 * `windowMs` further attempts are refused until the window passes. Enough for one process.
 */
export class LoginThrottle {
  private failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    return this.retryAfterSeconds(key, now) > 0;
  }

  /** Seconds until the key may try again; 0 when it is not blocked. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    if (now - entry.since > this.windowMs) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.limit ? Math.max(1, Math.ceil((entry.since + this.windowMs - now) / 1000)) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || now - entry.since > this.windowMs) this.failures.set(key, { count: 1, since: now });
    else entry.count += 1;
    if (this.failures.size > 100_000) this.forgetExpired(now);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  /** Keeps the map bounded when many keys fail once and never come back. */
  private forgetExpired(now: number): void {
    for (const [key, entry] of this.failures) if (now - entry.since > this.windowMs) this.failures.delete(key);
  }
}
