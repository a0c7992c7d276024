import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';

/**
 * The versioned settings of finance (spec 002 §3): each setting is a denomination and a list of
 * configurations, each valid from its `since` date until the next one's. Here, for each setting's
 * module, its configurations' table and the column naming their setting.
 */
export const VERSIONED_SETTINGS = {
  configuracao_arredondamento_valor: { table: 'value_rounding_configs', parentKey: 'value_rounding_setting_id' },
  configuracao_atualizacao_juros: { table: 'interest_update_configs', parentKey: 'interest_update_setting_id' },
  configuracao_amortizacao_valor: { table: 'amount_amortization_configs', parentKey: 'amount_amortization_setting_id' },
  configuracao_atualizacao_valor: { table: 'value_update_configs', parentKey: 'value_update_setting_id' },
  configuracao_atualizacao_multas: { table: 'forfeit_update_configs', parentKey: 'forfeit_update_setting_id' },
} as const satisfies Record<string, { table: keyof SpaceDatabase; parentKey: string }>;

export type VersionedSetting = keyof typeof VERSIONED_SETTINGS;
type ConfigTable = (typeof VERSIONED_SETTINGS)[VersionedSetting]['table'];

/**
 * Which configuration of setting `settingId` (of `module`) applies on `date` (`YYYY-MM-DD`): the one
 * with the latest `since` on or before that date. `undefined` before the first one. The one query
 * every calculation asks (a configuration starts applying on its own `since` date).
 */
export async function configInForce<M extends VersionedSetting>(
  db: Kysely<SpaceDatabase>,
  module: M,
  settingId: number,
  date: string,
): Promise<Record<string, unknown> | undefined> {
  const { table, parentKey } = VERSIONED_SETTINGS[module];
  const any = db as unknown as Kysely<Record<ConfigTable, Record<string, unknown>>>;
  return any
    .selectFrom(table)
    .selectAll()
    .where(parentKey, '=', settingId)
    .where('since', '<=', date)
    .orderBy('since', 'desc')
    .limit(1)
    .executeTakeFirst();
}
