import { sql, type Kysely } from 'kysely';

/**
 * An import's rows counted by action and done mark, kept by the rows' own statements (a statement
 * trigger on `import_rows`), so that the import's progress is read from a few rows instead of
 * counting its whole file at every look: a screen following a 50,000-row commit asked that count once
 * a second, each time reading every row. A row without an action yet (not checked) counts under ''.
 * The counts change in the transaction that changes the rows, so they are never ahead of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass('import_rows')::text as found`.execute(db);
  if (!rows[0]?.found) return;
  await sql`
    create table import_counts (
      import_id bigint not null references imports(id) on delete cascade,
      action varchar(10) not null,
      done boolean not null,
      rows integer not null,
      primary key (import_id, action, done)
    )`.execute(db);
  // Each statement adds what came and takes off what went, its keys locked in one order. A deleted
  // row only takes off: its import may be going too, with its counts.
  await sql`
    create function import_rows_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into import_counts as c (import_id, action, done, rows)
        select import_id, coalesce(action, ''), done, count(*) from new_rows group by 1, 2, 3 order by 1, 2, 3
        on conflict (import_id, action, done) do update set rows = c.rows + excluded.rows;
      elsif tg_op = 'UPDATE' then
        insert into import_counts as c (import_id, action, done, rows)
        select import_id, action, done, sum(n) from (
          select import_id, coalesce(action, '') as action, done, -1 as n from old_rows
          union all
          select import_id, coalesce(action, ''), done, 1 from new_rows) d
        group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3
        on conflict (import_id, action, done) do update set rows = c.rows + excluded.rows;
      else
        update import_counts c set rows = c.rows - d.n
          from (select import_id, coalesce(action, '') as action, done, count(*) as n from old_rows group by 1, 2, 3) d
         where c.import_id = d.import_id and c.action = d.action and c.done = d.done;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger import_rows_count_insert after insert on import_rows referencing new table as new_rows for each statement execute function import_rows_count()`.execute(db);
  await sql`create trigger import_rows_count_update after update on import_rows referencing old table as old_rows new table as new_rows for each statement execute function import_rows_count()`.execute(db);
  await sql`create trigger import_rows_count_delete after delete on import_rows referencing old table as old_rows for each statement execute function import_rows_count()`.execute(db);
  await sql`
    insert into import_counts (import_id, action, done, rows)
    select import_id, coalesce(action, ''), done, count(*) from import_rows group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists import_rows_count_${event} on import_rows`).execute(db);
  await sql`drop function if exists import_rows_count()`.execute(db);
  await sql`drop table if exists import_counts`.execute(db);
}
