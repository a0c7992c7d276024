import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Entity } from '../../../language/index.js';
import { fitsWrittenTaxId, taxIdPrefix } from '../../shared/validators.js';
import { MIN_VOCABULARY_WORD, wordsDocument } from '../db/search-vocabulary.js';

/** Shortest `q` word compared by trigrams; a shorter word matches the start of a value. */
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
 * `exact`: every word of `q` appears in one of the searchable fields (case and accents ignored).
 * `fuzzy`, tried only when the exact search finds nothing: every word of `q` is a word of the row,
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

const words = (q: string) => q.split(/\s+/).filter(Boolean);

/** The typo-tolerant reading of `q`: each word with the vocabulary words that resemble it. */
export async function fuzzySearch(db: Kysely<any>, entity: Entity, q: string): Promise<Search> {
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

/** The searchable columns holding a CPF or a CNPJ, with their kind. */
const taxIdColumns = (entity: Entity) =>
  new Map(entity.fields.flatMap((f) => (entity.list.search.includes(f.name) && (f.kind === 'cpf' || f.kind === 'cnpj') ? [[f.name, f.kind] as const] : [])));

/**
 * The condition `q` puts on a list's rows. A word of digits and punctuation also matches the start
 * of a CPF or CNPJ field written out (`529982` and `529.98.2` find `529.982.247-25`), through the
 * column's prefix index.
 */
export function searchCondition(entity: Entity, q: string, search: Search) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const columns = entity.list.search;
    if (columns.length === 0) return sql<SqlBool>`true`;
    const anyColumn = (test: (column: string) => Expression<SqlBool>) => eb.or(columns.map(test));
    if (search.mode === 'fuzzy') {
      if (search.words === null) return anyColumn((column) => sql<SqlBool>`immutable_unaccent(lower(${q})) <% ${normalised(column)}`);
      return sql<SqlBool>`${sql.raw(wordsDocument(columns))} @@ to_tsquery('simple', ${wordsQuery(search.words)})`;
    }
    const like = (column: string, pattern: string) => sql<SqlBool>`${normalised(column)} like immutable_unaccent(lower(${pattern}))`;
    const taxIdKinds = taxIdColumns(entity);
    return eb.and(
      words(q).map((word) => {
        const pattern = word.length < FUZZY_MIN_LENGTH ? `${escapeLike(word)}%` : `%${escapeLike(word)}%`;
        return anyColumn((column) => {
          // A CPF or CNPJ is stored written (529.982.247-25) with no letters to fold: what a person typed,
          // with or without its marks, matches its start through a range of the column's prefix index.
          const kind = taxIdKinds.get(column);
          const written = kind ? taxIdPrefix(kind, word) : null;
          if (!kind || !written) return like(column, pattern);
          const start = sql<SqlBool>`${sql.ref(column)} like ${`${escapeLike(written)}%`}`;
          // Inside the number only a word long enough to be compared anywhere, and short enough to fit in a group.
          if (word.length < FUZZY_MIN_LENGTH || !fitsWrittenTaxId(kind, word)) return start;
          return written.toLowerCase() === word.toLowerCase() ? like(column, pattern) : eb.or([like(column, pattern), start]);
        });
      }),
    );
  };
}
