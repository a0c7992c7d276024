import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Most statements one connection keeps prepared. Every entity, sort and filter shape makes a
 * statement of its own, so the count is bounded to bound the server's memory; past it a statement
 * simply runs unnamed.
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
// A search pattern's selectivity decides its plan: a plan made for one pattern must not serve another
// (`like`, trigram similarity, a regular expression: a short word at the start of a text's words).
const PATTERN_MATCH = /\blike\b|<%|%>|\s~\s/i;

// A statement of a hundred parameters or more is a batch (an import's rows, the ids they name): its
// planning is little beside its work, and a plan made while a table was nearly empty (a seq scan)
// must not serve it once the table has grown within the same import.
const BATCH_STATEMENT = /\$\d{3,}/;

/** Whether a statement is prepared once per connection and its plan reused. */
export const isPreparable = (text: string) => DATA_STATEMENT.test(text) && !PATTERN_MATCH.test(text) && !BATCH_STATEMENT.test(text);

/**
 * Kysely's pool over `pg` with the statements every request repeats (the session look-up, a list's
 * page, a record by id) prepared once per connection: PostgreSQL then parses and plans them once
 * instead of on every call, which is most of the cost of a sub-millisecond statement. Statements
 * of a pattern search stay unnamed and are planned for their own pattern each time.
 */
/** What one connection has prepared, and whether it is inside a transaction. */
interface ConnectionState {
  names: Map<string, string>;
  inTransaction: boolean;
  /** The statements a backend session shared with earlier connections still holds are dropped first. */
  reset?: Promise<unknown>;
}

export interface PreparingPoolOptions {
  /** Most statements kept prepared on one connection. */
  limit?: number;
  /**
   * The server keeps one session for every connection, as PGlite's socket does: statements an
   * earlier connection prepared are still there when the pool opens a new one. Each new connection
   * then starts by dropping them (`deallocate all`), so the session holds only what this
   * connection knows of.
   */
  sharedSession?: boolean;
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
// `rollback to savepoint` stays inside the transaction.
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was
 * prepared (a migration applied by another process, say).
 */
const isStalePlan = (error: unknown) => (error as { message?: string })?.message === 'cached plan must not change result type';

export function preparingPool(pool: pg.Pool, options: PreparingPoolOptions = {}): PostgresPool {
  const limit = options.limit ?? MAX_PREPARED_PER_CONNECTION;
  const states = new WeakMap<pg.PoolClient, ConnectionState>();
  // Names are never reused within the pool, whichever connection prepares them: a statement
  // prepared again, or on a new connection to a shared session, gets a name of its own.
  let issued = 0;
  const stateOf = (client: pg.PoolClient) => {
    let state = states.get(client);
    if (!state) {
      state = { names: new Map(), inTransaction: false };
      if (options.sharedSession) state.reset = client.query('deallocate all');
      states.set(client, state);
    }
    return state;
  };
  const nameOf = (state: ConnectionState, text: string): string | undefined => {
    const known = state.names.get(text);
    if (known || !isPreparable(text) || state.names.size >= limit) return known;
    const name = `s${++issued}`;
    state.names.set(text, name);
    return name;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const state = stateOf(client);
      if (state.reset) {
        try {
          await state.reset;
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
        state.reset = undefined;
      }
      const run = (text: string, values: readonly unknown[]) => {
        const name = nameOf(state, text);
        return client.query(name ? { name, text, values: values as unknown[] } : { text, values: values as unknown[] });
      };
      const query = async (text: string, values: readonly unknown[]) => {
        if (TRANSACTION_START.test(text)) state.inTransaction = true;
        else if (TRANSACTION_END.test(text)) state.inTransaction = false;
        try {
          return await run(text, values);
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          // Prepared again under a new name, it plans against the table as it is now. Inside a
          // transaction the error has already aborted it, so only a statement on its own is retried.
          state.names.delete(text);
          if (state.inTransaction) throw error;
          return run(text, values);
        }
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}
