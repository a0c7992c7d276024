/**
 * What the receivables API tests set up through the API itself (docs/RECEIVABLES.md's examples):
 * the settings of the worked examples (rounding 2 places half up, interest 1 % ao mês, forfeit 2 %
 * or none, a series that stays put and the IPCA of B7), a currency, the sequence 'ANU-{numero:6}/{ano}',
 * the revenue setting in force since 2000 (totalisation 2, the annuity as current contribution, the
 * books consolidated up to 31/12/2025), a registration and the annuity's values of 2026.
 */
import { expect } from 'vitest';
import type { Model } from '../../language/index.js';
import { creator } from '../api/support/bodies.js';
import type { call } from '../api/support/server.js';

type Row = Record<string, any>;
export type Api = ReturnType<typeof call>;

export const SINCE = '2000-01-01';
export const CONSOLIDATED = '2025-12-31';

export interface SetUp {
  ids: Record<string, number>;
  /** The registration's party, range and category. */
  registration: { id: number; party_id: number; contribution_range_id: number; category_id: number };
  /** A debt type with the example's settings and its own sequence unless one is given. */
  debtType(body: Row): Promise<number>;
}

export async function created(api: Api, url: string, body: Row): Promise<Row> {
  const answer = await api('POST', url, body);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body.data;
}

type Registration = SetUp['registration'];

/** `registration`: how the space's registration is made (default: a generated one, tests/api/support/bodies.ts). */
export async function setUpReceivables(model: Model, api: Api, options: { registration?: () => Promise<Registration> } = {}): Promise<SetUp> {
  const ids: Record<string, number> = {};
  const since = SINCE;
  ids.rounding = (await created(api, '/api/configuracao_arredondamento_valor', { denomination: 'Centavos', configs: [{ since, decimal_places_number: 2, rounding_method: 1 }] })).id;
  ids.currency = (await created(api, '/api/moeda', { name: 'Real', plural_name: 'Reais', symbol: 'R$', value_rounding_setting_id: ids.rounding, decimal_places_separator: ',', thousands_separator: '.' })).id;
  ids.sequence = (await created(api, '/api/sequencias', { name: 'Anuidades', formatting: 'ANU-{numero:6}/{ano}', number: 0, start: 1, increment: 1, annual_restart: true, auto_numbering: true, has_book: false })).id;
  ids.noForfeit = (await created(api, '/api/configuracao_atualizacao_multas', { denomination: 'Sem multa', configs: [{ since, variable_percentage_rate: false, single_percentage_rate: '0' }] })).id;
  ids.forfeit = (await created(api, '/api/configuracao_atualizacao_multas', { denomination: 'Multa de 2%', configs: [{ since, variable_percentage_rate: false, single_percentage_rate: '2' }] })).id;
  ids.flat = (await created(api, '/api/series_indicador', { denomination: 'Índice constante', periodicity: 'M', histories: [{ date: '2000-01-01', index_number: '1000.00000000' }] })).id;
  ids.ipca = (await created(api, '/api/series_indicador', {
    denomination: 'IPCA', periodicity: 'M', histories: [{ date: '2026-03-31', index_number: '7000.00000000' }, { date: '2026-04-30', index_number: '7031.50000000' }],
  })).id;
  ids.flatUpdate = (await created(api, '/api/configuracao_atualizacao_valor', { denomination: 'Sem correção', configs: [{ since, indicator_serie_id: ids.flat }] })).id;
  ids.ipcaUpdate = (await created(api, '/api/configuracao_atualizacao_valor', { denomination: 'Pelo IPCA', configs: [{ since, indicator_serie_id: ids.ipca }] })).id;
  ids.interest = (await created(api, '/api/configuracao_atualizacao_juros', { denomination: 'Juros de 1% ao mês', configs: [{ since, capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }] })).id;
  ids.amortization = (await created(api, '/api/configuracao_amortizacao_valor', { denomination: 'Mais antigo primeiro', configs: [{ since, amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }] })).id;

  const debtType = async (body: Row) => (await created(api, '/api/tipo_debito', {
    currency_id: ids.currency, debt_control_account_sequence_id: ids.sequence, forfeit_update_setting_id: ids.forfeit, value_update_setting_id: ids.flatUpdate,
    interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization, ...body,
  })).id as number;
  ids.annuity = await debtType({ denomination: 'Anuidade PF', characteristic: 1, counting_way: 'M', counting_way_value: 15, allow_create_without_confirmation: true });

  const registration = await (options.registration ?? (() => generatedRegistration(model, api)))();
  await created(api, '/api/valores_contribuicao', { debt_type_id: ids.annuity, year: 2026, contribution_range_id: registration.contribution_range_id, amount: '650.00', due_date: '2026-03-31' });

  ids.agreement = (await created(api, '/api/tipo_acordo', {
    denomination: 'Parcelamento', agreement_control_account_sequence_id: ids.sequence, installment_control_account_sequence_id: ids.sequence,
    configs: [{ since, starting_instalments_form_definition: 1, starting_instalments_form_value: 30, can_start_next_month: false, agreement_interest_update_setting_id: ids.interest, moratorium_interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization, value_update_setting_id: ids.flatUpdate, forfeit_update_setting_id: ids.forfeit }],
  })).id;
  ids.revenue = (await created(api, '/api/configuracao_arrecadacao', {
    since, default_currency_id: ids.currency, balance_totalization_assembly_combination: 2, default_value_rounding_setting_id: ids.rounding, default_value_update_setting_id: ids.flatUpdate,
    default_interest_update_setting_id: ids.interest, default_forfeit_update_setting_id: ids.forfeit, default_amount_amortization_setting_id: ids.amortization, default_agreement_type_id: ids.agreement,
    current_contribution_id: ids.annuity, control_entry_consolidation_date: CONSOLIDATED,
  })).id;
  return { ids, registration, debtType };
}

async function generatedRegistration(model: Model, api: Api): Promise<Registration> {
  const create = creator(model, (url, body) => api('POST', url, body));
  const id = await create('inscricao');
  const made = create.records!.get(`inscricao:${id}`)!;
  return { id, party_id: Number(made.party_id), contribution_range_id: Number(made.contribution_range_id), category_id: Number(made.category_id) };
}
