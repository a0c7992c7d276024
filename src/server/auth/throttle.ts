/**
 * Counts failed logins per key (e-mail and address) in memory; after `limit` failures within
 * `windowMs` further attempts are refused until the window passes. Enough for one process.
 */
export class LoginThrottle {
  private failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (now - entry.since > this.windowMs) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.limit;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (!entry || now - entry.since > this.windowMs) this.failures.set(key, { count: 1, since: now });
    else entry.count += 1;
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
