import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AnyTables, DynamicDatabase } from '../db/dynamic.js';
import { searchedByStartAs, type Entity } from '../../../../language/index.js';
import { SEARCH_ANYWHERE_LENGTH, searchWords, taxIdPrefix } from '../../../shared/search.js';
import { MIN_VOCABULARY_WORD, wordsDocument } from '../db/search-vocabulary.js';

/** Shortest `q` looked up by resemblance when the exact search finds nothing. */
export const FUZZY_MIN_LENGTH = MIN_VOCABULARY_WORD;

/** Least trigram similarity (pg_trgm's default threshold) for a word of the table to stand for a word of `q`. */
export const MIN_SIMILARITY = 0.3;

/** Most words of the vocabulary a word of `q` may stand for in the typo-tolerant search. */
export const MAX_ALTERNATIVES = 8;

/** A word of `q` and the vocabulary words that resemble it. */
export interface FuzzyWord {
  word: string;
  alternatives: string[];
}

/**
 * `exact`: every word of `q` is found in one of the searchable fields, as src/shared/search.ts says
 * (a text's word of 3 characters or more anywhere, a shorter one at the start of one of its words; a
 * CPF or CNPJ by its start). `fuzzy`, tried only when the exact search finds nothing: every word of
 * `q` is a word of the row,
 * the start of one, or one of the table's words that resemble it (trigram similarity, the closest
 * MAX_ALTERNATIVES), so 'Sao Paolo' finds 'São Paulo' and 'santo itajuba velho' finds 'Santa Itajuba
 * Velho'. Without a vocabulary (`words: null`) the whole `q` is compared with each value instead.
 */
export type Search = { mode: 'exact' } | { mode: 'fuzzy'; words: FuzzyWord[] | null };

export const EXACT: Search = { mode: 'exact' };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const normalised = (column: string) => sql`immutable_unaccent(lower(${sql.ref(column)}))`;
/** A word as the vocabulary splits it: no accents, lower case, letters and digits ('São-Paulo' is two). */
const asVocabularyWords = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^a-z0-9]+/);

const words = searchWords;

/**
 * What starts a word in a searchable text once case and accents are folded: the text's start, a
 * space or a mark. The marks are written out rather than negated (`[^a-z0-9]`), so that pg_trgm reads
 * the pattern's trigrams and the column's trigram index serves it: `'(^|[ …])jo'` reads the rows
 * holding a word that starts with 'jo', where a piece of two characters anywhere reads every row.
 */
const WORD_START = '(^|[\t\n\r\u00a0\u00aa\u00b0\u00ba -/:-@[-`{-~])';
/** The characters a typed word escapes to stand for itself in a regular expression, and how. */
const REGEX_SPECIAL = '[.^$*+?()[\\]{}|\\\\]';
const ESCAPED = '\\\\\\&';

/** The typo-tolerant reading of `q`: each word with the vocabulary words that resemble it. */
export async function fuzzySearch(db: DynamicDatabase, entity: Entity, q: string): Promise<Search> {
  const typed = words(q).flatMap(asVocabularyWords).filter(Boolean);
  if (typed.length === 0) return { mode: 'fuzzy', words: null };
  const found: FuzzyWord[] = typed.map((word) => ({ word, alternatives: [] }));
  // Only words long enough to resemble others are looked up, and no number: the vocabulary keeps none.
  const looked = found.filter((w) => w.word.length >= FUZZY_MIN_LENGTH && !/^[0-9]+$/.test(w.word));
  if (looked.length === 0) return { mode: 'fuzzy', words: found };
  try {
    const { rows } = await sql<{ i: number; alternative: string }>`
      select q.i::int as i, near.word as alternative
        from unnest(${looked.map((w) => w.word)}::text[]) with ordinality as q(w, i),
             search_words_near(${entity.table}, q.w, ${MAX_ALTERNATIVES}, ${1 - MIN_SIMILARITY}) as near(word)`.execute(db);
    for (const { i, alternative } of rows) if (alternative !== looked[i - 1].word) looked[i - 1].alternatives.push(alternative);
    return { mode: 'fuzzy', words: found };
  } catch {
    // A database without a vocabulary (none of its tables is searchable yet) compares the whole phrase.
    return { mode: 'fuzzy', words: null };
  }
}

