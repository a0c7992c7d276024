import type { Kysely } from 'kysely';
import { insertSequence, bookBlocks } from './sequences.js';

/** One committed draw, as its consumer stored it. */
export interface Committed {
  sequence: number;
  number: number;
  formatted_number: string;
  book: number | null;
  leaf: number | null;
  order: number | null;
}

/** Ends of the book sequence: small, so 1,000 draws roll leaves and books over many times. */
export const BOOK_ENDS = { leaf: 4, order: 5 };

/**
 * The three sequences the concurrency tests draw from: a plain one, one restarting every year and
 * one keeping a book with short leaves.
 */
export async function threeSequences(db: Kysely<any>): Promise<number[]> {
  return [
    await insertSequence(db, { formatting: 'INS-{numero:5}' }),
    await insertSequence(db, { formatting: '{numero:4}/{ano}', annual_restart: true }),
    await insertSequence(db, { formatting: 'L{livro}F{folha}O{ordem}-{numero}', has_book: true, ...bookBlocks(BOOK_ENDS) }),
  ];
}

/** Where the k-th number (from 1) of the book sequence goes: order fastest, then leaf, then book. */
export function positionOf(k: number) {
  const i = k - 1;
  const perBook = BOOK_ENDS.leaf * BOOK_ENDS.order;
  return { book: 1 + Math.floor(i / perBook), leaf: 1 + Math.floor((i % perBook) / BOOK_ENDS.order), order: 1 + (i % BOOK_ENDS.order) };
}

/**
 * Duplicates (a number or formatted number committed twice in one sequence) and gaps (a number
 * between 1 and the sequence's stored number that no committed draw holds), and book positions
 * that are not the k-th position for number k.
 */
export async function tally(db: Kysely<any>, ids: number[], committed: Committed[]) {
  let duplicates = 0;
  let gaps = 0;
  let misplaced = 0;
  const perSequence: number[] = [];
  for (const id of ids) {
    const mine = committed.filter((draw) => draw.sequence === id);
    duplicates += mine.length - new Set(mine.map((draw) => draw.number)).size;
    duplicates += mine.length - new Set(mine.map((draw) => draw.formatted_number)).size;
    const { number: stored } = await db.selectFrom('sequences').select('number').where('id', '=', id).executeTakeFirstOrThrow();
    const numbers = new Set(mine.map((draw) => draw.number));
    for (let n = 1; n <= stored; n++) if (!numbers.has(n)) gaps += 1;
    gaps += mine.filter((draw) => draw.number > stored).length;
    if (id === ids[2]) misplaced += mine.filter((draw) => JSON.stringify({ book: draw.book, leaf: draw.leaf, order: draw.order }) !== JSON.stringify(positionOf(draw.number))).length;
    perSequence.push(mine.length);
  }
  return { duplicates, gaps, misplaced, perSequence };
}
