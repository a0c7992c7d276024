import type { SpaceDatabase } from '../../../../generated/database.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { drawNumber } from '../../services/sequences/index.js';

/**
 * An inspection's number (`fiscalizacoes`), drawn from the sequence it names in its insert's
 * transaction (docs/SEQUENCES.md): a failed save gives the number back, two inspections saved at once
 * never share one. An edit keeps the number drawn, whatever sequence it names then. The number is never
 * typed: the sequence is one of the sequences' combo `automaticas` (the schema's reference refuses
 * another on `sequence_id`); a draw's refusal (an inactive sequence) answers on `sequence_id` too.
 */
export const inspectionNumber: ModuleHooks<SpaceDatabase> = {
  transforms: ['number', 'formatted_number', 'sequence_id'],
  async serverValues(trx, { mode, body, previous }) {
    if (mode !== 'create') return previous ? { number: previous.number ?? null, formatted_number: previous.formatted_number ?? null, sequence_id: previous.sequence_id } : {};
    const drawn = await drawNumber(trx, Number(body.sequence_id), { date: typeof body.start_date === 'string' ? body.start_date : undefined, field: 'sequence_id' });
    return { number: drawn.number, formatted_number: drawn.formatted_number };
  },
};

/**
 * An inspection action's number (`acoes_fiscalizacao`), drawn as an inspection's is: from the
 * automatic sequence it names, in its insert's transaction; an edit keeps it.
 */
export const actionNumber: ModuleHooks<SpaceDatabase> = inspectionNumber;

/**
 * The number of an infraction or a pendency, drawn from its type's sequence (any sequence, automatic
 * or not: the type chose it) in its insert's transaction; a type without a sequence numbers nothing.
 * An edit keeps the number drawn, whatever it sends, as an inspection's does.
 */
export const typeNumber = (table: 'inspection_infraction_types' | 'pendency_types', typeField: string): ModuleHooks<SpaceDatabase> => ({
  transforms: ['number', 'formatted_number'],
  async serverValues(trx, { mode, body, previous }) {
    if (mode !== 'create') return previous ? { number: previous.number ?? null, formatted_number: previous.formatted_number ?? null } : {};
    const type = await trx.selectFrom(table).select('sequence_id').where('id', '=', Number(body[typeField])).executeTakeFirst();
    if (type?.sequence_id == null) return {};
    const drawn = await drawNumber(trx, Number(type.sequence_id), { automatic: false, date: typeof body.start_date === 'string' ? body.start_date : undefined, field: typeField });
    return { number: drawn.number, formatted_number: drawn.formatted_number };
  },
});
