import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Most statements one connection keeps prepared. Every entity, sort and filter shape makes a
 * statement of its own, so the count is bounded to bound the server's memory; past it a statement
 * simply runs unnamed.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
// A search pattern's selectivity decides its plan: a plan made for one pattern must not serve another.
const PATTERN_MATCH = /\blike\b|<%|%>/i;

/** Whether a statement is prepared once per connection and its plan reused. */
export const isPreparable = (text: string) => DATA_STATEMENT.test(text) && !PATTERN_MATCH.test(text);

/**
 * Kysely's pool over `pg` with the statements every request repeats (the session look-up, a list's
 * page, a record by id) prepared once per connection: PostgreSQL then parses and plans them once
 * instead of on every call, which is most of the cost of a sub-millisecond statement. Statements
 * of a pattern search stay unnamed and are planned for their own pattern each time.
 */
export function preparingPool(pool: pg.Pool, limit = MAX_PREPARED_PER_CONNECTION): PostgresPool {
  const namesByConnection = new WeakMap<pg.PoolClient, Map<string, string>>();
  const nameOf = (client: pg.PoolClient, text: string): string | undefined => {
    let names = namesByConnection.get(client);
    if (!names) namesByConnection.set(client, (names = new Map()));
    const known = names.get(text);
    if (known || !isPreparable(text) || names.size >= limit) return known;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const query = (text: string, values: readonly unknown[]) => {
        const name = nameOf(client, text);
        return client.query(name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] });
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
