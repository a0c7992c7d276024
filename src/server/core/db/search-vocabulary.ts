import { sql, type Kysely } from 'kysely';

// The words of every searchable column, counted per table and kept by statement triggers, so that a
// search tolerant of typos compares each of its words with the vocabulary (a few thousand words, with
// an index of its own) instead of comparing the whole phrase with every row. A searchable column is
// one with the trigram index the generator gives it (`gin (immutable_unaccent(lower(column))
// gin_trgm_ops)`), so the database itself says which. Each such table also gets an index of its rows'
// whole words (`wordsDocument`).

/** Words shorter than this are not kept: they match as the start of a value, never by resemblance. */
export const MIN_VOCABULARY_WORD = 3;

/** A function the vocabulary needs: its declaration and its body (compared with the installed one). */
interface VocabularyFunction {
  name: string;
  declaration: string;
  body: string;
}

/**
 * The distinct words of a text as the vocabulary keeps them: no accents, lower case, 3 characters or
 * more, not digits alone. A number resembles its neighbours by trigrams (12345 and 12346), which is
 * never the typo a search should forgive, and numbers (a CPF's groups, a street number) would fill the
 * vocabulary with words nobody misspells: typed, they match the start of a value.
 */
const WORDS_OF: VocabularyFunction = {
  name: 'search_words_of',
  declaration: 'search_words_of(text) returns setof text language sql immutable parallel safe',
  body: `
  select distinct w from unnest(regexp_split_to_array(immutable_unaccent(lower($1)), '[^a-z0-9]+')) w
   where length(w) >= ${MIN_VOCABULARY_WORD} and w !~ '^[0-9]+$'
`,
};

/**
 * The statement trigger: notes what the statement changed (minus the words of the rows that went, plus
 * those of the rows that came) as the transaction's pending changes, and marks the transaction for a
 * fold at its commit (FOLD). Noting takes no lock another writer holds: the counts themselves are
 * touched once per transaction, at its end, so a transaction of several statements (a save with its
 * audit row, several records deleted together) never holds one word while it waits for another.
 */
const TRACK: VocabularyFunction = {
  name: 'search_words_track',
  declaration: 'search_words_track() returns trigger language plpgsql',
  body: `
declare
  words text := format('search_words_of(concat_ws('' '', %s))', (select string_agg(format('r.%I', c), ', ') from unnest(TG_ARGV) c));
  changed integer;
begin
  if TG_OP = 'UPDATE' then
    execute format(
      'insert into search_word_changes (xid, table_name, word, rows)
        select txid_current(), %L, w, sum(n) from (select w, -1 n from old_rows r, %s w union all select w, 1 from new_rows r, %s w) d
         group by w having sum(n) <> 0', TG_TABLE_NAME, words, words);
  elsif TG_OP = 'DELETE' then
    execute format('insert into search_word_changes (xid, table_name, word, rows) select txid_current(), %L, w, -count(*) from old_rows r, %s w group by w', TG_TABLE_NAME, words);
  else
    execute format('insert into search_word_changes (xid, table_name, word, rows) select txid_current(), %L, w, count(*) from new_rows r, %s w group by w', TG_TABLE_NAME, words);
  end if;
  get diagnostics changed = row_count;
  -- Most updates (a sequence's counter, a flag) change no word and so leave nothing to fold.
  if changed > 0 then
    insert into search_word_folds (xid) values (txid_current()) on conflict do nothing;
  end if;
  return null;
end
`,
};

/**
 * The fold, at the commit of a transaction that changed words (a deferred constraint trigger on its
 * mark): its pending changes added to the counts in one statement, in word order, so two committing
 * writers sharing words wait for each other instead of deadlocking; then the words it brought to zero,
 * rows it already holds, taken off.
 */
