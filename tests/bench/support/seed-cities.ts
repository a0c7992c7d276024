import { sql, type Kysely } from 'kysely';

// Municipality-like names: a prefix, a Tupi-like core of three syllables and a suffix, so a word
// searched for matches a few hundred rows per million, as a real name would.
const PREFIXES = ['São', 'Santa', 'Santo Antônio de', 'Nova', 'Porto', 'Campo', 'Vila', 'Alto', 'Barra do', 'Bom Jesus do', 'Lagoa', 'Serra', 'Rio', 'Ponte', 'Monte', 'Cachoeira de', 'Conceição do', 'Palmeira dos', 'Riacho de', 'Itaú de'];
const SYLLABLES = ['ita', 'pi', 'ra', 'gua', 'cu', 'ju', 'ti', 'ba', 'ri', 'ca', 'ma', 'pe', 'nhe', 'po', 'ara', 'ibi', 'mi', 'rim', 'tu', 'ja'];
const SUFFIXES = ['', ' do Sul', ' do Norte', ' da Serra', ' de Minas', ' do Oeste', ' Paulista', ' das Flores', ' dos Campos', ' Velho'];

const array = (items: string[]) => sql.raw(`array[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** The searched word that matches about one row in 8,000 (a specific core, 'Itajuba'). */
export const RARE_WORD = 'itajuba';

/**
 * Adds `rows` synthetic municipalities spread over the UFs already in `states`, in one statement,
 * then VACUUM ANALYZE. IBGE codes stay in the valid range and skip the real ones already present.
 */
export async function seedCities(db: Kysely<any>, rows: number): Promise<number> {
  await sql`
    with names as (select ${array(PREFIXES)} p, ${array(SYLLABLES)} s, ${array(SUFFIXES)} x),
         ufs as (select array_agg(id order by id) ids from states)
    insert into cities (name, uf_id, ibge_code)
    select p[1 + (h % 20)::int] || ' ' || initcap(s[1 + (h / 20 % 20)::int] || s[1 + (h / 400 % 20)::int] || s[1 + (h / 8000 % 20)::int]) || x[1 + (h / 160000 % 10)::int],
           ids[1 + (g % array_length(ids, 1))::int],
           1100000 + g * 4 + 1
    from (select g, abs(hashtext(g::text)::bigint) h from generate_series(1, ${rows}::int) g) numbered, names, ufs
    on conflict (ibge_code) do nothing`.execute(db);
  // Settled as a long-lived table is: vacuumed and analysed now, so no autovacuum pass runs during the figures.
  await sql`vacuum analyze cities`.execute(db);
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int n from cities`.execute(db);
  return counted[0].n;
}
