import type { Kysely } from 'kysely';
import { dynamic } from '../../core/db/dynamic.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import { isCalendarDate } from '../../../shared/dates.js';
import { AppError, invalid, type FieldErrors } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import { calculate, CalculationError, dayNumber, type Calculation, type CalculationInput } from './calculation.js';

/**
 * The calculation preview (`POST /api/finance/calculation`, docs/FINANCE.md 'Calculation'): an
 * amount due on a day and paid on another, with any of the four settings, each given by its stored
 * id (`<part>_setting_id`) or by the configurations still on its form (`<part>_configs`).
 */
export const PARTS = {
  value_update: { module: 'configuracao_atualizacao_valor', permission: 'valueUpdateSetting', label: 'Configuração de atualização de valor' },
  interest_update: { module: 'configuracao_atualizacao_juros', permission: 'interestUpdateSetting', label: 'Configuração de atualização de juros' },
  forfeit_update: { module: 'configuracao_atualizacao_multas', permission: 'forfeitUpdateSetting', label: 'Configuração de atualização de multas' },
  value_rounding: { module: 'configuracao_arredondamento_valor', permission: 'valueRoundingSetting', label: 'Configuração de arredondamento de valor' },
} as const;
export type Part = keyof typeof PARTS;

const LABELS = { amount: 'Valor', due_date: 'Vencimento', payment_date: 'Pagamento' } as const;
const AMOUNT = /^-?\d{1,15}(\.\d{1,13})?$/;
const RATE = /^\d{1,3}(\.\d{1,8})?$/;
export const INVALID_CONFIGS = 'As configurações informadas são inválidas.';
export const UNKNOWN_SETTING = 'O registro selecionado não existe.';
export const PAYMENT_BEFORE_DUE = 'O campo Pagamento deve ser uma data igual ou posterior a Vencimento.';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined);

/** The parts a body names (by id or by configurations): the permissions the caller needs one of, each. */
export function partsOf(body: Record<string, unknown>): Part[] {
  return (Object.keys(PARTS) as Part[]).filter((part) => !blank(body[`${part}_setting_id`]) || body[`${part}_configs`] !== undefined);
}

type Row = Record<string, unknown>;

/** Each configuration checked for what the calculation reads; the first bad one fails the whole list. */
function configsOk(part: Part, configs: Row[]): boolean {
  const rate = (value: unknown) => RATE.test(text(value) ?? '');
  return configs.every((c) => {
    if (!c || typeof c !== 'object' || !isCalendarDate(c.since)) return false;
    if (part === 'interest_update') return rate(c.percentage_rate) && (c.capitalization_period === 1 || c.capitalization_period === 2);
    if (part === 'value_rounding') return Number.isInteger(c.decimal_places_number) && (c.decimal_places_number as number) >= 0 && (c.decimal_places_number as number) <= 13 && [1, 2, 3].includes(c.rounding_method as number);
    if (part === 'value_update') return Number.isSafeInteger(Number(c.indicator_serie_id)) && Number(c.indicator_serie_id) > 0;
    if (c.variable_percentage_rate === true) {
      const list = c.variable_percentage_rate_list;
      return Array.isArray(list) && list.every((r: Row) => r && Number.isInteger(r.from_day) && (r.from_day as number) >= 1 && rate(r.percentage_rate));
    }
    return rate(c.single_percentage_rate);
  });
}

/**
 * Reads the body, loads the stored settings and series it names and calculates.
 * @example previewCalculation(db, model, { amount: '1000.00', due_date: '2026-01-10', payment_date: '2026-02-09', interest_update_setting_id: 3 })
 */
export async function previewCalculation(db: Kysely<SpaceDatabase>, model: Model, body: Record<string, unknown>): Promise<Calculation> {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const amount = text(body.amount);
  if (blank(body.amount)) fail('amount', `O campo ${LABELS.amount} é obrigatório.`);
  else if (!amount || !AMOUNT.test(amount)) fail('amount', `O campo ${LABELS.amount} deve ser um número com até 15 casas inteiras e 13 decimais.`);
  for (const field of ['due_date', 'payment_date'] as const) {
    if (blank(body[field])) fail(field, `O campo ${LABELS[field]} é obrigatório.`);
    else if (!isCalendarDate(body[field])) fail(field, `O campo ${LABELS[field]} deve ser uma data válida.`);
  }
  if (!errors.due_date && !errors.payment_date && dayNumber(body.payment_date as string) < dayNumber(body.due_date as string)) fail('payment_date', PAYMENT_BEFORE_DUE);

  const configs: Partial<Record<Part, Row[]>> = {};
  for (const part of partsOf(body)) {
    const given = body[`${part}_configs`];
    if (given !== undefined) {
      if (Array.isArray(given) && configsOk(part, given as Row[])) configs[part] = given as Row[];
      else fail(`${part}_configs`, INVALID_CONFIGS);
      continue;
    }
    const id = Number(text(body[`${part}_setting_id`]));
    const stored = Number.isSafeInteger(id) && id > 0 ? await findRecord(dynamic(db), model.byModule.get(PARTS[part].module)!, id).catch(notFoundAsUndefined) : undefined;
    if (stored) configs[part] = stored.configs as Row[];
    else fail(`${part}_setting_id`, UNKNOWN_SETTING);
  }
  if (Object.keys(errors).length) throw invalid(errors);

  const input: CalculationInput = {
    amount: amount!,
    due_date: body.due_date as string,
    payment_date: body.payment_date as string,
    interest: configs.interest_update as unknown as CalculationInput['interest'],
    forfeit: configs.forfeit_update?.map((c) => ({ ...c, single_percentage_rate: text(c.single_percentage_rate) ?? null })) as CalculationInput['forfeit'],
    rounding: configs.value_rounding as unknown as CalculationInput['rounding'],
  };
  if (configs.value_update) input.value_update = await withHistories(db, configs.value_update);
  try {
    return calculate(input);
  } catch (error) {
    if (error instanceof CalculationError) {
      const part = ({ value_update: 'value_update', interest: 'interest_update', forfeit: 'forfeit_update', rounding: 'value_rounding' } as const)[error.part];
      throw invalid({ [body[`${part}_configs`] !== undefined ? `${part}_configs` : `${part}_setting_id`]: [error.message] });
    }
    throw error;
  }
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof AppError && error.status === 404) return undefined;
  throw error;
}

/** The value update's configurations, each with its series' history (one query for all). */
async function withHistories(db: Kysely<SpaceDatabase>, configs: Row[]): Promise<NonNullable<CalculationInput['value_update']>> {
  const ids = [...new Set(configs.map((c) => Number(c.indicator_serie_id)))];
  const series: Row[] = ids.length ? await db.selectFrom('indicator_series').select(['id', 'denomination']).where('id', 'in', ids).execute() : [];
  const histories: Row[] = ids.length
    ? await db.selectFrom('indicator_series_histories').select(['indicator_sery_id', 'date', 'index_number']).where('indicator_sery_id', 'in', ids).execute()
    : [];
  const missing = ids.filter((id) => !series.some((s) => Number(s.id) === id));
  if (missing.length) throw invalid({ value_update_configs: [UNKNOWN_SETTING] });
  return configs.map((c) => ({
    since: c.since as string,
    series: series.find((s) => Number(s.id) === Number(c.indicator_serie_id))!.denomination as string,
    history: histories.filter((h) => Number(h.indicator_sery_id) === Number(c.indicator_serie_id)).map((h) => ({ date: String(h.date), index_number: String(h.index_number) })),
  }));
}
