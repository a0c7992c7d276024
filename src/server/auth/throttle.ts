import { sql, type Kysely } from 'kysely';

/**
 * Counts failed logins per key (space, e-mail and address) in the space's database, so that every
 * server process on one database counts them together; after `limit` failures within `windowMs`
 * further attempts are refused until the window passes. Times are the database's clock.
 */
export class LoginThrottle {
  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private get window() {
    return sql`(${this.windowMs / 1000} * interval '1 second')`;
  }

  /** Seconds until the key may try again; 0 when it is not blocked. */
  async retryAfterSeconds(db: Kysely<any>, key: string): Promise<number> {
    const row = await db
      .selectFrom('login_failures')
      .select(['failures', sql<number>`extract(epoch from since + ${this.window} - now())`.as('remaining')])
      .where('key', '=', key)
      .executeTakeFirst();
    const remaining = Number(row?.remaining ?? 0);
    return row && row.failures >= this.limit && remaining > 0 ? Math.max(1, Math.ceil(remaining)) : 0;
  }

  /** One more failure; a key whose window has passed starts again at one. Expired keys are dropped. */
  async fail(db: Kysely<any>, key: string): Promise<void> {
    await sql`
      insert into login_failures (key, failures, since) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_failures.since < now() - ${this.window} then 1 else login_failures.failures + 1 end,
        since = case when login_failures.since < now() - ${this.window} then now() else login_failures.since end`.execute(db);
    await db.deleteFrom('login_failures').where(sql<boolean>`since < now() - ${this.window}`).execute();
  }

  async succeed(db: Kysely<any>, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('key', '=', key).execute();
  }
}
