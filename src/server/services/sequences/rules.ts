import type { Entity } from '../../../../language/index.js';
import { addError, invalid, type FieldErrors } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { maskProblem } from './mask.js';

/** The book, leaf and order blocks (spec 000 §3), which only a sequence with has_book keeps. */
export const BOOK_FIELDS = [
  'number_book', 'start_book', 'increment_book',
  'number_leaf', 'start_leaf', 'end_leaf', 'increment_leaf',
  'number_order', 'start_order', 'end_order', 'increment_order',
] as const;

/** The position the next draw takes, most significant first. */
const POSITION = ['number_book', 'number_leaf', 'number_order'] as const;

type Row = Record<string, unknown>;
const labelOf = (entity: Entity, name: string) => entity.fields.find((f) => f.name === name)?.label ?? name;
const int = (value: unknown) => (typeof value === 'number' ? value : null);

function checkBook(entity: Entity, values: Row, errors: FieldErrors) {
  for (const name of BOOK_FIELDS) {
    if (int(values[name]) === null) addError(errors, name, `O campo ${labelOf(entity, name)} é obrigatório quando a sequência possui livro.`);
  }
  for (const block of ['leaf', 'order'] as const) {
    const [start, end, current] = [int(values[`start_${block}`]), int(values[`end_${block}`]), int(values[`number_${block}`])];
    if (start !== null && end !== null && end < start) addError(errors, `end_${block}`, `O ${labelOf(entity, `end_${block}`).toLowerCase()} não pode ser menor que o ${labelOf(entity, `start_${block}`).toLowerCase()} (${start}).`);
    else if (current !== null && end !== null && current > end) addError(errors, `number_${block}`, `O ${labelOf(entity, `number_${block}`).toLowerCase()} não pode passar do ${labelOf(entity, `end_${block}`).toLowerCase()} (${end}).`);
  }
}

/** An edit that moves the book position back to one a draw may already have taken: the first field that goes back. */
function positionGoingBack(previous: Row, values: Row): string | null {
  for (const name of POSITION) {
    const [before, after] = [int(previous[name]), int(values[name])];
    if (before === null || after === null || after > before) return null;
    if (after < before) return name;
  }
  return null;
}

/**
 * `sequencias`: what the generic write cannot say. Without has_book the blocks are cleared (the form
 * clears them too); with it each is required and leaf and order stay within their ends. The mask
 * must be readable (and hold the year when numbers restart every year). An edit never makes a later
 * draw repeat an issued number: `number` below the last number drawn, or a book position before the
 * stored one, is refused. The record's row is locked while this runs, so draws wait for the edit.
 */
export const sequenceRules: ModuleHooks = {
  // Without has_book the server clears the blocks the body kept (the form clears them too).
  transforms: BOOK_FIELDS,
  beforeWrite(_trx, { entity, body, previous }) {
    const values: Row = { ...previous, ...body };
    const errors: FieldErrors = {};
    if (values.has_book === true) {
      checkBook(entity, values, errors);
      const back = previous?.has_book === true ? positionGoingBack(previous, values) : null;
      if (back && !errors[back]) {
        addError(errors, back, `A posição no livro não pode voltar: o próximo registro vai para o livro ${previous!.number_book}, folha ${previous!.number_leaf}, ordem ${previous!.number_order}.`);
      }
    }
    const problem = maskProblem(values.formatting as string | null, { annualRestart: values.annual_restart === true, hasBook: values.has_book === true });
    if (problem) addError(errors, 'formatting', problem);
    const lastDrawn = int(previous?.last_drawn_number);
    const number = int(body.number);
    if (lastDrawn !== null && number !== null && number < lastDrawn) {
      addError(errors, 'number', `O número atual não pode ser menor que o último número gerado (${lastDrawn}): um próximo número repetiria um já emitido.`);
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
  async afterWrite(trx, { record }) {
    if (record.has_book === true || BOOK_FIELDS.every((name) => record[name] === null)) return;
    const cleared = Object.fromEntries(BOOK_FIELDS.map((name) => [name, null]));
    await trx.updateTable('sequences').set(cleared).where('id', '=', record.id as number).execute();
    Object.assign(record, cleared);
  },
};