const FOLD: VocabularyFunction = {
  name: 'search_words_fold',
  declaration: 'search_words_fold() returns trigger language plpgsql',
  body: `
declare
  gone_tables text[];
  gone_words text[];
begin
  with moved as (delete from search_word_changes where xid = NEW.xid returning table_name, word, rows),
       counted as (
         insert into search_words as s (table_name, word, rows)
         select table_name, word, sum(rows) from moved group by table_name, word having sum(rows) <> 0 order by table_name, word
         on conflict (table_name, word) do update set rows = s.rows + excluded.rows
         returning s.table_name, s.word, s.rows)
  select array_agg(table_name), array_agg(word) into gone_tables, gone_words from counted where rows <= 0;
  if gone_words is not null then
    delete from search_words s using unnest(gone_tables, gone_words) g(table_name, word)
     where s.table_name = g.table_name and s.word = g.word and s.rows <= 0;
  end if;
  delete from search_word_folds where xid = NEW.xid;
  return null;
end
`,
};

/**
 * The words of a table's vocabulary nearest to a word by trigram distance, through the vocabulary's
 * GiST index whatever the statistics say: on the embedded database nothing analyses a vocabulary as it
 * grows, and a plan made for an empty one would compare the word with every word of the table.
 */
const NEAR: VocabularyFunction = {
  name: 'search_words_near',
  declaration: 'search_words_near(tbl text, w text, n integer, max_distance real) returns setof text language sql stable set enable_seqscan = off set enable_sort = off',
  body: `
  select near.word from (
    select v.word, v.word <-> w as distance from search_words v where v.table_name = tbl order by v.word <-> w limit n) near
   where near.distance <= max_distance
`,
};

const FUNCTIONS = [WORDS_OF, FOLD, TRACK, NEAR];

/** What a migrated database holds of the vocabulary besides its migrations: part of a database template's edition. */
export const vocabularyEdition = (): string => FUNCTIONS.map((f) => `${f.declaration}\0${f.body}`).join('\0');

/**
 * The words of a row's searchable columns as a text-search document (`simple`: no stemming, no stop
 * words), the expression of each searchable table's word index: a search for whole words reads that
 * index's short posting lists instead of trigram lists shared by thousands of words.
 */
export function wordsDocument(columns: string[]): string {
  const text = [...columns].sort().map((c) => `coalesce("${c}"::text, '')`).join(` || ' ' || `);
  return `to_tsvector('simple'::regconfig, immutable_unaccent(lower(${text})))`;
}

/** Tables with searchable columns (sorted), read from their trigram indexes. */
async function searchableTables<DB>(db: Kysely<DB>): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; definition: string }>`
    select t.relname as table, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = current_schema() and pg_get_indexdef(i.indexrelid) like '%immutable_unaccent(lower(%gin_trgm_ops%'`.execute(db);
  const tables = new Map<string, string[]>();
  for (const { table, definition } of rows) {
    const column = /immutable_unaccent\(lower\(\(?"?([a-z_][a-z0-9_]*)"?/.exec(definition)?.[1];
    if (column) tables.set(table, [...(tables.get(table) ?? []), column].sort());
  }
  return tables;
}

const triggerArgs = (columns: string[]) => columns.map((c) => `${c}\\000`).join('');

/** Tables whose triggers or word index are missing or track other columns than they should. */
async function untrackedTables<DB>(db: Kysely<DB>, tables: Map<string, string[]>): Promise<[string, string[]][]> {
  const { rows: triggers } = await sql<{ table: string; args: string }>`
    select c.relname as table, encode(tg.tgargs, 'escape') as args
      from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
     where p.proname = ${TRACK.name} and tg.tgname like '%\\_words\\_insert'`.execute(db);
  const tracked = new Map(triggers.map((t) => [t.table, t.args]));
  const { rows: indexes } = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and indexname like '%\\_words'`.execute(db);
  const indexed = new Set(indexes.map((i) => i.name));
  return [...tables].filter(([table, columns]) => tracked.get(table) !== triggerArgs(columns) || !indexed.has(`${table}_words`));
}

/** Functions missing, or installed with another body (an older version of this file). */
async function staleFunctions<DB>(db: Kysely<DB>): Promise<VocabularyFunction[]> {
  const { rows } = await sql<{ name: string; body: string }>`
    select proname as name, prosrc as body from pg_proc where proname in (${sql.join(FUNCTIONS.map((f) => f.name))})`.execute(db);
  const installed = new Map(rows.map((r) => [r.name, r.body]));
  return FUNCTIONS.filter((f) => installed.get(f.name) !== f.body);
}

/**
 * Creates the vocabulary, its functions and each searchable table's triggers and word index where they
 * are missing or out of date, and fills the vocabulary of such a table from its rows. Run after every
 * migration: when everything is in place it only reads the catalogue.
 */
export async function ensureSearchVocabulary<DB>(db: Kysely<DB>): Promise<void> {
  // Processes starting together on one database take turns: one changing these objects while another
  // reads their definitions would make the reader fail, and the one that waited finds the work done.
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${VOCABULARY_LOCK})`.execute(trx);
    const tables = await searchableTables(trx);
    if (tables.size === 0) return;
    await sql`create table if not exists search_words (table_name text not null, word text not null, rows integer not null, primary key (table_name, word))`.execute(trx);
    // GiST, for the nearest words by trigram distance (`<->`): a few pages read, not every word compared.
    await sql`create index if not exists search_words_word_near on search_words using gist (word gist_trgm_ops)`.execute(trx);
    // A transaction's changes to the counts, folded at its commit (TRACK, FOLD).
    await sql`create table if not exists search_word_changes (xid bigint not null, table_name text not null, word text not null, rows integer not null)`.execute(trx);
    await sql`create index if not exists search_word_changes_xid on search_word_changes (xid)`.execute(trx);
    await sql`create table if not exists search_word_folds (xid bigint primary key)`.execute(trx);
    const stale = await staleFunctions(trx);
    for (const f of stale) await sql.raw(`create or replace function ${f.declaration} as $body$${f.body}$body$`).execute(trx);
    await foldAtCommit(trx);
    // Words split another way: every vocabulary counted again, or the words the old split kept would never be taken off.
    const resplit = stale.includes(WORDS_OF);
    for (const [table, columns] of resplit ? [...tables] : await untrackedTables(trx, tables)) await trackTable(trx, table, columns);
  });
}

