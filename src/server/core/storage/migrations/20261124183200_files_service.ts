import { sql, type Kysely } from 'kysely';

/**
 * Each file names the file service that holds its bytes (`service_id`; null: the space's own folder),
 * so a file stays readable and deletable wherever the space's new files go later. Where the space has
 * file services (`file_service_types`, module tipo_servico_arquivo), the column references them and a
 * service holding files cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('service_id', 'bigint').execute();
  await db.schema.createIndex('files_service_index').on('files').column('service_id').execute();
  const { rows } = await sql<{ services: string | null }>`select to_regclass('file_service_types')::text as services`.execute(db);
  if (rows[0]?.services) {
    await db.schema
      .alterTable('files')
      .addForeignKeyConstraint('files_service_id_foreign', ['service_id'], 'file_service_types', ['id'], (constraint) => constraint.onDelete('restrict'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_service_index').execute();
  await db.schema.alterTable('files').dropColumn('service_id').execute();
}
