import type { FastifyInstance } from 'fastify';
import type { Model } from '../../../../language/index.js';
import type { SpaceDatabase } from '../../../../generated/database.js';
import { invalid } from '../../core/http/app-error.js';
import { dataAnswer, integer, text } from '../../../shared/contracts/parts.js';
import type { ContractTypes } from '../../core/http/route-contracts.js';
import { operationAccess } from '../../core/resources/access.js';
import { listCombos, type ComboAnswer } from '../../core/resources/combos.js';
import { valueAfter as valueOf, type ModuleHooks } from '../../core/resources/hooks.js';

type Row = Record<string, unknown>;

export const CONTRIBUTION = 1;
export const TAX = 2;
export const FORFEIT = 3;

/** The range of a contribution's counting value per counting way, and the message out of it. */
export const COUNTING_VALUE: Record<string, { max: number; message: string }> = {
  D: { max: 36500, message: 'Na contagem diária, informe o número de dias (1 a 36500).' },
  S: { max: 7, message: 'Na contagem semanal, informe o dia da semana (1 segunda-feira a 7 domingo).' },
  M: { max: 31, message: 'Na contagem mensal, informe o dia do mês (1 a 31).' },
  A: { max: 12, message: 'Na contagem anual, informe o mês (1 a 12).' },
};
export const PERCENT_REQUIRED = 'O campo Porcentagem (%) é obrigatório.';
export const PROPORTIONALITY_OFF = 'Marque a proporcionalidade de uma contribuição para informar as suas porcentagens.';
export const DATE_REPEATED = 'Já existe uma linha nesta data.';


/**
 * A debt type's characteristic configuration (docs/FINANCE.md 'Debt types'): a contribution's
 * counting value within its counting way's range; a tax's percentage unless its value is dynamic, a
 * forfeit's unless it comes from another configuration; the proportionality lists of a proportional
 * contribution only; one row per date in each dated list (standard discounts, proportionality).
 */
export const debtTypeRules: ModuleHooks<SpaceDatabase> = {
  beforeWrite(_trx, { body, previous }) {
    const errors: Record<string, string[]> = {};
    const characteristic = Number(valueOf(body, previous, 'characteristic'));
    if (characteristic === CONTRIBUTION) {
      const way = valueOf(body, previous, 'counting_way');
      const value = valueOf(body, previous, 'counting_way_value');
      const range = typeof way === 'string' ? COUNTING_VALUE[way] : undefined;
      if (range && typeof value === 'number' && value > range.max) errors.counting_way_value = [range.message];
    }
    const percent = valueOf(body, previous, 'percent_value');
    const percentMissing = percent === null || percent === undefined || percent === '';
    if (characteristic === TAX && valueOf(body, previous, 'is_dynamic') !== true && percentMissing) errors.percent_value = [PERCENT_REQUIRED];
    if (characteristic === FORFEIT && valueOf(body, previous, 'is_from_another_config') !== true && percentMissing) errors.percent_value = [PERCENT_REQUIRED];
    const proportional = characteristic === CONTRIBUTION && valueOf(body, previous, 'proportionality_percent') === true;
    for (const list of ['proportionality_entries', 'proportionality_leaves']) {
      const rows = (Array.isArray(body[list]) ? body[list] : []) as Row[];
      if (rows.length && !proportional) errors[list] = [PROPORTIONALITY_OFF];
    }
    for (const list of ['proportionality_entries', 'proportionality_leaves', 'standard_discounts']) oneRowPerDate(body[list], list, errors);
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

function oneRowPerDate(rows: unknown, list: string, errors: Record<string, string[]>): void {
  if (!Array.isArray(rows)) return;
  const seen = new Set<string>();
  for (const [i, row] of (rows as Row[]).entries()) {
    const date = typeof row?.date === 'string' ? row.date : undefined;
    if (date === undefined) continue;
    if (seen.has(date)) errors[`${list}.${i}.date`] = [DATE_REPEATED];
    seen.add(date);
  }
}

/** The references of a debt type's form that one call answers: its field → the module it names. */
export const DEBT_TYPE_COMBOS = {
  currency_id: 'moeda',
  debt_control_account_sequence_id: 'sequencias',
  forfeit_update_setting_id: 'configuracao_atualizacao_multas',
  value_update_setting_id: 'configuracao_atualizacao_valor',
  interest_update_setting_id: 'configuracao_atualizacao_juros',
  amount_amortization_setting_id: 'configuracao_amortizacao_valor',
} as const;

/**
 * `GET /api/tipo_debito/combos_formulario`: the options of the currency, the control-account
 * sequence and the four settings of a debt type's form in one answer (spec 002 §3), keyed by the
 * form's field, each list the one the referenced module's own combo answers (active records).
 */
const comboFields = ['currency_id', 'debt_control_account_sequence_id', 'forfeit_update_setting_id', 'value_update_setting_id', 'interest_update_setting_id', 'amount_amortization_setting_id'] as const;
const options = { type: 'array', items: { type: 'object', properties: { id: integer, name: text }, required: ['id', 'name'] } } as const;
const formCombos = {
  tags: ['tipo_debito'],
  // A field whose module the model lacks is left out.
  summary: 'As opções da moeda, da sequência das contas de controle e das quatro configurações do formulário de um tipo de débito numa chamada, por campo, cada lista a do combo do módulo citado (registros ativos; permissão `debtType.index`, `.show`, `.store` ou `.update`; docs/FINANCE.md)',
  response: { 200: dataAnswer('OK', { type: 'object', properties: Object.fromEntries(comboFields.map((field) => [field, options])) }) },
  errors: ['401', '403'],
} as const;

export async function debtTypeRoutes(app: FastifyInstance, options: { model: Model }) {
  const entity = options.model.byModule.get('tipo_debito');
  if (!entity) return;
  const allow = operationAccess(options.model, app.resources);
  app.withTypeProvider<ContractTypes>().get('/api/tipo_debito/combos_formulario', { schema: formCombos }, async (request) => {
    const { db } = allow(request, entity, 'list', 'index', 'show', 'store', 'update');
    const data: Record<string, ComboAnswer['data']> = {};
    for (const [field, module] of Object.entries(DEBT_TYPE_COMBOS)) {
      const referenced = options.model.byModule.get(module);
      if (referenced) data[field] = (await listCombos(db, referenced, {})).data;
    }
    return { data };
  });
}
