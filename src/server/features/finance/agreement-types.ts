import type { Kysely } from 'kysely';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import type { ModuleHooks } from '../../core/resources/hooks.js';

type Row = Record<string, unknown>;

export const GLOBAL_REQUIRED = 'Informe a configuração global (sem proprietário).';
export const CONFIG_REPEATED = 'Já existe uma configuração deste proprietário a partir desta data.';
export const DAY_OF_MONTH = 'Por dia do mês, informe um dia de 1 a 31.';
export const DAYS_REQUIRED = 'Por quantidade de dias, informe de 0 a 999 dias.';
export const DISCOUNT_INSTALMENTS = 'As parcelas com desconto não podem passar da quantidade máxima de parcelas.';
export const DISCOUNTS_REQUIRED = 'Informe os descontos por quantidade de parcelas.';
export const DISCOUNTS_GENERAL = 'Na aplicação geral do desconto, não informe descontos por quantidade de parcelas.';
export const INSTALMENTS_REPEATED = 'Já existe um desconto para esta quantidade de parcelas.';
export const defaultTaken = (denomination: string) => `Já existe um tipo de acordo padrão: ${denomination}.`;

/**
 * An agreement type's rules (docs/FINANCE.md 'Agreement types'): its configurations hold a global
 * one (no proprietary) at least and one per proprietary and `since` date (the earlier ones are the
 * history); a configuration by day of month starts its instalments on a day 1 to 31; the
 * instalments with a discount are among the maximum; discounts by number of instalments only, and
 * always, when the discount applies so; one agreement type at most is the default.
 */
export const agreementTypeRules: ModuleHooks<SpaceDatabase> = {
  async beforeWrite(trx, { body, previous }) {
    const errors: Record<string, string[]> = {};
    if (Array.isArray(body.configs)) {
      const configs = body.configs as Row[];
      if (!configs.some((config) => config?.proprietary_id === null || config?.proprietary_id === undefined)) errors.configs = [GLOBAL_REQUIRED];
      const seen = new Set<string>();
      for (const [i, config] of configs.entries()) {
        const key = `${config?.proprietary_id ?? ''}|${config?.since}`;
        if (seen.has(key)) errors[`configs.${i}.since`] = [CONFIG_REPEATED];
        seen.add(key);
        const value = config?.starting_instalments_form_value;
        if (config?.starting_instalments_form_definition === 2 && typeof value === 'number' && (value < 1 || value > 31)) errors[`configs.${i}.starting_instalments_form_value`] = [DAY_OF_MONTH];
        const max = config?.maximum_instalments_amount;
        const discounted = config?.max_installment_amount_for_discount;
        if (typeof max === 'number' && typeof discounted === 'number' && discounted > max) errors[`configs.${i}.max_installment_amount_for_discount`] = [DISCOUNT_INSTALMENTS];
        instalmentDiscounts(config, `configs.${i}`, errors);
      }
    }
    const isDefault = 'default' in body ? body.default : previous?.default;
    if (isDefault === true) {
      let other = trx.selectFrom('agreement_types').select('denomination').where('default', '=', true);
      if (previous?.id !== undefined) other = other.where('id', '!=', previous.id as number);
      const taken = await other.executeTakeFirst();
      if (taken) errors.default = [defaultTaken(taken.denomination)];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

/**
 * A configuration's discounts by number of instalments (`discount_application_type` 2): at least one
 * row, one per number of instalments (a row applies to agreements of up to that many instalments), and
 * none for a general discount. A stored configuration sent without its list keeps the stored one.
 */
function instalmentDiscounts(config: Row | undefined, path: string, errors: Record<string, string[]>): void {
  const rows = config?.instalment_discounts;
  const byInstalments = config?.discount_application_type === 2;
  if (!Array.isArray(rows)) {
    if (byInstalments && (config?.id === undefined || config.id === null)) errors[`${path}.instalment_discounts`] = [DISCOUNTS_REQUIRED];
    return;
  }
  if (byInstalments && rows.length === 0) errors[`${path}.instalment_discounts`] = [DISCOUNTS_REQUIRED];
  if (!byInstalments && rows.length > 0) errors[`${path}.instalment_discounts`] = [DISCOUNTS_GENERAL];
  const seen = new Set<number>();
  for (const [j, row] of (rows as Row[]).entries()) {
    const instalments = row?.instalments;
    if (typeof instalments !== 'number') continue;
    if (seen.has(instalments)) errors[`${path}.instalment_discounts.${j}.instalments`] = [INSTALMENTS_REPEATED];
    seen.add(instalments);
  }
}

/**
 * The configuration of agreement type `typeId` that applies to `proprietaryId` on `date`
 * (`YYYY-MM-DD`): the proprietary's own configuration of the latest `since` up to that day, else
 * the global one's; `undefined` when neither has started.
 */
export async function agreementConfigInForce(db: Kysely<SpaceDatabase>, typeId: number, proprietaryId: number | null, date: string): Promise<Row | undefined> {
  const latest = (proprietary: number | null) => {
    const query = db.selectFrom('agreement_type_configs').selectAll().where('agreement_type_id', '=', typeId).where('since', '<=', date);
    return (proprietary === null ? query.where('proprietary_id', 'is', null) : query.where('proprietary_id', '=', proprietary)).orderBy('since', 'desc').limit(1).executeTakeFirst();
  };
  return (proprietaryId === null ? undefined : await latest(proprietaryId)) ?? (await latest(null));
}
