import type { Kysely, Transaction } from 'kysely';

/**
 * A database (a space's or the platform's) whose table is chosen at run time, by the name the model
 * gives (`entity.table`): any table, any column, each value `unknown` until read. The generic core
 * and the few feature queries that follow an entity's table work through it; a query on a table
 * known when it is written goes through `SpaceDatabase` or `PlatformDatabase`, checked.
 */
export type DynamicDatabase = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The same database (or transaction) seen by table names known only at run time: a cast, since a
 * Kysely of one database type is not assignable to one of another.
 */
export function dynamic<DB>(db: Kysely<DB> | Transaction<DB>): DynamicDatabase {
  return db as unknown as DynamicDatabase;
}
