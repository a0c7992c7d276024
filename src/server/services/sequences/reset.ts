import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { recordAudit } from '../../core/audit/record.js';
import { addError, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { nextVersion } from '../../core/resources/versions.js';
import { MAX_INTEGER } from './draw.js';

/**
 * The way back for a sequence moved into a later year by mistake (a draw dated 2062 or 9999 before such
 * dates were refused): its year goes back to one up to this one, and its counter to a number no draw
 * of that year has passed, so the next number of that year follows the last one issued and none
 * repeats. What was issued in the later year stays as it was.
 */

type Values = Record<string, unknown>;
export interface TrailRow { old_values: unknown; new_values: unknown }

const RESET_FIELDS = ['last_draw_year', 'number', 'last_drawn_number'] as const;

const asValues = (raw: unknown): Values | null => {
  const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return value && typeof value === 'object' ? (value as Values) : null;
};
const int = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/**
 * The highest number the sequence's trail shows for each year it drew in (its creation, edits, draws
 * by hand and resets, oldest first): a row names only the fields that moved, so the year in force is
 * carried from the rows before. `last` is the year the trail ends in.
 * @example highestByYear([{ old_values: null, new_values: { number: 0 } }, { old_values: { number: 0, last_draw_year: null }, new_values: { number: 1, last_draw_year: 2026 } }]) // { byYear: Map { 2026 → 1 }, last: 2026 }
 */
export function highestByYear(trail: readonly TrailRow[]): { byYear: Map<number, number>; last: number | null } {
  const byYear = new Map<number, number>();
  let year: number | null = null;
  const note = (values: Values | null, at: number | null) => {
    if (!values || at === null) return;
    for (const name of ['number', 'last_drawn_number'] as const) {
      const number = int(values[name]);
      if (number !== null) byYear.set(at, Math.max(byYear.get(at) ?? 0, number));
    }
  };
  for (const row of trail) {
    const [before, after] = [asValues(row.old_values), asValues(row.new_values)];
    note(before, before && 'last_draw_year' in before ? int(before.last_draw_year) : year);
    if (after && 'last_draw_year' in after) year = int(after.last_draw_year);
    note(after, year);
  }
  return { byYear, last: year };
}

const whole = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : NaN);

/**
 * Takes a sequence back to `year` (default the council's current one), under the row's lock, with one
 * audit row (`year_reset`). With annual restart the counter becomes the last number the trail shows
 * issued in that year, or `number` when given and not below it; without, the counter goes on as it
 * was (numbers never restart) and only the year moves. Refused (422) for a year past the current one
 * or not before the sequence's, and for a number below one already issued.
 */
export async function resetYear(db: Kysely<SpaceDatabase>, id: number, body: Values, options: { currentYear: number; userId: number | null }): Promise<Values> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('sequences').select(['annual_restart', 'updated_at', ...RESET_FIELDS]).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const errors: FieldErrors = {};
    const year = body.year === undefined || body.year === null || body.year === '' ? options.currentYear : whole(body.year);
    const from = int(row.last_draw_year);
    if (!(year >= 1 && year <= options.currentYear)) addError(errors, 'year', `O campo Ano deve ser um ano de 1 a ${options.currentYear}.`);
    else if (from === null || from <= year) addError(errors, 'year', `A sequência não está adiante de ${year}: não há o que desfazer.`);
    const given = body.number === undefined || body.number === null || body.number === '' ? undefined : whole(body.number);
    if (given !== undefined && !(given >= 0 && given <= MAX_INTEGER)) addError(errors, 'number', `O campo Número deve ser um número inteiro de 0 a ${MAX_INTEGER.toLocaleString('pt-BR')}.`);
    if (Object.keys(errors).length) throw invalid(errors);

    let floor: number;
    if (row.annual_restart) {
      const trail = await trx.selectFrom('audits').select(['old_values', 'new_values']).where('module', '=', 'sequencias').where('record_id', '=', id).orderBy('id').execute();
      const { byYear, last } = highestByYear(trail);
      // A draw that moved the year without a trail (a record's own, not one by hand) leaves that year's last number unknown.
      if (last !== from && given === undefined) throw invalid({ number: [`O histórico da sequência não mostra o último número emitido em ${year}: informe-o.`] });
      floor = byYear.get(year) ?? 0;
    } else floor = Number(row.last_drawn_number ?? row.number ?? 0);
    if (given !== undefined && given < floor) throw invalid({ number: [`O número não pode ser menor que ${floor}, o último emitido em ${year}: um próximo número repetiria um já emitido.`] });
    const number = given ?? (row.annual_restart ? floor : Number(row.number));
    const after = { last_draw_year: year, number, last_drawn_number: row.annual_restart ? number : row.last_drawn_number };
    await trx.updateTable('sequences').set({ ...after, updated_at: nextVersion(row.updated_at) }).where('id', '=', id).execute();
    await recordAudit(trx, {
      event: 'year_reset', userId: options.userId, module: 'sequencias', recordId: id,
      oldValues: Object.fromEntries(RESET_FIELDS.map((name) => [name, row[name]])), newValues: after,
    });
    return after;
  });
}
