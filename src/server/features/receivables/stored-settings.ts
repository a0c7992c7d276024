import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import type { Model } from '../../../../language/index.js';
import type { ForfeitConfig, InterestConfig, RoundingConfig, ValueUpdateConfig } from '../../../shared/finance/settings.js';
import { dynamic } from '../../core/db/dynamic.js';
import { AppError } from '../../core/http/app-error.js';
import { findRecord } from '../../core/resources/read.js';
import type { AccountSettings, Setting } from './settings.js';

/**
 * The settings as stored, read for the engine (docs/RECEIVABLES.md §6): a setting's denomination and
 * its versioned configurations, the value update's with its series' index numbers; the rounding of a
 * debt type's currency, else the revenue setting's default (§1 'rounding').
 */

type Row = Record<string, unknown>;

const MODULES = {
  value_update: 'configuracao_atualizacao_valor',
  interest: 'configuracao_atualizacao_juros',
  forfeit: 'configuracao_atualizacao_multas',
  rounding: 'configuracao_arredondamento_valor',
} as const;

/** A date column as text, whatever the driver handed back. */
export const dateText = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** A stored setting with its configurations (sub-lists in order), or undefined when the id names none. */
async function settingRow(db: Kysely<SpaceDatabase>, model: Model, part: keyof typeof MODULES, id: number): Promise<Row | undefined> {
  try {
    return await findRecord(dynamic(db), model.byModule.get(MODULES[part])!, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

const configsOf = (row: Row): Row[] => ((row.configs as Row[] | undefined) ?? []).map((config) => ({ ...config, since: dateText(config.since) }));

/** The forfeit setting `id` as the engine reads it. */
export async function forfeitSetting(db: Kysely<SpaceDatabase>, model: Model, id: number): Promise<Setting<ForfeitConfig> | undefined> {
  const row = await settingRow(db, model, 'forfeit', id);
  if (!row) return undefined;
  return {
    denomination: String(row.denomination),
    configs: configsOf(row).map((config) => ({
      since: config.since as string,
      variable_percentage_rate: config.variable_percentage_rate === true,
      single_percentage_rate: config.single_percentage_rate == null ? null : String(config.single_percentage_rate),
      variable_percentage_rate_list: ((config.variable_percentage_rate_list as Row[] | undefined) ?? []).map((rate) => ({ from_day: Number(rate.from_day), percentage_rate: String(rate.percentage_rate) })),
    })),
  };
}

async function interestSetting(db: Kysely<SpaceDatabase>, model: Model, id: number): Promise<Setting<InterestConfig> | undefined> {
  const row = await settingRow(db, model, 'interest', id);
  if (!row) return undefined;
  return {
    denomination: String(row.denomination),
    configs: configsOf(row).map((config) => ({ since: config.since as string, percentage_rate: String(config.percentage_rate), capitalization_period: Number(config.capitalization_period) })),
  };
}

/** The rounding setting `id` as the engine reads it. */
export async function roundingSetting(db: Kysely<SpaceDatabase>, model: Model, id: number): Promise<Setting<RoundingConfig> | undefined> {
  const row = await settingRow(db, model, 'rounding', id);
  if (!row) return undefined;
  return {
    denomination: String(row.denomination),
    configs: configsOf(row).map((config) => ({ since: config.since as string, decimal_places_number: Number(config.decimal_places_number), rounding_method: Number(config.rounding_method) })),
  };
}

/** The value update setting `id`, each configuration with its series' index numbers (one query for all). */
async function valueUpdateSetting(db: Kysely<SpaceDatabase>, model: Model, id: number): Promise<Setting<ValueUpdateConfig> | undefined> {
  const row = await settingRow(db, model, 'value_update', id);
  if (!row) return undefined;
  const configs = configsOf(row);
  const ids = [...new Set(configs.map((config) => Number(config.indicator_serie_id)))];
  const series = ids.length ? await db.selectFrom('indicator_series').select(['id', 'denomination']).where('id', 'in', ids).execute() : [];
  const histories = ids.length
    ? await db.selectFrom('indicator_series_histories').select(['indicator_sery_id', 'date', 'index_number']).where('indicator_sery_id', 'in', ids).execute()
    : [];
  return {
    denomination: String(row.denomination),
    configs: configs.map((config) => ({
      since: config.since as string,
      series: String(series.find((one) => Number(one.id) === Number(config.indicator_serie_id))?.denomination ?? ''),
      history: histories.filter((h) => Number(h.indicator_sery_id) === Number(config.indicator_serie_id)).map((h) => ({ date: dateText(h.date), index_number: String(h.index_number) })),
    })),
  };
}

/** The settings an account carries (§3: copied at posting), and the rounding of its debt type's currency. */
export interface AccountSettingIds {
  value_update_setting_id: number | null;
  interest_update_setting_id: number | null;
  forfeit_update_setting_id: number | null;
  rounding_setting_id: number | null;
}

export async function accountSettings(db: Kysely<SpaceDatabase>, model: Model, ids: AccountSettingIds): Promise<AccountSettings> {
  const settings: AccountSettings = {};
  if (ids.value_update_setting_id != null) settings.value_update = await valueUpdateSetting(db, model, ids.value_update_setting_id);
  if (ids.interest_update_setting_id != null) settings.interest = await interestSetting(db, model, ids.interest_update_setting_id);
  if (ids.forfeit_update_setting_id != null) settings.forfeit = await forfeitSetting(db, model, ids.forfeit_update_setting_id);
  if (ids.rounding_setting_id != null) settings.rounding = await roundingSetting(db, model, ids.rounding_setting_id);
  return settings;
}

/** The revenue setting in force on `date` (the active one of the latest `since` up to it), whole; undefined before the first. */
export async function revenueSettingOn(db: Kysely<SpaceDatabase>, date: string) {
  return db
    .selectFrom('revenue_settings')
    .selectAll()
    .where('since', '<=', date)
    .where((eb) => eb.or([eb('inactivated', '=', false), eb('inactivated', 'is', null)]))
    .orderBy('since', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The rounding setting of a debt type (§1): its currency's, else the default of the revenue setting in
 * force on `date`; null when neither names one.
 */
export async function roundingSettingIdOf(db: Kysely<SpaceDatabase>, debtTypeId: number | null, date: string): Promise<number | null> {
  if (debtTypeId != null) {
    const currency = await db
      .selectFrom('debt_types as d')
      .innerJoin('currencies as c', 'c.id', 'd.currency_id')
      .select('c.value_rounding_setting_id')
      .where('d.id', '=', debtTypeId)
      .executeTakeFirst();
    if (currency?.value_rounding_setting_id != null) return Number(currency.value_rounding_setting_id);
  }
  const revenue = await revenueSettingOn(db, date);
  return revenue?.default_value_rounding_setting_id == null ? null : Number(revenue.default_value_rounding_setting_id);
}
