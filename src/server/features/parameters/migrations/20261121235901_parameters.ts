import type { DynamicDatabase } from '../../../core/db/dynamic.js';
import { sql } from 'kysely';

/**
 * Back-office parameters: settings an administrator changes on the parameters screen. `front` ones
 * go to the client with the initial load; `back` ones only the server reads.
 */
export async function up(db: DynamicDatabase): Promise<void> {
  await db.schema
    .createTable('parameters')
    .ifNotExists()
    .addColumn('id', 'bigint', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(255)', (c) => c.notNull())
    .addColumn('scope', 'varchar(5)', (c) => c.notNull().check(sql`scope in ('front', 'back')`))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('default_value', 'text')
    .addColumn('use_default', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('minimum', 'integer')
    .addColumn('maximum', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('parameters')
    .values({
      name: 'password_min_length', label: 'Tamanho mínimo da senha', scope: 'back', type: 'integer',
      value: null, default_value: '8', use_default: true, minimum: 3, maximum: 255,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function down(db: DynamicDatabase): Promise<void> {
  await db.schema.dropTable('parameters').ifExists().execute();
}
