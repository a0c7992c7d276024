import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { GIVEN, SURNAMES } from './persons.js';

// A person's name: one or two given names and two surnames (sometimes joined by 'da', 'de' or 'dos'),
// each picked by a hash of the row number.
const array = (items: string[]) => sql.raw(`array[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** A name search as a person types it (no accents, lower case): a given name and a surname, about one person in 1,500. */
export const NAME_SEARCH = 'cecilia magalhaes';

const personType = sql`(select id from party_types where code = 'pessoa_fisica')`;

/**
 * Adds `rows` physical persons and their parties: realistic names, a CPF written out
 * (000.000.000-00) and unique (the row number times a number prime to 10¹¹, modulo 10¹¹: distinct,
 * spread over every prefix; the check digits are not computed), the same reference rows for all.
 * Made in bulk by one insert, as the product inserts a batch: the persons' triggers give each its
 * party (its name, type and CPF) in one statement, and the vocabulary's statement triggers count the
 * words of each table once. Then VACUUM ANALYZE.
 */
export async function seedPersons(db: Kysely<any>, rows: number): Promise<{ persons: number; seconds: number }> {
  const start = performance.now();
  const persons = sql`
    select n, ${personType} party_type,
           g[1 + h % ${GIVEN.length}]
             || case when h / 1000003 % 10 < 3 then ' ' || g[1 + h / 31 % ${GIVEN.length}] else '' end
             || case h / 211 % 6 when 0 then ' da ' when 1 then ' de ' when 2 then ' dos ' else ' ' end
             || s[1 + h / 97 % ${SURNAMES.length}] || ' ' || s[1 + h / 9973 % ${SURNAMES.length}] as name,
           g[1 + h % ${GIVEN.length}] || ' ' || s[1 + h / 9973 % ${SURNAMES.length}] as short_name,
           date '1940-01-01' + (h % 25000)::int as date_birth,
           substr(c, 1, 3) || '.' || substr(c, 4, 3) || '.' || substr(c, 7, 3) || '-' || substr(c, 10, 2) as cpf
      from (select n, abs(hashtext(n::text)::bigint) h, lpad(((n::bigint * 387420489 + 3141592653) % 100000000000)::text, 11, '0') c
              from generate_series(1, ${rows}::int) n) numbered,
           (select ${array(GIVEN)} g, ${array(SURNAMES)} s) names`;
  await sql`
    insert into persons (name, short_name, party_type_id, date_birth, genre_id, civil_status_id, naturalness_id, nationality_id, individual_registration)
    select name, short_name, party_type, date_birth,
           (select min(id) from genres), (select min(id) from civil_statuses), (select id from cities where ibge_code = 5300108),
           (select min(id) from nationalities), cpf
      from (${persons}) p`.execute(db);
  // Settled as long-lived tables are: no autovacuum pass during the figure.
  for (const table of ['persons', 'parties', 'search_words']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  const { rows: [{ n }] } = await sql<{ n: number }>`select count(*)::int n from persons`.execute(db);
  return { persons: n, seconds: (performance.now() - start) / 1000 };
}

