import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { Exact } from '../../../shared/finance/exact.js';
import { today } from '../../core/clock.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';
import { writeCancellation } from './cancellation.js';
import { consolidation } from './consolidation.js';
import { InvalidInput } from './input.js';
import { leavingAction } from './leaving-rules.js';
import { ORIGIN, STATUS } from './posting.js';
import { proportion, type CountingWay } from './proportion.js';
import { creditBeyond, replaceAccount } from './replacement.js';
import { dateText, revenueSettingOn, roundingSetting, roundingSettingIdOf } from './stored-settings.js';

/**
 * Leaving charges (docs/RECEIVABLES.md §5): a registration entering, on day X of year Y, a situation
 * that interrupts contribution charges has Y's annuity reduced to the exit proportion (the old account
 * Cancelada and replaced by one with the reduced principal and what the old one's payments paid of
 * it), or its open balance cancelled, or kept whole (./leaving-rules.ts); what was paid beyond the
 * reduced principal becomes the party's credit when the revenue setting says so. In the
 * registration's save's transaction, dated the council's today: a refusal undoes the save.
 */

type Trx = Kysely<SpaceDatabase>;

const bool = (value: unknown) => value === true;

export const leavingCharges: ModuleHooks<SpaceDatabase> = {
  async afterWrite(trx, { mode, record, previous, context }) {
    if (mode !== 'update' || previous?.situation_id === record.situation_id || record.situation_id == null) return;
    const situation = await trx.selectFrom('situations').selectAll().where('id', '=', Number(record.situation_id)).executeTakeFirst();
    if (!situation?.interrupts_contribution_charges) return;
    const exitDate = dateText(record.situation_date);
    await leaveCharges(trx, context.model, { registrationId: Number(record.id), rangeId: record.contribution_range_id == null ? null : Number(record.contribution_range_id), exitDate, situation, userId: context.userId });
  },
};

interface Leaving {
  registrationId: number;
  rangeId: number | null;
  exitDate: string;
  situation: { denomination: string; proportional_charge: boolean | null; before_expired: boolean | null; proportional_after_expiration: boolean | null; contribution_discharge: boolean | null };
  userId: number | null;
}

async function leaveCharges(trx: Trx, model: Model, leaving: Leaving): Promise<void> {
  const year = Number(leaving.exitDate.slice(0, 4));
  const current = (await revenueSettingOn(trx, `${year}-01-01`))?.current_contribution_id;
  if (current == null) return;
  const annuity = await trx
    .selectFrom('control_accounts')
    .selectAll()
    .where('registration_id', '=', leaving.registrationId)
    .where('debt_type_id', '=', Number(current))
    .where('exercise', '=', year)
    .where('replaced_by_id', 'is', null)
    .where('status', 'in', [STATUS.open, STATUS.paid])
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!annuity) return;
  const type = await trx.selectFrom('debt_types').selectAll().where('id', '=', Number(current)).executeTakeFirstOrThrow();
  const revenue = await revenueSettingOn(trx, leaving.exitDate);
  const range = leaving.rangeId == null ? undefined : await trx.selectFrom('contribution_ranges').select('cancel_prop_when_charges_stop').where('id', '=', leaving.rangeId).executeTakeFirst();
  const action = leavingAction({
    generateProportional: bool(revenue?.generate_proportional_current_contribution_in_exit), debtTypeProportional: bool(type.proportionality_percent),
    situationProportional: bool(leaving.situation.proportional_charge), beforeExpired: bool(leaving.situation.before_expired), afterExpiration: bool(leaving.situation.proportional_after_expiration),
    rangeCancels: bool(range?.cancel_prop_when_charges_stop), discharge: bool(leaving.situation.contribution_discharge),
  }, leaving.exitDate, dateText(annuity.due_date));
  if (action === 'keep' || (action === 'cancel' && annuity.status !== STATUS.open)) return;

  const date = today();
  const closed = await consolidation(trx, date);
  if (closed) throw invalid({ situation_date: [closed] }, closed);
  if (action === 'cancel') {
    await writeCancellation(trx, { id: Number(annuity.id), reason: `situação ${leaving.situation.denomination}`, date, status: Number(annuity.status), userId: leaving.userId });
    return;
  }

  const roundingId = await roundingSettingIdOf(trx, Number(type.id), date);
  let reduced;
  try {
    reduced = proportion({
      value: String(annuity.principal), year, event: 'exit', date: leaving.exitDate, posting_date: date,
      rules: {
        proportionality_percent: true, counting_way: (type.counting_way ?? 'M') as CountingWay, counting_way_value: Number(type.counting_way_value ?? 1),
        proportionality_leaves: (await trx.selectFrom('debt_type_proportionality_leaves').select(['date', 'percentage']).where('debt_type_id', '=', Number(type.id)).execute())
          .map((row) => ({ date: dateText(row.date), percentage: String(row.percentage) })),
      },
      rounding: roundingId == null ? undefined : await roundingSetting(trx, model, roundingId),
    });
  } catch (error) {
    if (error instanceof InvalidInput) throw invalid({ situation_date: [error.message] }, error.message);
    throw error;
  }
  if (!new Exact(String(annuity.principal)).greaterThan(reduced.amount)) return;
  const fraction = `${reduced.numerator}/${reduced.denominator}`;
  const fields = await trx.selectFrom('control_account_custom_fields').select(['name', 'value']).where('control_account_id', '=', Number(annuity.id)).execute();
  const replaced = await replaceAccount(trx, annuity, {
    principal: reduced.amount, dueDate: dateText(annuity.due_date), origin: annuity.origin ?? ORIGIN.generation, date, userId: leaving.userId, field: 'situation_id',
    customFields: [...fields.filter((field) => field.name !== 'Proporção'), { name: 'Proporção', value: fraction }],
    note: `Redução proporcional na saída: ${fraction} da conta ${annuity.formatted_number}`,
    reason: (number) => `substituída pela conta ${number}, redução proporcional na saída (${fraction})`,
  });
  if (bool(revenue?.credit_difference_paind_in_exit)) await creditBeyond(trx, Number(annuity.party_id), Number(annuity.id), replaced.beyond);
}
