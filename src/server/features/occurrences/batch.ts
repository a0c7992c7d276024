/**
 * A batch of occurrences for one record, all or nothing: every item is checked first (its type
 * active, its date real, its number typed where the type's sequence does not number by itself); one
 * failing item stores nothing and the batch answers 422 with the first reason and each item's
 * `success`. Then, in one transaction, each number is drawn from the type's sequence (in the batch's
 * order) and the rows are written, with the record's audit row. A number typed for a paper sequence
 * (one that does not number by itself) is one of that sequence's: used once, whichever record's
 * occurrence holds it; the sequence's row is locked while it is checked, so two batches typing the
 * same number at once store it once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { AppError, type FieldErrors } from '../../core/http/app-error.js';
import { isCalendarDate } from '../../services/holidays/calendar.js';
import { drawNumber } from '../../services/sequences/index.js';
import { occurrencesById, type OccurrenceEntry } from './read.js';

export const MAX_PER_BATCH = 50;
export const EMPTY_BATCH = 'Envie ao menos uma ocorrência.';
export const TYPE_NOT_FOUND = 'Tipo de ocorrência não encontrado.';
export const TYPE_INACTIVE = 'O tipo de ocorrência está inativo.';
export const NUMBER_REQUIRED = 'O campo Número é obrigatório: a sequência do tipo não numera automaticamente.';
export const numberTaken = (number: string) => `O número ${number} já foi usado em outra ocorrência desta sequência.`;
const MAX_NOTES = 5000;

interface Item {
  occurrence_type_id: number;
  date: string;
  notes: string | null;
  /** The typed number, where the type's sequence does not number by itself (or the type has none). */
  typed: string | null;
  /** The sequence to draw from. */
  draw: number | null;
  /** The type's sequence, whose numbers a typed one must not repeat (a paper sequence). */
  sequence: number | null;
}

/** The items of a batch body: `{ occurrences: [...] }` or the list itself, 1 to 50. */
export function batchItems(body: unknown): unknown[] {
  const list = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { occurrences?: unknown }).occurrences : undefined;
  if (!Array.isArray(list) || list.length === 0) throw new AppError(422, EMPTY_BATCH, { occurrences: [EMPTY_BATCH] });
  if (list.length > MAX_PER_BATCH) {
    const message = `Envie no máximo ${MAX_PER_BATCH} ocorrências por vez.`;
    throw new AppError(422, message, { occurrences: [message] });
  }
  return list;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

async function checkItem(db: Kysely<SpaceDatabase>, raw: unknown): Promise<{ item?: Item; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { errors: { _: ['A ocorrência deve ser um objeto.'] } };
  const body = raw as Record<string, unknown>;
  const typeValue = body.occurrence_type_id;
  const typeId = typeof typeValue === 'number' ? typeValue : typeof typeValue === 'string' && /^\d{1,15}$/.test(typeValue.trim()) ? Number(typeValue) : NaN;
  let type: { inactivated: boolean; sequence_id: number | null; auto_numbering: boolean | null } | undefined;
  if (blank(typeValue)) fail('occurrence_type_id', 'O campo Tipo de ocorrência é obrigatório.');
  else if (!Number.isSafeInteger(typeId) || typeId < 1) fail('occurrence_type_id', 'O campo Tipo de ocorrência é inválido.');
  else {
    type = await db
      .selectFrom('occurrence_types as t')
      .leftJoin('sequences as s', 's.id', 't.sequence_id')
      .select(['t.inactivated', 't.sequence_id', 's.auto_numbering'])
      .where('t.id', '=', typeId)
      .executeTakeFirst();
    if (!type) fail('occurrence_type_id', TYPE_NOT_FOUND);
    else if (type.inactivated) fail('occurrence_type_id', TYPE_INACTIVE);
  }
  const date = typeof body.date === 'string' ? body.date.trim() : body.date;
  if (blank(date)) fail('date', 'O campo Data é obrigatório.');
  else if (!isCalendarDate(date)) fail('date', 'O campo Data está em formato inválido.');
  let notes: string | null = null;
  if (!blank(body.notes)) {
    if (typeof body.notes !== 'string') fail('notes', 'O campo Observações é inválido.');
    else if (body.notes.trim().length > MAX_NOTES) fail('notes', `O campo Observações não pode ter mais de ${MAX_NOTES} caracteres.`);
    else notes = body.notes.trim();
  }
  const draws = type?.sequence_id != null && type.auto_numbering !== false;
  let typed: string | null = null;
  if (!draws && !blank(body.number)) {
    if (typeof body.number !== 'string' && !Number.isSafeInteger(body.number)) fail('number', 'O campo Número é inválido.');
    else if (String(body.number).trim().length > 255) fail('number', 'O campo Número não pode ter mais de 255 caracteres.');
    else typed = String(body.number).trim();
  } else if (!draws && type?.sequence_id != null) fail('number', NUMBER_REQUIRED);
  if (Object.keys(errors).length || !type) return { errors };
  const sequence = type.sequence_id == null ? null : Number(type.sequence_id);
  return { item: { occurrence_type_id: typeId, date: date as string, notes, typed, draw: draws ? sequence : null, sequence }, errors };
}

