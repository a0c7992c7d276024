import { sql, type Kysely } from 'kysely';

/**
 * The document type a report's file is kept as (`code` 'relatorio'): PDF, Excel and CSV, with the
 * report's design as its one metadata entry. A council that already named a type 'Relatório' keeps
 * it, now as the reports' type, accepting those three formats besides its own. A database built
 * from a model without documents or reports has no such rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ found: number }>`
    select count(*)::int as found from information_schema.columns
     where table_schema = current_schema() and table_name = 'document_types' and column_name = 'code'`.execute(db);
  if (!rows[0]?.found) return;
  await sql`create unique index if not exists document_types_code_unique on document_types (code) where code is not null`.execute(db);
  await sql`
    update document_types
       set code = 'relatorio',
           accepted_extensions = (select coalesce(jsonb_agg(distinct value), '[]'::jsonb) from jsonb_array_elements_text(accepted_extensions || '["pdf","xlsx","csv"]'::jsonb))
     where lower(denomination) = 'relatório' and code is null
       and not exists (select 1 from document_types where code = 'relatorio')`.execute(db);
  await sql`
    insert into document_types (code, denomination, accepted_extensions, physical)
    select 'relatorio', 'Relatório', '["pdf","xlsx","csv"]'::jsonb, false
     where not exists (select 1 from document_types where code = 'relatorio')`.execute(db);
  await sql`
    insert into document_type_metadata (document_type_id, name, type, required)
    select id, 'Modelo de relatório', 'string', false from document_types t
     where code = 'relatorio' and not exists (select 1 from document_type_metadata m where m.document_type_id = t.id and m.name = 'Modelo de relatório')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists document_types_code_unique`.execute(db);
}
