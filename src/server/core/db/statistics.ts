import { sql, type Kysely } from 'kysely';

/**
 * Vacuums the tables whose dead rows passed PostgreSQL's own autovacuum rule (more than
 * `autovacuum_vacuum_threshold` + `autovacuum_vacuum_scale_factor` × rows) and answers their names.
 * Without it the embedded database never reclaims a deleted or updated row's space: a table written
 * and emptied by every save (the search vocabulary's pending changes) or a queue's claimed rows would
 * grow for good.
 */
export const vacuumDeadTables = <DB>(db: Kysely<DB>): Promise<string[]> => runPastAutovacuumRule(db, 'vacuum');

/**
 * Runs `vacuum` or `analyze` on each table whose counter passed autovacuum's rule for it (its
 * `autovacuum_<work>_threshold` + `autovacuum_<work>_scale_factor` × rows) and answers their names.
 */
async function runPastAutovacuumRule<DB>(db: Kysely<DB>, work: 'vacuum' | 'analyze'): Promise<string[]> {
  const counter = sql.ref(work === 'vacuum' ? 's.n_dead_tup' : 's.n_mod_since_analyze');
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', s.schemaname, s.relname) as name
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where ${counter} > current_setting(${`autovacuum_${work}_threshold`})::int
      + current_setting(${`autovacuum_${work}_scale_factor`})::float8 * greatest(c.reltuples, 0)`.execute(db);
  for (const { name } of rows) await sql`${sql.raw(work)} ${sql.raw(name)}`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Analyses the tables whose rows changed past PostgreSQL's own autovacuum rule (more than
 * `autovacuum_analyze_threshold` + `autovacuum_analyze_scale_factor` × rows modified since their last
 * analysis) and answers their names. PGlite runs PostgreSQL in single-user mode, where no autovacuum
 * launcher runs: without this its statistics stay as the last `analyze` left them.
 */
export const analyzeChangedTables = <DB>(db: Kysely<DB>): Promise<string[]> => runPastAutovacuumRule(db, 'analyze');

/**
 * Analyses the tables of the current schema that have at least doubled in size (their files, read
 * now) since their last analysis counted fewer than `smallerThan` rows, and answers their names.
 * Plans are made from statistics and kept (the foreign keys' checks among them): made while a table
 * was nearly empty, they read it through, which a bulk write into a new space's tables turns
 * quadratic; past a few thousand rows the plans no longer change with its size. Unlike
 * `analyzeChangedTables` it needs no activity counters, which a backend reports only now and then.
 */
export async function analyzeGrownTables<DB>(db: Kysely<DB>, smallerThan: number): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select format('%I.%I', n.nspname, c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = current_schema() and c.reltuples < ${smallerThan}
       and pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(2 * c.relpages, ${GROWN_MIN_PAGES})`.execute(db);
  for (const { name } of rows) await sql`analyze ${sql.raw(name)}`.execute(db);
  return rows.map((r) => r.name);
}

/** A table of fewer pages is read through in a moment whatever its plan. */
const GROWN_MIN_PAGES = 8;

/** Analyses the given tables now (after a bulk load, such as the reference seed). */
export async function analyzeTables<DB>(db: Kysely<DB>, tables: string[]): Promise<void> {
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
}

/** How often the embedded database looks for tables to vacuum or analyse (autovacuum's default nap). */
export const AUTOVACUUM_INTERVAL_MS = 60_000;

/**
 * Autovacuum's work where no autovacuum runs (PGlite): `vacuumDeadTables` then `analyzeChangedTables`
 * every `intervalMs` until the returned function is called (which waits for a round under way). The
 * timer does not keep the process alive.
 */
export function keepTablesVacuumed<DB>(db: Kysely<DB>, intervalMs = AUTOVACUUM_INTERVAL_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // A failed round (the database closing, a table dropped meanwhile) is tried again at the next.
    running = running.then(async () => {
      await vacuumDeadTables(db);
      await analyzeChangedTables(db);
    }).catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
