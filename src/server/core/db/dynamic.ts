import type { Kysely, Transaction } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/**
 * A database (a space's or the platform's) whose table is chosen at run time, by the name the model
 * gives (`entity.table`): any table, any column, each value `unknown` until read. The generic core
 * and the few feature queries that follow an entity's table work through it; a query on a table
 * known when it is written goes through `SpaceDatabase` or `PlatformDatabase`, checked.
 */
export type DynamicDatabase = Kysely<AnyTables>;

/** Tables named at run time: any table, any column, each value `unknown` until read. */
export type AnyTables = Record<string, Record<string, unknown>>;

/**
 * The same database (or transaction) seen by table names known only at run time: a cast, since a
 * Kysely of one database type is not assignable to one of another.
 */
export function dynamic<DB>(db: Kysely<DB> | Transaction<DB>): DynamicDatabase {
  return db as unknown as DynamicDatabase;
}

/**
 * A database the core holds by no table type (an entity's, whichever), read by a space's tables:
 * every database of the product has them (the platform's is also the default space's), so the
 * entity's database holds `files`, `audits`, `users` and a feature's own tables alike.
 */
export function spaceTables(db: DynamicDatabase | Transaction<AnyTables>): Kysely<SpaceDatabase> {
  return db as unknown as Kysely<SpaceDatabase>;
}
