/**
 * Debt types and agreement types through the API: a debt type's characteristic configuration
 * (a contribution's counting value in its way's range and its proportionality, a tax's or a
 * forfeit's percentage unless dynamic or from another configuration), its standard discounts one per
 * date, the one combo call of its form; an agreement type's global and per-proprietary
 * configurations (one per proprietary and date, the earlier ones its history, the one in force for a
 * proprietary), the day of the month its instalments start on, one default type, its documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementConfigInForce, CONFIG_REPEATED, DAY_OF_MONTH, defaultTaken, DISCOUNT_INSTALMENTS, DISCOUNTS_GENERAL, DISCOUNTS_REQUIRED, GLOBAL_REQUIRED, INSTALMENTS_REPEATED } from '../../src/server/features/finance/agreement-types.js';
import { COUNTING_VALUE, DATE_REPEATED, PERCENT_REQUIRED, PROPORTIONALITY_OFF } from '../../src/server/features/finance/debt-types.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { multipart, PDF } from '../files/support.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const FORBIDDEN = 'Você não tem permissão para executar esta ação.';
type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`debt types and agreement types [${kind}]`, () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  const ids: Record<string, number> = {};

  const created = async (url: string, body: Row): Promise<Row> => {
    const answer = await api('POST', url, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    const since = '2026-01-01';
    ids.rounding = (await created('/api/configuracao_arredondamento_valor', { denomination: 'Centavos', configs: [{ since, decimal_places_number: 2, rounding_method: 1 }] })).id;
    ids.currency = (await created('/api/moeda', { name: 'Real', plural_name: 'Reais', symbol: 'R$', value_rounding_setting_id: ids.rounding, decimal_places_separator: ',', thousands_separator: '.' })).id;
    ids.sequence = (await created('/api/sequencias', { name: 'Contas de controle', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).id;
    ids.forfeit = (await created('/api/configuracao_atualizacao_multas', { denomination: 'Multa de 2%', configs: [{ since, variable_percentage_rate: false, single_percentage_rate: '2' }] })).id;
    ids.series = (await created('/api/series_indicador', { denomination: 'IPCA', periodicity: 'M' })).id;
    ids.update = (await created('/api/configuracao_atualizacao_valor', { denomination: 'Pelo IPCA', configs: [{ since, indicator_serie_id: ids.series }] })).id;
    ids.interest = (await created('/api/configuracao_atualizacao_juros', { denomination: 'Juros de 1% ao mês', configs: [{ since, capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }] })).id;
    ids.amortization = (await created('/api/configuracao_amortizacao_valor', { denomination: 'Mais antigo primeiro', configs: [{ since, amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }] })).id;
    await created('/api/configuracao_atualizacao_juros', { denomination: 'Juros inativos', inactivated: true, configs: [{ since, capitalization_regime: 1, percentage_rate: '1', capitalization_period: 1 }] });
  }, 120_000);

  afterAll(async () => server?.close());

  const settings = () => ({
    currency_id: ids.currency, debt_control_account_sequence_id: ids.sequence, forfeit_update_setting_id: ids.forfeit,
    value_update_setting_id: ids.update, interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization,
  });
  const debtType = (body: Row) => api('POST', '/api/tipo_debito', { ...settings(), ...body });

  describe('debt types', () => {
    it('asks for the denomination, the characteristic, the currency, the sequence and the four settings', async () => {
      const empty = await api('POST', '/api/tipo_debito', {});
      expect(empty.status).toBe(422);
      expect(Object.keys(empty.body.errors).sort()).toEqual(['amount_amortization_setting_id', 'characteristic', 'currency_id', 'debt_control_account_sequence_id', 'denomination', 'forfeit_update_setting_id', 'interest_update_setting_id', 'value_update_setting_id']);
      expect(empty.body.errors.currency_id).toEqual(['O campo Moeda é obrigatório.']);
    });

    it('keeps a contribution: its counting way and value in range, its proportionality lists, its discounts one per date', async () => {
      const noWay = await debtType({ denomination: 'Anuidade PF', characteristic: 1 });
      expect(noWay.body.errors).toEqual({ counting_way: ['O campo Forma de contagem é obrigatório.'], counting_way_value: ['O campo Valor da contagem é obrigatório.'] });
      for (const [way, bad, good] of [['S', 8, 7], ['M', 32, 31], ['A', 13, 12]] as const) {
        const refused = await debtType({ denomination: `Contagem ${way}`, characteristic: 1, counting_way: way, counting_way_value: bad });
        expect(refused.body.errors, way).toEqual({ counting_way_value: [COUNTING_VALUE[way].message] });
        const kept = await debtType({ denomination: `Contagem ${way}`, characteristic: 1, counting_way: way, counting_way_value: good });
        expect(kept.status, way).toBe(201);
      }
      const lists = { proportionality_entries: [{ date: '2026-01-01', percentage: '100' }, { date: '2026-07-01', percentage: '50' }], proportionality_leaves: [{ date: '2026-07-01', percentage: '50' }] };
      const notProportional = await debtType({ denomination: 'Anuidade PF', characteristic: 1, counting_way: 'A', counting_way_value: 3, ...lists });
      expect(notProportional.body.errors).toEqual({ proportionality_entries: [PROPORTIONALITY_OFF], proportionality_leaves: [PROPORTIONALITY_OFF] });
      const twice = await debtType({
        denomination: 'Anuidade PF', characteristic: 1, counting_way: 'A', counting_way_value: 3, proportionality_percent: true, ...lists,
        standard_discounts: [{ date: '2026-01-31', percentage: '10' }, { date: '2026-01-31', percentage: '5' }],
      });
      expect(twice.body.errors).toEqual({ 'standard_discounts.1.date': [DATE_REPEATED] });
      const made = await debtType({
        denomination: 'Anuidade PF', characteristic: 1, counting_way: 'A', counting_way_value: 3, proportionality_percent: true, succumbence: false, allow_change_value: true,
        allow_create_without_confirmation: true, start_date: '2026-01-01', end_date: '2026-12-31', ...lists,
        standard_discounts: [{ date: '2026-01-31', percentage: '10' }, { date: '2026-02-28', percentage: '5.5' }],
        // A forfeit's and a tax's fields are hidden for a contribution: stored as null whatever is sent.
        percent_value: '7', is_dynamic: true,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const shown = (await api('GET', `/api/tipo_debito/${made.body.data.id}`)).body.data;
      expect(shown).toMatchObject({ characteristic: 1, counting_way: 'A', counting_way_value: 3, proportionality_percent: true, allow_change_value: true, percent_value: null, is_dynamic: null, start_date: '2026-01-01', end_date: '2026-12-31' });
      expect(shown.standard_discounts.map((row: Row) => [row.date, row.percentage])).toEqual([['2026-01-31', '10.00'], ['2026-02-28', '5.50']]);
      expect(shown.proportionality_entries.map((row: Row) => [row.date, row.percentage])).toEqual([['2026-01-01', '100.00'], ['2026-07-01', '50.00']]);
      expect(shown.proportionality_leaves).toHaveLength(1);
      const edit = (body: Row) => api('PUT', `/api/tipo_debito/${shown.id}`, { ...shown, ...body });
      const ended = await edit({ end_date: '2025-12-31' });
      expect(ended.body.errors).toEqual({ end_date: ['A data inicial não pode ser posterior à data final.'] });
      // An edit that turns the proportionality off must drop its lists too.
      const off = await edit({ proportionality_percent: false, proportionality_leaves: [] });
      expect(off.body.errors).toEqual({ proportionality_entries: [PROPORTIONALITY_OFF] });
      expect((await edit({ proportionality_percent: false, proportionality_entries: [], proportionality_leaves: [] })).status).toBe(200);
    });

    it('asks a tax for its percentage unless its value is dynamic, and a forfeit unless it comes from another configuration', async () => {
      expect((await debtType({ denomination: 'Taxa de certidão', characteristic: 2 })).body.errors).toEqual({ percent_value: [PERCENT_REQUIRED] });
      const dynamic = await debtType({ denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true, counting_way: 'D', counting_way_value: 1 });
      expect(dynamic.status).toBe(201);
      expect(dynamic.body.data).toMatchObject({ is_dynamic: true, percent_value: null, counting_way: null, counting_way_value: null, is_from_another_config: null });
      const tax = await debtType({ denomination: 'Taxa de inscrição', characteristic: 2, is_dynamic: false, percent_value: '12.12345678' });
      expect(tax.body.data.percent_value).toBe('12.12345678');
      expect((await debtType({ denomination: 'Taxa alta', characteristic: 2, percent_value: '100.00000001' })).body.errors).toEqual({ percent_value: [expect.stringContaining('Porcentagem (%)')] });

      expect((await debtType({ denomination: 'Multa eleitoral', characteristic: 3 })).body.errors).toEqual({ percent_value: [PERCENT_REQUIRED] });
      expect((await debtType({ denomination: 'Multa eleitoral', characteristic: 3, is_from_another_config: true })).body.errors).toEqual({ config_id: ['O campo Configuração da multa é obrigatório.'] });
      const fromOther = await debtType({ denomination: 'Multa eleitoral', characteristic: 3, is_from_another_config: true, config_id: ids.forfeit });
      expect(fromOther.body.data).toMatchObject({ characteristic: 3, is_from_another_config: true, config_id: ids.forfeit, percent_value: null });
      const ownRate = await debtType({ denomination: 'Multa por infração', characteristic: 3, is_from_another_config: false, percent_value: '20' });
      expect(ownRate.body.data).toMatchObject({ is_from_another_config: false, config_id: null, percent_value: '20.00000000' });
      // A tax made a forfeit keeps its percentage, and needs it.
      const retyped = await api('PUT', `/api/tipo_debito/${dynamic.body.data.id}`, { ...dynamic.body.data, characteristic: 3 });
      expect(retyped.body.errors).toEqual({ percent_value: [PERCENT_REQUIRED] });
    });

    it('answers the currency, the sequence and the four settings of its form in one combo call, active records only', async () => {
      const combos = await api('GET', '/api/tipo_debito/combos_formulario');
      expect(combos.status).toBe(200);
      const names = (field: string) => combos.body.data[field].map((option: Row) => option.name);
      expect(Object.keys(combos.body.data).sort()).toEqual(['amount_amortization_setting_id', 'currency_id', 'debt_control_account_sequence_id', 'forfeit_update_setting_id', 'interest_update_setting_id', 'value_update_setting_id']);
      expect(names('currency_id')).toEqual(['R$ - Real']);
      expect(names('debt_control_account_sequence_id')).toEqual(['Contas de controle']);
      expect(names('forfeit_update_setting_id')).toEqual(['Multa de 2%']);
      expect(names('value_update_setting_id')).toEqual(['Pelo IPCA']);
      expect(names('interest_update_setting_id')).toEqual(['Juros de 1% ao mês']);
      expect(names('amount_amortization_setting_id')).toEqual(['Mais antigo primeiro']);
      const clerk = await userWith(server, [{ name: 'debtType.index' }]);
      expect((await call(server, clerk.token)('GET', '/api/tipo_debito/combos_formulario')).status).toBe(200);
      const other = await userWith(server, [{ name: 'agreementType.index' }]);
      expect(await call(server, other.token)('GET', '/api/tipo_debito/combos_formulario')).toEqual({ status: 403, body: { message: FORBIDDEN } });
    });
  });

  describe('agreement types', () => {
    let party: number;
    beforeAll(async () => {
      const type = await server.db.selectFrom('party_types').select('id').where('code', '=', 'pessoa_juridica').executeTakeFirstOrThrow();
      party = Number((await server.db.insertInto('parties').values({ name: 'Construtora Alfa Ltda', behave_like: 2, party_type_id: type.id }).returning('id').executeTakeFirstOrThrow()).id);
    });

    const config = (body: Row = {}) => ({
      since: '2026-01-01', starting_instalments_form_definition: 1, starting_instalments_form_value: 30, can_start_next_month: false,
      agreement_interest_update_setting_id: ids.interest, moratorium_interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization,
      value_update_setting_id: ids.update, forfeit_update_setting_id: ids.forfeit, ...body,
    });
    const agreementType = (body: Row) => api('POST', '/api/tipo_acordo', { agreement_control_account_sequence_id: ids.sequence, installment_control_account_sequence_id: ids.sequence, ...body });

    it('asks for the sequences and a global configuration with its required fields', async () => {
      const empty = await api('POST', '/api/tipo_acordo', { denomination: 'Sem nada', configs: [{}] });
      expect(Object.keys(empty.body.errors).sort()).toEqual([
        'agreement_control_account_sequence_id', 'configs.0.agreement_interest_update_setting_id', 'configs.0.amount_amortization_setting_id',
        'configs.0.forfeit_update_setting_id', 'configs.0.moratorium_interest_update_setting_id', 'configs.0.since', 'configs.0.starting_instalments_form_value',
        'configs.0.value_update_setting_id', 'installment_control_account_sequence_id',
      ]);
      const onlySpecific = await agreementType({ denomination: 'Só específica', configs: [config({ proprietary_id: party })] });
      expect(onlySpecific.body.errors).toEqual({ configs: [GLOBAL_REQUIRED] });
    });

    it('keeps one configuration per proprietary and date, the earlier ones as history, and answers the one in force for a proprietary', async () => {
      const repeated = await agreementType({ denomination: 'Parcelamento', configs: [config(), config({ proprietary_id: party }), config({ proprietary_id: party, maximum_instalments_amount: 3 })] });
      expect(repeated.body.errors).toEqual({ 'configs.2.since': [CONFIG_REPEATED] });
      const dayOfMonth = await agreementType({ denomination: 'Parcelamento', configs: [config({ starting_instalments_form_definition: 2, starting_instalments_form_value: 32 })] });
      expect(dayOfMonth.body.errors).toEqual({ 'configs.0.starting_instalments_form_value': [DAY_OF_MONTH] });
      const discount = await agreementType({ denomination: 'Parcelamento', configs: [config({ maximum_instalments_amount: 6, max_installment_amount_for_discount: 7 })] });
      expect(discount.body.errors).toEqual({ 'configs.0.max_installment_amount_for_discount': [DISCOUNT_INSTALMENTS] });
      const breaking = await agreementType({ denomination: 'Parcelamento', configs: [config({ break_agreement_conditions: 2 })] });
      expect(breaking.body.errors).toEqual({ 'configs.0.break_agreement_condition_value': ['O campo Dias ou parcelas para a quebra é obrigatório.'] });

      // Discounts by number of instalments: a list of them, one per number, and none for a general discount.
      expect((await agreementType({ denomination: 'Parcelamento', configs: [config({ discount_application_type: 2 })] })).body.errors).toEqual({ 'configs.0.instalment_discounts': [DISCOUNTS_REQUIRED] });
      const rows = [{ instalments: 3, interest_percentage_discount: '100', forfeit_percentage_discount: '100' }, { instalments: 3, interest_percentage_discount: '50', forfeit_percentage_discount: '50' }];
      expect((await agreementType({ denomination: 'Parcelamento', configs: [config({ discount_application_type: 2, instalment_discounts: rows })] })).body.errors).toEqual({ 'configs.0.instalment_discounts.1.instalments': [INSTALMENTS_REPEATED] });
      expect((await agreementType({ denomination: 'Parcelamento', configs: [config({ discount_application_type: 1, instalment_discounts: rows.slice(0, 1) })] })).body.errors).toEqual({ 'configs.0.instalment_discounts': [DISCOUNTS_GENERAL] });

      const made = await agreementType({
        denomination: 'Parcelamento', default: true, selfservice_available: true, start_date: '2026-01-01', sequence_id: ids.sequence,
        configs: [
          config({ maximum_instalments_amount: 12, minimum_instalment_value: '100,00', discount_application_type: 1, interest_percentage_discount: '50', forfeit_percentage_discount: '100', max_installment_amount_for_discount: 6, interest_percentage: '1', forfeit_percentage: '2', break_agreement_conditions: 2, break_agreement_condition_value: 3, installment_may_exceed_current_year: true, can_change_instalments_dates: true }),
          config({ since: '2026-07-01', maximum_instalments_amount: 10, discount_application_type: 2, interest_percentage_discount: '10', instalment_discounts: [{ instalments: 1, interest_percentage_discount: '100', forfeit_percentage_discount: '100' }, { instalments: 6, interest_percentage_discount: '50', forfeit_percentage_discount: '25.5' }] }),
          config({ proprietary_id: party, since: '2026-03-01', maximum_instalments_amount: 24, starting_instalments_form_definition: 2, starting_instalments_form_value: 10 }),
        ],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const shown = (await api('GET', `/api/tipo_acordo/${made.body.data.id}`)).body.data;
      expect(shown).toMatchObject({ default: true, selfservice_available: true, sequence_id: ids.sequence });
      expect(shown.configs[0]).toMatchObject({ proprietary_id: null, minimum_instalment_value: '100.00', interest_percentage_discount: '50.00', forfeit_percentage_discount: '100.00', break_agreement_condition_value: 3, installment_may_exceed_current_year: true });
      // By number of instalments, the general discounts are hidden (stored null) and the rows kept.
      expect(shown.configs[1]).toMatchObject({ discount_application_type: 2, interest_percentage_discount: null });
      expect(shown.configs[1].instalment_discounts.map((row: Row) => [row.instalments, row.interest_percentage_discount, row.forfeit_percentage_discount])).toEqual([[1, '100.00', '100.00'], [6, '50.00', '25.50']]);
      const typeId = shown.id;
      const maxOn = async (proprietary: number | null, date: string) => (await agreementConfigInForce(server.db, typeId, proprietary, date))?.maximum_instalments_amount;
      expect(await maxOn(null, '2025-12-31')).toBeUndefined();
      expect(await maxOn(null, '2026-06-30')).toBe(12);
      expect(await maxOn(null, '2026-07-01')).toBe(10);
      expect(await maxOn(party, '2026-02-28')).toBe(12);
      expect(await maxOn(party, '2026-03-01')).toBe(24);
      expect(await maxOn(party, '2026-08-01')).toBe(24);

      // A new configuration keeps the others: the history grows.
      const grown = await api('PUT', `/api/tipo_acordo/${typeId}`, { ...shown, configs: [...shown.configs, config({ proprietary_id: party, since: '2026-09-01', maximum_instalments_amount: 18 })] });
      expect(grown.status, JSON.stringify(grown.body)).toBe(200);
      expect(grown.body.data.configs.map((row: Row) => [row.proprietary_id, row.since])).toEqual([[null, '2026-01-01'], [null, '2026-07-01'], [party, '2026-03-01'], [party, '2026-09-01']]);
      expect(await maxOn(party, '2026-09-01')).toBe(18);

      const second = await agreementType({ denomination: 'Parcelamento curto', default: true, configs: [config()] });
      expect(second.body.errors).toEqual({ default: [defaultTaken('Parcelamento')] });
      expect((await agreementType({ denomination: 'Parcelamento curto', configs: [config()] })).status).toBe(201);
      expect((await api('PUT', `/api/tipo_acordo/${typeId}`, { ...grown.body.data, selfservice_available: false })).status).toBe(200);
    });

    it('keeps documents attached to an agreement type', async () => {
      const type = await created('/api/tipo_documento', { denomination: `Resolução ${kind}`, accepted_extensions: ['pdf'], metadata: [{ name: 'Número', type: 'integer', required: true }] });
      const agreement = (await agreementType({ denomination: 'Com documento', configs: [config()] })).body.data;
      const body = multipart('resolucao.pdf', PDF);
      const upload = await server.app.inject({ method: 'POST', url: '/api/documento/files/document', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      expect(upload.statusCode, upload.body).toBe(201);
      const stored = await api('POST', `/api/tipo_acordo/${agreement.id}/documents/store`, { documents: [{ document_type_id: type.id, name: 'Resolução do parcelamento', date: '2026-03-03', document: upload.json().data.id, metadata: [{ id: type.metadata[0].id, value: 1066 }] }] });
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      const listed = await api('GET', `/api/tipo_acordo/${agreement.id}/documents`);
      expect(listed.body.data.map((row: Row) => row.name)).toEqual(['Resolução do parcelamento']);
    });
  });
});
