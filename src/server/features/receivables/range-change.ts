import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { Exact } from '../../../shared/finance/exact.js';
import { today } from '../../core/clock.js';
import { AppError, invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { addDays } from '../../services/holidays/calendar.js';
import { writeCancellation } from './cancellation.js';
import { consolidation } from './consolidation.js';
import { InvalidInput } from './input.js';
import { applyCredit } from './payments.js';
import { contributionValue, ORIGIN, registrationOf, STATUS } from './posting.js';
import { proportion, type CountingWay } from './proportion.js';
import { creditBeyond, replaceAccount } from './replacement.js';
import { dateText, revenueSettingOn, roundingSetting, roundingSettingIdOf } from './stored-settings.js';

/**
 * A change of range (docs/RECEIVABLES.md §5 'A change of range'): a registration moved into a range
 * with 'Cancelar lançamento da contribuição atual' has the open annuity of the range date's year
 * cancelled and billed again in the new range by the entering rules from that date (proportional when
 * the debt type and the situation are; nothing when the range is exempt or cancels the proportional
 * at the start), the new account replacing the old one. In the registration's save's transaction.
 */

const FIELD = 'contribution_range_id';

export const rangeChange: ModuleHooks<SpaceDatabase> = {
  async afterWrite(trx, { mode, record, previous, context }) {
    if (mode !== 'update' || previous?.contribution_range_id === record.contribution_range_id || record.contribution_range_id == null) return;
    const range = await trx.selectFrom('contribution_ranges').select(['denomination', 'exempt', 'cancel_current_contribution_posting', 'cancel_prop_when_charges_start']).where('id', '=', Number(record.contribution_range_id)).executeTakeFirst();
    if (!range?.cancel_current_contribution_posting) return;
    try {
      await rebill(trx, context.model, Number(record.id), dateText(record.contribution_range_date), range, context.userId);
    } catch (error) {
      // The engine's refusals name its own fields; here they are the range's.
      if (error instanceof AppError && error.status === 422) throw invalid({ [FIELD]: Object.values(error.errors ?? {}).flat() }, error.message);
      if (error instanceof InvalidInput) throw invalid({ [FIELD]: [error.message] }, error.message);
      throw error;
    }
  },
};

interface Range {
  denomination: string;
  exempt: boolean | null;
  cancel_prop_when_charges_start: boolean | null;
}

async function rebill(trx: Kysely<SpaceDatabase>, model: Model, registrationId: number, rangeDate: string, range: Range, userId: number | null): Promise<void> {
  const year = Number(rangeDate.slice(0, 4));
  const current = (await revenueSettingOn(trx, `${year}-01-01`))?.current_contribution_id;
  if (current == null) return;
  const annuity = await trx
    .selectFrom('control_accounts')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .where('debt_type_id', '=', Number(current))
    .where('exercise', '=', year)
    .where('replaced_by_id', 'is', null)
    .where('status', '=', STATUS.open)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!annuity) return;
  const date = today();
  const closed = await consolidation(trx, date);
  if (closed) throw invalid({ [FIELD]: [closed] }, closed);
  const cancel = () => writeCancellation(trx, { id: Number(annuity.id), reason: `mudança para a faixa "${range.denomination}"`, date, status: STATUS.open, userId });
  if (range.exempt) return cancel();

  const registration = (await registrationOf(trx, registrationId))!;
  const situation = await trx.selectFrom('registrations as r').innerJoin('situations as s', 's.id', 'r.situation_id').select('s.proportional_charge').where('r.id', '=', registrationId).executeTakeFirstOrThrow();
  const type = await trx.selectFrom('debt_types').selectAll().where('id', '=', Number(current)).executeTakeFirstOrThrow();
  const value = await contributionValue(trx, Number(type.id), year, registration);
  const proportional = type.proportionality_percent === true && situation.proportional_charge === true && rangeDate > `${year}-01-01`;
  if (proportional && range.cancel_prop_when_charges_start) return cancel();

  let principal = value.amount;
  let fraction: string | null = null;
  if (proportional) {
    const roundingId = await roundingSettingIdOf(trx, Number(type.id), date);
    const entries = await trx.selectFrom('debt_type_proportionality_entries').select(['date', 'percentage']).where('debt_type_id', '=', Number(type.id)).execute();
    const share = proportion({
      value: value.amount, year, event: 'entry', date: rangeDate, posting_date: date,
      rules: {
        proportionality_percent: true, counting_way: (type.counting_way ?? 'M') as CountingWay, counting_way_value: Number(type.counting_way_value ?? 1),
        proportionality_entries: entries.map((row) => ({ date: dateText(row.date), percentage: String(row.percentage) })),
      },
      rounding: roundingId == null ? undefined : await roundingSetting(trx, model, roundingId),
    });
    principal = share.amount;
    fraction = `${share.numerator}/${share.denominator}`;
  }
  if (!new Exact(principal).greaterThan(0)) return cancel();
  // The year's due date, or 30 days from the range's date when that has passed (§5 'Entering charges').
  const dueDate = value.due_date >= date ? value.due_date : addDays(rangeDate, 30);
  const replaced = await replaceAccount(trx, annuity, {
    principal, dueDate, origin: ORIGIN.entry, date, userId, field: FIELD,
    customFields: [
      { name: 'Categoria', value: registration.category }, { name: 'Faixa de contribuição', value: registration.range }, { name: 'Situação', value: registration.situation },
      ...(fraction ? [{ name: 'Proporção', value: fraction }] : []),
    ],
    note: `Mudança para a faixa "${registration.range}"${fraction ? ` (${fraction})` : ''}: conta ${annuity.formatted_number}`,
    reason: (number) => `substituída pela conta ${number}, mudança para a faixa "${registration.range}"`,
  });
  await creditBeyond(trx, Number(annuity.party_id), Number(annuity.id), replaced.beyond);
  if (new Exact(replaced.open_principal).greaterThan(0)) await applyCredit(trx, model, Number(annuity.party_id), replaced.id, date, userId, FIELD);
}
