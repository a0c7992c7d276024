import { sql, type Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { brDate, dayNumber } from '../../../shared/dates.js';
import { decimalProblem, formatCents, MONEY_DIGITS } from '../../../shared/decimals.js';
import { Exact } from '../../../shared/finance/exact.js';
import { CalculationError, forfeitRateFor } from '../../../shared/finance/settings.js';
import { recordAudit } from '../../core/audit/record.js';
import { dynamic } from '../../core/db/dynamic.js';
import { conflict, invalid, notFound, type FieldErrors } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import { drawNumber } from '../../services/sequences/draw.js';
import { consolidation, refuseConsolidated } from './consolidation.js';
import { applyCredit } from './payments.js';
import { configOn, rounderOn } from './settings.js';
import { dateText, forfeitSetting, revenueSettingOn, roundingSetting, roundingSettingIdOf } from './stored-settings.js';

/**
 * The manual posting of a control account (docs/RECEIVABLES.md §3 'Manual posting'): the debtor, the
 * registration, the debt type valid on the posting date, the exercise and the due date; the principal
 * by the debt type's characteristic (a contribution's value of the year, a tax's typed value or
 * percentage of the current contribution, a forfeit's percentage of a typed base), typed only where
 * the debt type lets it be; the number drawn from the debt type's sequence in the posting's
 * transaction, the settings copied, a balance-history row, the custom fields and the audit row,
 * all or nothing. Without 'Permite gerar sem confirmação' the account waits for a confirmation.
 */

export const STATUS = { open: 1, paid: 2, cancelled: 3, instalments: 4, broken: 5, awaiting: 6 } as const;
export const ORIGIN = { generation: 1, manual: 2, entry: 3, agreement: 4, instalment: 5 } as const;

/** The days a due date may fall on: those of the exercises an account may have (2000 to 2100). */
export const DUE_DATES = { from: '2000-01-01', to: '2100-12-31' } as const;

export const MESSAGES = {
  partyNotFound: 'O devedor informado não existe.',
  registrationNotFound: 'A inscrição informada não existe.',
  registrationOfAnother: 'A inscrição informada não é deste devedor.',
  debtTypeNotFound: 'O tipo de débito informado não existe.',
  debtTypeNotInForce: (name: string, date: string) => `O tipo de débito "${name}" não está vigente em ${brDate(date)}.`,
  postingAfterToday: (today: string) => `A data do lançamento não pode ser posterior a hoje (${brDate(today)}).`,
  registrationNeeded: 'Informe a inscrição: o valor depende da faixa e da categoria dela.',
  noValue: (year: number, range: string, category: string) => `Não há valor da contribuição de ${year} para a faixa "${range}" da categoria "${category}".`,
  noCurrentContribution: (year: number) => `Não há contribuição corrente na configuração de arrecadação em vigor em 01/01/${year}.`,
  principalRequired: 'O campo Valor original é obrigatório.',
  principalPositive: 'O valor original deve ser maior que zero.',
  baseRequired: 'O campo Base de cálculo é obrigatório.',
  basePositive: 'A base de cálculo deve ser maior que zero.',
  valueFixed: (name: string, amount: string) => `O tipo de débito "${name}" não permite alterar o valor: o valor é R$ ${formatCents(amount)}.`,
  dueDateRequired: 'O campo Vencimento é obrigatório.',
  dueDateOutside: `O vencimento deve estar entre ${brDate(DUE_DATES.from)} e ${brDate(DUE_DATES.to)}.`,
  numberTaken: (number: string) => `O número ${number} já é de outra conta de controle: a sequência do tipo de débito repete números de outra sequência.`,
  notAwaiting: 'Este lançamento não aguarda confirmação.',
  accountNotFound: 'Conta de controle não encontrada.',
} as const;

export interface PostingBody {
  party_id: number;
  registration_id?: number | null;
  debt_type_id: number;
  exercise: number;
  due_date?: string | null;
  posting_date?: string | null;
  principal?: string | null;
  base?: string | null;
}

export interface PostingContext {
  db: Kysely<SpaceDatabase>;
  model: Model;
  today: string;
  userId: number | null;
}

type DebtType = NonNullable<Awaited<ReturnType<typeof debtTypeOf>>>;
type Registration = NonNullable<Awaited<ReturnType<typeof registrationOf>>>;

const debtTypeOf = (db: Kysely<SpaceDatabase>, id: number) => db.selectFrom('debt_types').selectAll().where('id', '=', id).executeTakeFirst();

export const registrationOf = (db: Kysely<SpaceDatabase>, id: number) =>
  db
    .selectFrom('registrations as r')
    .innerJoin('categories as c', 'c.id', 'r.category_id')
    .innerJoin('contribution_ranges as f', 'f.id', 'r.contribution_range_id')
    .innerJoin('situations as s', 's.id', 'r.situation_id')
    .select(['r.id', 'r.party_id', 'r.category_id', 'r.contribution_range_id', 'c.denomination as category', 'f.denomination as range', 's.denomination as situation'])
    .where('r.id', '=', id)
    .executeTakeFirst();

/** The contribution's value of a year for a registration (§2): the row of its category, else the row without one. */
export async function contributionValue(db: Kysely<SpaceDatabase>, debtTypeId: number, year: number, registration: Registration) {
  const rows = await db
    .selectFrom('contribution_values')
    .select(['amount', 'due_date', 'category_id'])
    .where('debt_type_id', '=', debtTypeId)
    .where('year', '=', year)
    .where('contribution_range_id', '=', registration.contribution_range_id)
    .where((eb) => eb.or([eb('category_id', '=', registration.category_id), eb('category_id', 'is', null)]))
    .execute();
  const row = rows.find((one) => one.category_id != null) ?? rows[0];
  if (!row) throw invalid({ exercise: [MESSAGES.noValue(year, registration.range, registration.category)] });
  return { amount: String(row.amount), due_date: dateText(row.due_date) };
}

const inForce = (type: DebtType, date: string) =>
  !type.inactivated && (type.start_date == null || dateText(type.start_date) <= date) && (type.end_date == null || dateText(type.end_date) >= date);

interface Principal {
  amount: string;
  /** Where it came from, for the custom fields ('10 % de R$ 650,00'). */
  calculation: string | null;
  /** The contribution's due date of the year, the default of a contribution's account. */
  due_date: string | null;
}

/** The principal the debt type gives (§3), before a typed one replaces it where allowed. */
async function computedPrincipal(context: PostingContext, type: DebtType, body: PostingBody, registration: Registration | undefined, postingDate: string): Promise<Principal | null> {
  const { db, model } = context;
  const round = async (value: Exact) => rounderOn(await roundingOf(context, type, postingDate), postingDate).round(value);
  const needRegistration = () => {
    if (!registration) throw invalid({ registration_id: [MESSAGES.registrationNeeded] });
    return registration;
  };
  if (type.characteristic === 1) {
    const value = await contributionValue(db, Number(type.id), body.exercise, needRegistration());
    return { amount: value.amount, calculation: null, due_date: value.due_date };
  }
  if (type.characteristic === 2) {
    if (type.is_dynamic) return null;
    const revenue = await revenueSettingOn(db, `${body.exercise}-01-01`);
    if (revenue?.current_contribution_id == null) throw invalid({ debt_type_id: [MESSAGES.noCurrentContribution(body.exercise)] });
    const value = await contributionValue(db, Number(revenue.current_contribution_id), body.exercise, needRegistration());
    const percent = String(type.percent_value ?? '0');
    return { amount: await round(new Exact(value.amount).times(percent).div(100)), calculation: `${formatPercent(percent)} de R$ ${formatCents(value.amount)}`, due_date: null };
  }
  // A forfeit: a percentage of a base typed on the posting.
  const base = checkedMoney('base', 'Base de cálculo', body.base, MESSAGES.baseRequired, MESSAGES.basePositive);
  let percent = String(type.percent_value ?? '0');
  if (type.is_from_another_config && type.config_id != null) {
    const setting = await forfeitSetting(db, model, Number(type.config_id));
    if (setting) {
      try {
        // The rate a delay's first day would take: the single rate, or the list's row of day 1.
        percent = forfeitRateFor(configOn('forfeit', setting, dayNumber(postingDate)), 1);
      } catch (error) {
        if (error instanceof CalculationError) throw invalid({ debt_type_id: [error.message] });
        throw error;
      }
    }
  }
  return { amount: await round(new Exact(base).times(percent).div(100)), calculation: `${formatPercent(percent)} de R$ ${formatCents(base)}`, due_date: null };
}

const formatPercent = (percent: string) => `${new Exact(percent).toFixed().replace('.', ',')} %`;

async function roundingOf(context: PostingContext, type: DebtType, date: string) {
  const id = await roundingSettingIdOf(context.db, Number(type.id), date);
  return id == null ? undefined : roundingSetting(context.db, context.model, id);
}

/** Money typed on the posting, checked: in the API's form, two places, above zero. */
function checkedMoney(field: string, label: string, value: string | null | undefined, required: string, positive: string): string {
  if (value == null || value.trim() === '') throw invalid({ [field]: [required] });
  const problem = decimalProblem(value.trim(), label, MONEY_DIGITS);
  if (problem) throw invalid({ [field]: [problem] });
  if (!new Exact(value.trim()).greaterThan(0)) throw invalid({ [field]: [positive] });
  return new Exact(value.trim()).toFixed(2);
}

/** Checks what the posting names, each refusal on its field. */
async function checked(context: PostingContext, body: PostingBody) {
  const { db, today } = context;
  const errors: FieldErrors = {};
  const postingDate = body.posting_date ?? today;
  if (postingDate > today) errors.posting_date = [MESSAGES.postingAfterToday(today)];
  const party = await db.selectFrom('parties').select(['id', 'name']).where('id', '=', body.party_id).executeTakeFirst();
  if (!party) errors.party_id = [MESSAGES.partyNotFound];
  const registration = body.registration_id == null ? undefined : await registrationOf(db, body.registration_id);
  if (body.registration_id != null && !registration) errors.registration_id = [MESSAGES.registrationNotFound];
  else if (registration && party && Number(registration.party_id) !== Number(party.id)) errors.registration_id = [MESSAGES.registrationOfAnother];
  const type = await debtTypeOf(db, body.debt_type_id);
  if (!type) errors.debt_type_id = [MESSAGES.debtTypeNotFound];
  else if (!inForce(type, postingDate)) errors.debt_type_id = [MESSAGES.debtTypeNotInForce(type.denomination, postingDate)];
  if (!errors.posting_date) {
    const closed = await consolidation(db, postingDate);
    if (closed) errors.posting_date = [closed];
  }
  if (body.due_date != null && (body.due_date < DUE_DATES.from || body.due_date > DUE_DATES.to)) errors.due_date = [MESSAGES.dueDateOutside];
  // A base sent where the debt type reads none is still refused when it is not an amount.
  const base = body.base?.trim();
  if (base) {
    const problem = decimalProblem(base, 'Base de cálculo', MONEY_DIGITS);
    if (problem) errors.base = [problem];
    else if (!new Exact(base).greaterThan(0)) errors.base = [MESSAGES.basePositive];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { postingDate, party: party!, registration, type: type! };
}

/**
 * Posts an account by hand and answers it as `GET /api/control_account/{id}` would.
 * @example postManually(context, { party_id: 7, registration_id: 3, debt_type_id: 2, exercise: 2026 }) // { formatted_number: 'ANU-000001/2026', status: 1, principal: '650.00', … }
 */
export async function postManually(context: PostingContext, body: PostingBody): Promise<Record<string, unknown>> {
  const { postingDate, registration, type } = await checked(context, body);
  const computed = await computedPrincipal(context, type, body, registration, postingDate);
  const typedAllowed = computed === null || type.allow_change_value === true;
  let principal: string;
  if (body.principal == null || body.principal.trim() === '') {
    if (!computed) throw invalid({ principal: [MESSAGES.principalRequired] });
    principal = computed.amount;
  } else {
    principal = checkedMoney('principal', 'Valor original', body.principal, MESSAGES.principalRequired, MESSAGES.principalPositive);
    if (!typedAllowed && !new Exact(principal).equals(computed!.amount)) throw invalid({ principal: [MESSAGES.valueFixed(type.denomination, computed!.amount)] });
  }
  if (!new Exact(principal).greaterThan(0)) throw invalid({ principal: [MESSAGES.principalPositive] });
  const dueDate = body.due_date ?? computed?.due_date;
  if (!dueDate) throw invalid({ due_date: [MESSAGES.dueDateRequired] });

  const awaiting = type.allow_create_without_confirmation !== true;
  const customFields = [
    ...(registration ? [{ name: 'Categoria', value: registration.category }, { name: 'Faixa de contribuição', value: registration.range }, { name: 'Situação', value: registration.situation }] : []),
    ...(computed?.calculation ? [{ name: 'Cálculo do valor', value: computed.calculation }] : []),
  ];
  const note = `Lançamento manual: ${type.denomination} ${body.exercise}${awaiting ? ' (aguardando confirmação)' : ''}`;

  const id = await context.db.transaction().execute(async (trx) => {
    // The number last, so that the sequence's row stays locked as short a time as it can.
    const drawn = await drawNumber(trx, Number(type.debt_control_account_sequence_id), { date: postingDate, field: 'debt_type_id' });
    const taken = await trx.selectFrom('control_accounts').select('id').where('formatted_number', '=', drawn.formatted_number).executeTakeFirst();
    if (taken) throw conflict(MESSAGES.numberTaken(drawn.formatted_number));
    const values = {
      formatted_number: drawn.formatted_number, party_id: body.party_id, registration_id: registration ? Number(registration.id) : null, debt_type_id: Number(type.id),
      exercise: body.exercise, principal, open_principal: principal, due_date: dueDate, posting_date: postingDate, origin: ORIGIN.manual,
      status: awaiting ? STATUS.awaiting : STATUS.open,
      value_update_setting_id: Number(type.value_update_setting_id), interest_update_setting_id: Number(type.interest_update_setting_id),
      forfeit_update_setting_id: Number(type.forfeit_update_setting_id), amount_amortization_setting_id: Number(type.amount_amortization_setting_id),
    } as const;
    const row = await trx.insertInto('control_accounts').values(values).returning('id').executeTakeFirstOrThrow();
    const accountId = Number(row.id);
    if (customFields.length) await trx.insertInto('control_account_custom_fields').values(customFields.map((field) => ({ control_account_id: accountId, ...field }))).execute();
    await trx.insertInto('control_account_balance_histories').values({ control_account_id: accountId, date: postingDate, balance: principal, notes: note }).execute();
    await recordAudit(trx, { event: 'created', userId: context.userId, module: 'control_account', recordId: accountId, newValues: { ...values, custom_field_list: customFields } });
    // The party's credit goes to the new account at once (§7); one awaiting confirmation gets it when confirmed.
    if (!awaiting) await applyCredit(trx, context.model, body.party_id, accountId, postingDate, context.userId, 'posting_date');
    return accountId;
  });
  return findRecord(dynamic(context.db), context.model.byModule.get('control_account')!, id);
}

/**
 * 'Confirmar lançamento' (§3): an account awaiting confirmation becomes open, with its history row and
 * audit, dated the council's today, which must not be consolidated (422 on `data`).
 */
export async function confirmPosting(context: PostingContext, id: number): Promise<Record<string, unknown>> {
  const { db } = context;
  await db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('control_accounts').select(['id', 'status', 'open_principal', 'party_id']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!account) throw notFound(MESSAGES.accountNotFound);
    if (account.status !== STATUS.awaiting) throw conflict(MESSAGES.notAwaiting);
    await refuseConsolidated(trx, context.today, 'data');
    await trx.updateTable('control_accounts').set({ status: STATUS.open, updated_at: sql`now()` }).where('id', '=', id).execute();
    await trx.insertInto('control_account_balance_histories').values({ control_account_id: id, date: context.today, balance: String(account.open_principal ?? '0'), notes: 'Lançamento confirmado' }).execute();
    await recordAudit(trx, { event: 'updated', userId: context.userId, module: 'control_account', recordId: id, oldValues: { status: STATUS.awaiting }, newValues: { status: STATUS.open } });
    if (account.party_id != null) await applyCredit(trx, context.model, Number(account.party_id), id, context.today, context.userId, 'data');
  });
  return findRecord(dynamic(db), context.model.byModule.get('control_account')!, id);
}