/** Checks and stores a batch for the record `module`/`id`; answers the stored occurrences in the batch's order. */
export async function storeOccurrences(db: Kysely<SpaceDatabase>, module: string, id: number, raw: unknown[], userId: number | null): Promise<OccurrenceEntry[]> {
  const checked = await Promise.all(raw.map((item) => checkItem(db, item)));
  refuseFailed(checked);
  return db.transaction().execute(async (trx) => {
    refuseFailed(await withTakenNumbers(trx, checked));
    const ids: number[] = [];
    for (const { item } of checked) {
      const drawn = item!.draw != null ? await drawNumber(trx, item!.draw, { date: item!.date, field: 'number' }) : null;
      const typedNumber = item!.typed != null && /^\d{1,9}$/.test(item!.typed) ? Number(item!.typed) : null;
      const row = await trx
        .insertInto('occurrences')
        .values({
          entity_type: module, entity_id: id, occurrence_type_id: item!.occurrence_type_id, date: item!.date, notes: item!.notes,
          number: drawn ? drawn.number : typedNumber, formatted_number: drawn ? drawn.formatted_number : item!.typed, sequence_auto: drawn != null, user_id: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const stored = await occurrencesById(trx, ids);
    await recordAudit(trx, { event: 'added_occurrences', userId, module, recordId: id, newValues: { occurrences: stored.map(({ id: occurrence, occurrence_type, date, formatted_number }) => ({ id: occurrence, occurrence_type, date, formatted_number })) } });
    return stored;
  });
}

type Checked = { item?: Item; errors: FieldErrors };

/** Throws the batch's refusal when an item failed its checks. */
function refuseFailed(checked: Checked[]): void {
  const failed = checked.findIndex((result) => !result.item);
  if (failed < 0) return;
  const errors: FieldErrors = {};
  checked.forEach((result, i) => Object.entries(result.errors).forEach(([field, messages]) => (errors[field === '_' ? `occurrences.${i}` : `occurrences.${i}.${field}`] = messages)));
  const first = Object.values(checked[failed].errors)[0][0];
  throw new BatchRefused(first, errors, checked.map((result) => (result.item ? { success: true } : { success: false, message: Object.values(result.errors)[0][0], errors: result.errors })));
}

/** Whether the item's number was typed for a sequence that does not number by itself. */
const typedInPaperSequence = (item: Item) => item.typed != null && item.sequence != null && item.draw == null;

/**
 * The items again, a typed number of a paper sequence failed where that sequence already holds it
 * (or an earlier item of the batch types it). Locks those sequences' rows until the transaction ends.
 */
async function withTakenNumbers(trx: Transaction<SpaceDatabase>, checked: Checked[]): Promise<Checked[]> {
  const typed = checked.flatMap(({ item }) => (item && typedInPaperSequence(item) ? [item] : []));
  if (!typed.length) return checked;
  const sequences = [...new Set(typed.map((item) => item.sequence!))].sort((a, b) => a - b);
  await trx.selectFrom('sequences').select('id').where('id', 'in', sequences).orderBy('id').forUpdate().execute();
  const held = await trx
    .selectFrom('occurrences as o')
    .innerJoin('occurrence_types as t', 't.id', 'o.occurrence_type_id')
    .select(['t.sequence_id', 'o.formatted_number'])
    .where('t.sequence_id', 'in', sequences)
    .where('o.sequence_auto', '=', false)
    .where('o.formatted_number', 'in', typed.map((item) => item.typed!))
    .execute();
  const used = new Set(held.map((row) => `${row.sequence_id} ${row.formatted_number}`));
  return checked.map((result) => {
    const item = result.item;
    if (!item || !typedInPaperSequence(item)) return result;
    const key = `${item.sequence} ${item.typed}`;
    if (used.has(key)) return { errors: { number: [numberTaken(item.typed!)] } };
    used.add(key);
    return result;
  });
}

/** A refused batch: 422 with the first reason, each item's outcome and every item's errors. */
export class BatchRefused extends AppError {
  constructor(message: string, errors: FieldErrors, readonly items: { success: boolean; message?: string; errors?: FieldErrors }[]) {
    super(422, message, errors);
  }
}