/** The fold's trigger (a constraint trigger, which cannot be replaced in place): made once. */
async function foldAtCommit<DB>(trx: Kysely<DB>): Promise<void> {
  const { rows } = await sql`select 1 from pg_trigger where tgname = 'search_word_folds_fold' and tgrelid = 'search_word_folds'::regclass`.execute(trx);
  if (rows.length > 0) return;
  await sql`create constraint trigger search_word_folds_fold after insert on search_word_folds deferrable initially deferred for each row execute function search_words_fold()`.execute(trx);
}

/** An arbitrary key of this work's advisory lock. */
const VOCABULARY_LOCK = 7_318_201;

/** The triggers and word index of one table, and its vocabulary built from its rows. */
async function trackTable<DB>(trx: Kysely<DB>, table: string, columns: string[]): Promise<void> {
  const args = sql.raw(columns.map((c) => `'${c}'`).join(', '));
  const name = (event: string) => sql.id(`${table}_words_${event}`);
  await sql`create or replace trigger ${name('insert')} after insert on ${sql.table(table)} referencing new table as new_rows for each statement execute function search_words_track(${args})`.execute(trx);
  await sql`create or replace trigger ${name('update')} after update on ${sql.table(table)} referencing old table as old_rows new table as new_rows for each statement execute function search_words_track(${args})`.execute(trx);
  await sql`create or replace trigger ${name('delete')} after delete on ${sql.table(table)} referencing old table as old_rows for each statement execute function search_words_track(${args})`.execute(trx);
  await sql`drop index if exists ${sql.id(`${table}_words`)}`.execute(trx);
  await sql`create index ${sql.id(`${table}_words`)} on ${sql.table(table)} using gin (${sql.raw(wordsDocument(columns))})`.execute(trx);
  await sql`delete from search_words where table_name = ${table}`.execute(trx);
  const text = sql.raw(`concat_ws(' ', ${columns.map((c) => `r."${c}"`).join(', ')})`);
  await sql`
    insert into search_words (table_name, word, rows)
    select ${table}, w, count(*) from ${sql.table(table)} r, search_words_of(${text}) w group by w`.execute(trx);
}
