import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/**
 * Counts login attempts per key (space, e-mail and address) in the space's database, so that every
 * server process on one database counts them together. An attempt is counted before its password
 * is checked, in one statement, and forgiven only when the password matches: guesses sent at once
 * are counted one by one, and past `limit` within `windowMs` the next ones are refused unchecked
 * until the window passes. Times are the database's clock.
 */
export class LoginThrottle {
  constructor(
    private readonly limit = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private get window() {
    return sql`(${this.windowMs / 1000} * interval '1 second')`;
  }

  /**
   * Counts one attempt of the key and answers whether it may be checked: 0 when it may, else the
   * seconds until the key may try again. A key whose window has passed starts again at one.
   */
  async attempt(db: Kysely<SpaceDatabase>, key: string): Promise<number> {
    const { rows } = await sql<{ failures: number; remaining: number }>`
      insert into login_failures (key, failures, since) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when login_failures.since < now() - ${this.window} then 1 else login_failures.failures + 1 end,
        since = case when login_failures.since < now() - ${this.window} then now() else login_failures.since end
      returning failures, extract(epoch from since + ${this.window} - now()) as remaining`.execute(db);
    await db.deleteFrom('login_failures').where(sql<boolean>`since < now() - ${this.window}`).execute();
    const { failures, remaining } = rows[0];
    return failures > this.limit ? Math.max(1, Math.ceil(Number(remaining))) : 0;
  }

  /** Seconds until the key may try again; 0 when it is not blocked. */
  async retryAfterSeconds(db: Kysely<SpaceDatabase>, key: string): Promise<number> {
    const row = await db
      .selectFrom('login_failures')
      .select(['failures', sql<number>`extract(epoch from since + ${this.window} - now())`.as('remaining')])
      .where('key', '=', key)
      .executeTakeFirst();
    const remaining = Number(row?.remaining ?? 0);
    return row && row.failures >= this.limit && remaining > 0 ? Math.max(1, Math.ceil(remaining)) : 0;
  }

  /** The password matched: the key's count starts again. */
  async succeed(db: Kysely<SpaceDatabase>, key: string): Promise<void> {
    await db.deleteFrom('login_failures').where('key', '=', key).execute();
  }
}