/** `(itajub:* | itajuba | itajaba) & (velho:* | velha)`: every word, as typed (a prefix) or resembled. */
const wordsQuery = (fuzzy: FuzzyWord[]) =>
  fuzzy.map(({ word, alternatives }) => `(${[`${word}:*`, ...alternatives].join(' | ')})`).join(' & ');

/** The searchable columns `q` finds by their start (a CPF or CNPJ, or a text holding either: `searchedByStartAs`), with the numbers each is read as. */
const taxIdColumns = (entity: Entity) =>
  new Map(entity.fields.flatMap((f) => (entity.list.search.includes(f.name) && searchedByStartAs(f).length ? [[f.name, searchedByStartAs(f)] as const] : [])));

type TaxIdKind = 'cpf' | 'cnpj';

/**
 * The condition `q` puts on a list's rows (the rule of src/shared/search.ts). A CPF or CNPJ is stored
 * written out (529.982.247-25): a word of digits and marks matches its start once written the same
 * way (`529982` and `529.98.2` find it) through a range of the column's prefix index; anything else
 * is no start of a number. A word is found in one of the list's own columns, or, through a reference
 * the list searches (`x-list.search` naming it), in the referenced record by that module's own search
 * (a registration by its party's name or CPF): `party_id in (select id from parties where …)`, read
 * from the referenced table's own indexes. The typo-tolerant reading looks at the list's own words only.
 */
export function searchCondition(entity: Entity, q: string, search: Search) {
  return (eb: ExpressionBuilder<AnyTables, string>): Expression<SqlBool> => {
    const columns = entity.list.search;
    const through = entity.list.searchThrough;
    if (columns.length === 0 && through.length === 0) return sql<SqlBool>`true`;
    const anyColumn = (test: (column: string) => Expression<SqlBool>) => (columns.length ? eb.or(columns.map(test)) : sql<SqlBool>`false`);
    if (search.mode === 'fuzzy') {
      if (search.words === null) return anyColumn((column) => sql<SqlBool>`immutable_unaccent(lower(${q})) <% ${normalised(column)}`);
      return columns.length ? sql<SqlBool>`${sql.raw(wordsDocument(columns))} @@ to_tsquery('simple', ${wordsQuery(search.words)})` : sql<SqlBool>`false`;
    }
    const taxIdKinds = taxIdColumns(entity);
    return eb.and(
      words(q).map((word) => {
        const own = columns.map((column) => wordCondition(column, taxIdKinds.get(column), word));
        const referenced = through.map(
          (t) => sql<SqlBool>`${sql.ref(t.field)} in (select "id" from ${sql.table(t.table)} where ${sql.join(t.columns.map((column) => wordCondition(column, t.byStart[column], word)), sql` or `)})`,
        );
        return eb.or([...own, ...referenced]);
      }),
    );
  };
}

/** Whether one column holds a typed word: by its start for a number, anywhere or at a word's start for text. */
function wordCondition(column: string, taxIds: readonly TaxIdKind[] | undefined, word: string): Expression<SqlBool> {
  if (taxIds?.length) {
    const starts = [...new Set(taxIds.map((kind) => taxIdPrefix(kind, word)).filter((written): written is string => written !== null))];
    if (starts.length === 0) return sql<SqlBool>`false`;
    return sql<SqlBool>`(${sql.join(starts.map((written) => sql`${sql.ref(column)} like ${`${escapeLike(written)}%`}`), sql` or `)})`;
  }
  if (word.length < SEARCH_ANYWHERE_LENGTH) {
    // The typed word folded as the column is, then escaped: folding may write marks ('…' is '...').
    return sql<SqlBool>`${normalised(column)} ~ (${WORD_START} || regexp_replace(immutable_unaccent(lower(${word})), ${REGEX_SPECIAL}, ${ESCAPED}, 'g'))`;
  }
  return sql<SqlBool>`${normalised(column)} like immutable_unaccent(lower(${`%${escapeLike(word)}%`}))`;
}
