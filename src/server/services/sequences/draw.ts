import { CompiledQuery, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { AppError, conflict, invalid, notFound } from '../../core/http/app-error.js';
import type { DrawnNumber } from '../../../shared/contracts/sequences.js';
import { formatNumber, maskProblem } from './mask.js';

export type { DrawnNumber };
import { calendarDay, calendarYear } from './year.js';

export interface DrawOptions {
  /** The record's date (default now): its year on the council's calendar keys the annual restart and fills `{ano}`. */
  date?: Date | string;
  /**
   * A consumer's automatic draw (default): refused when the sequence does not number automatically,
   * so the consumer asks for a typed number. `false` for a number drawn by hand (`POST …/next`).
   */
  automatic?: boolean;
  /** The consumer's field an automatic draw's refusal is reported on (422); default `number`. */
  field?: string;
  /**
   * The latest day (`YYYY-MM-DD`, the council's calendar) the draw may be dated; a later date is a
   * 422 on `date`. A draw by hand gives it (the council's today and DRAW_MARGIN_DAYS), so that no
   * slip (2062, 9999) moves the sequence into that year for good: its year never goes back.
   */
  notAfter?: string;
}

/** How many days past the council's today a number drawn by hand may be dated (a clock or a time zone a little ahead). */
export const DRAW_MARGIN_DAYS = 1;

const brDate = (day: string) => day.split('-').reverse().join('/');
export const futureDateMessage = (notAfter: string) =>
  `A data não pode passar de ${brDate(notAfter)}: uma data adiante levaria a numeração da sequência para o ano dela.`;

/** The sequence row as the draw left it: the number drawn and the book position it took (`last_drawn_*`). */
export interface DrawRow {
  name: string;
  formatting: string | null;
  number: number;
  year: number;
  last_drawn_number: number;
  last_draw_year: number;
  last_drawn_book: number | null;
  last_drawn_leaf: number | null;
  last_drawn_order: number | null;
  number_book: number | null;
  number_leaf: number | null;
  number_order: number | null;
}

/** The largest number a sequence holds (an `integer` column). */
export const MAX_INTEGER = 2_147_483_647;

export const DATE_MESSAGE = 'A data informada é inválida: use AAAA-MM-DD ou AAAA-MM-DD HH:mm:ss.';

/**
 * The draw as one `update … returning`: the sequence row is the counter, and its row lock holds off
 * every other draw of it until the caller's transaction ends. Every `set` reads the row as it was
 * (once earlier draws committed). A restart applies when the numbers restart every year and the
 * record's year is after the last draw's; the year never goes back (an earlier-dated record takes
 * a number of the current year, as an earlier year's counter is closed). The row keeps the book
 * position this draw takes (`last_drawn_*`) and the next one: order advances, past its end it
 * starts over on the next leaf, and a leaf past its end starts over in the next book.
 */
function drawText(automatic: boolean, guarded = false): string {
  const next = 'case when (annual_restart and last_draw_year is not null and $1::int > last_draw_year) or number < start then start else number + increment end';
  const orderNext = 'number_order + increment_order';
  const leafNext = 'number_leaf + increment_leaf';
  const inBook = (value: string) => `case when has_book then ${value} end`;
  return `update sequences set
  number = ${next},
  last_drawn_number = ${next},
  last_draw_year = greatest(last_draw_year, $1::int),
  last_drawn_book = ${inBook('number_book')},
  last_drawn_leaf = ${inBook('number_leaf')},
  last_drawn_order = ${inBook('number_order')},
  number_order = ${inBook(`case when ${orderNext} > end_order then start_order else ${orderNext} end`)},
  number_leaf = ${inBook(`case when ${orderNext} <= end_order then number_leaf when ${leafNext} > end_leaf then start_leaf else ${leafNext} end`)},
  number_book = ${inBook(`case when ${orderNext} <= end_order or ${leafNext} <= end_leaf then number_book else number_book + increment_book end`)},
  updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')
where id = $2 and not inactivated${automatic ? ' and auto_numbering' : ''}${guarded ? ' and formatting is not distinct from $3' : ''}
returning name, formatting, number, case when annual_restart then last_draw_year else $1::int end as year,
  last_drawn_number, last_draw_year, last_drawn_book, last_drawn_leaf, last_drawn_order, number_book, number_leaf, number_order`;
}

/**
 * The statement's text, written once: a draw only binds the year ($1) and the sequence ($2); the
 * guarded one, a draw of its own, also the formatting already found sound ($3).
 */
const DRAW_TEXT = { automatic: drawText(true), byHand: drawText(false) };
const GUARDED_TEXT = { automatic: drawText(true, true), byHand: drawText(false, true) };

const drawStatement = (id: number, year: number, automatic: boolean) => CompiledQuery.raw(automatic ? DRAW_TEXT.automatic : DRAW_TEXT.byHand, [year, id]);
const guardedStatement = (id: number, year: number, automatic: boolean, formatting: string | null) =>
  CompiledQuery.raw(automatic ? GUARDED_TEXT.automatic : GUARDED_TEXT.byHand, [year, id, formatting]);

/** Per database, the formatting each sequence last drew with: one that formats every number apart. */
const soundFormatting = new WeakMap<object, Map<number, string | null>>();

const knownSound = (db: object, id: number) => soundFormatting.get(db)?.get(id);

function rememberSound(db: object, id: number, formatting: string | null) {
  let sequences = soundFormatting.get(db);
  if (!sequences) soundFormatting.set(db, (sequences = new Map()));
  sequences.set(id, formatting);
}

/** Runs a draw statement; past the largest integer, 409. */
async function execute(db: Kysely<SpaceDatabase>, statement: CompiledQuery<DrawRow>): Promise<DrawRow | undefined> {
  try {
    return (await db.executeQuery<DrawRow>(statement)).rows[0];
  } catch (error) {
    if ((error as { code?: string }).code === '22003') throw conflict(`A sequência chegou ao maior número possível (${MAX_INTEGER.toLocaleString('pt-BR')}).`);
    throw error;
  }
}

/** Why a sequence gave no number: it does not exist, is inactive, or numbers by hand only. */
async function refusal(db: Kysely<SpaceDatabase>, id: number, automatic: boolean, field: string): Promise<AppError> {
  const row = await db.selectFrom('sequences').select(['name', 'inactivated', 'auto_numbering']).where('id', '=', id).executeTakeFirst();
  if (!row) return automatic ? invalid({ [field]: ['A sequência informada não existe.'] }) : notFound();
  if (row.inactivated) {
    const message = `A sequência "${row.name}" está inativa: reative-a para gerar números.`;
    return automatic ? invalid({ [field]: [message] }) : conflict(message);
  }
  return invalid({ [field]: [`A sequência "${row.name}" não gera números automaticamente: informe o número.`] });
}

/**
 * Takes the next number of a sequence inside the caller's transaction: the row stays locked until
 * that transaction ends, so concurrent draws wait (never the same number), and a rollback gives the
 * number back (no gap). Called with the database itself, the draw is a transaction of its own.
 * @example
 *   await db.transaction().execute(async (trx) => {
 *     const drawn = await drawNumber(trx, sequenceId, { date: body.date as string });
 *     await trx.insertInto('occurrences').values({ ...values, number: drawn.number, formatted_number: drawn.formatted_number }).execute();
 *   });
 */
export async function drawNumber(db: Kysely<SpaceDatabase>, sequenceId: number, options: DrawOptions = {}): Promise<DrawnNumber> {
  return (await drawRow(db, sequenceId, options)).drawn;
}

/** `drawNumber` with the sequence's row as the draw left it. */
export async function drawRow(db: Kysely<SpaceDatabase>, sequenceId: number, options: DrawOptions = {}): Promise<{ row: DrawRow; drawn: DrawnNumber }> {
  const automatic = options.automatic ?? true;
  const year = calendarYear(options.date ?? new Date());
  if (year === null) throw invalid({ date: [DATE_MESSAGE] });
  if (options.notAfter !== undefined && options.date !== undefined && calendarDay(options.date)! > options.notAfter) throw invalid({ date: [futureDateMessage(options.notAfter)] });
  if (!db.isTransaction) return drawAlone(db, sequenceId, year, automatic, options);
  const row = await execute(db, drawStatement(sequenceId, year, automatic));
  if (!row) throw await refusal(db, sequenceId, automatic, options.field ?? 'number');
  return { row, drawn: toDrawn(row, options) };
}

/**
 * A draw of its own (no caller's transaction). Its statement commits by itself, one round trip
 * instead of three, when the sequence's formatting is still one an earlier draw found sound: the
 * formatting is checked only after the update, so only then could a refused draw not give its
 * number back. Otherwise (first draw here, the formatting changed, a refusal) it runs in a
 * transaction as a consumer's draw does, and learns the formatting.
 */
async function drawAlone(db: Kysely<SpaceDatabase>, sequenceId: number, year: number, automatic: boolean, options: DrawOptions) {
  const formatting = knownSound(db, sequenceId);
  if (formatting !== undefined) {
    const row = await execute(db, guardedStatement(sequenceId, year, automatic, formatting));
    if (row) return { row, drawn: toDrawn(row, options) };
  }
  const drawn = await db.transaction().execute((trx) => drawRow(trx, sequenceId, options));
  rememberSound(db, sequenceId, drawn.row.formatting);
  return drawn;
}

/**
 * The drawn number formatted. A mask that could format two numbers alike (one stored before the
 * mask rules, such as `000000`) refuses the draw instead, and the transaction gives the number back.
 */
function toDrawn(row: DrawRow, options: DrawOptions): DrawnNumber {
  const values = { number: row.number, year: row.year, book: row.last_drawn_book, leaf: row.last_drawn_leaf, order: row.last_drawn_order };
  const problem = maskProblem(row.formatting, {});
  if (problem) {
    const message = `Corrija a formatação da sequência "${row.name}" no cadastro de sequências: ${problem}`;
    throw (options.automatic ?? true) ? invalid({ [options.field ?? 'number']: [message] }) : conflict(message);
  }
  return { ...values, formatted_number: formatNumber(row.formatting, values) };
}

/**
 * `count` numbers of one sequence inside the caller's transaction, in order: one statement for a
 * sequence without a book (the counter moves `count` steps at once; the year and the restart as a
 * single draw's), else `count` single draws. A rollback gives them all back, as a draw's.
 * @example await drawNumbers(trx, sequenceId, 1000, { date: '2026-11-29', field: 'year' }) // 1000 numbers, the first one after the counter
 */
export async function drawNumbers(db: Kysely<SpaceDatabase>, sequenceId: number, count: number, options: DrawOptions = {}): Promise<DrawnNumber[]> {
  if (count <= 0) return [];
  if (!db.isTransaction) throw new Error('drawNumbers runs inside the caller\'s transaction.');
  const automatic = options.automatic ?? true;
  const year = calendarYear(options.date ?? new Date());
  if (year === null) throw invalid({ date: [DATE_MESSAGE] });
  const row = (await execute(db, CompiledQuery.raw(BLOCK_TEXT, [year, sequenceId, count, automatic]))) as (DrawRow & { increment: number }) | undefined;
  if (!row) {
    const book = await db.selectFrom('sequences').select('has_book').where('id', '=', sequenceId).executeTakeFirst();
    if (book?.has_book) {
      const drawn: DrawnNumber[] = [];
      for (let i = 0; i < count; i++) drawn.push(await drawNumber(db, sequenceId, options));
      return drawn;
    }
    throw await refusal(db, sequenceId, automatic, options.field ?? 'number');
  }
  const first = Number(row.number) - (count - 1) * Number(row.increment);
  return Array.from({ length: count }, (_, i) => toDrawn({ ...row, number: first + i * Number(row.increment), last_drawn_book: null, last_drawn_leaf: null, last_drawn_order: null }, options));
}

/** The block draw: the first number as a single draw takes it, the counter left on the last (past the largest integer, 22003). */
const BLOCK_NEXT = 'case when (annual_restart and last_draw_year is not null and $1::int > last_draw_year) or number < start then start else number + increment end';
const BLOCK_TEXT = `update sequences set
  number = ${BLOCK_NEXT} + ($3::int - 1) * increment,
  last_drawn_number = ${BLOCK_NEXT} + ($3::int - 1) * increment,
  last_draw_year = greatest(last_draw_year, $1::int),
  updated_at = greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', updated_at) + interval '1 millisecond')
where id = $2 and not inactivated and (auto_numbering or not $4::boolean) and not has_book
returning name, formatting, number, case when annual_restart then last_draw_year else $1::int end as year, increment`;
