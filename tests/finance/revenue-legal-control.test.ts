/**
 * The revenue setting, legal bases, generator facts and control accounts through the API: the
 * revenue settings' list carries the one in force today (`current_config`), which changes on its
 * `since` date; one setting per date; a legal base item's document and its extension, the revenue
 * events it enables from the seeded catalogue; a generator fact's events among its legal base's;
 * control accounts read only, with the accounts related to one, and the demo rows of SEED_DEMO=1.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NOT_ENABLED } from '../../src/server/features/finance/legal-bases.js';
import { councilToday, revenueSettingInForce } from '../../src/server/features/finance/revenue-settings.js';
import { NOT_OFFERED } from '../../src/server/core/resources/routes.js';
import { seedControlAccounts } from '../../src/server/core/seed/demo.js';
import { insertMissing } from '../../src/server/core/seed/insert.js';
import { LOOKUP_VALUES } from '../../src/server/core/seed/lookups.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { multipart, PDF } from '../files/support.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) describe(`revenue setting, legal bases and control accounts [${kind}]`, () => {
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
    const since = '2020-01-01';
    ids.rounding = (await created('/api/configuracao_arredondamento_valor', { denomination: 'Centavos', configs: [{ since, decimal_places_number: 2, rounding_method: 1 }] })).id;
    ids.currency = (await created('/api/moeda', { name: 'Real', plural_name: 'Reais', symbol: 'R$', value_rounding_setting_id: ids.rounding, decimal_places_separator: ',', thousands_separator: '.' })).id;
    ids.sequence = (await created('/api/sequencias', { name: 'Contas de controle', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false })).id;
    ids.forfeit = (await created('/api/configuracao_atualizacao_multas', { denomination: 'Multa de 2%', configs: [{ since, variable_percentage_rate: false, single_percentage_rate: '2' }] })).id;
    ids.series = (await created('/api/series_indicador', { denomination: 'IPCA', periodicity: 'M' })).id;
    ids.update = (await created('/api/configuracao_atualizacao_valor', { denomination: 'Pelo IPCA', configs: [{ since, indicator_serie_id: ids.series }] })).id;
    ids.interest = (await created('/api/configuracao_atualizacao_juros', { denomination: 'Juros de 1% ao mês', configs: [{ since, capitalization_regime: 1, percentage_rate: '1', capitalization_period: 2 }] })).id;
    ids.amortization = (await created('/api/configuracao_amortizacao_valor', { denomination: 'Mais antigo primeiro', configs: [{ since, amortization_amount_priority: 1, main_feature: 1, amortization_agreement_interest: 1 }] })).id;
    const settings = { currency_id: ids.currency, debt_control_account_sequence_id: ids.sequence, forfeit_update_setting_id: ids.forfeit, value_update_setting_id: ids.update, interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization };
    ids.annuity = (await created('/api/tipo_debito', { ...settings, denomination: 'Anuidade', characteristic: 1, counting_way: 'A', counting_way_value: 3 })).id;
    ids.tax = (await created('/api/tipo_debito', { ...settings, denomination: 'Taxa de certidão', characteristic: 2, is_dynamic: true })).id;
    ids.agreement = (await created('/api/tipo_acordo', {
      denomination: 'Parcelamento', agreement_control_account_sequence_id: ids.sequence, installment_control_account_sequence_id: ids.sequence,
      configs: [{ since, starting_instalments_form_definition: 1, starting_instalments_form_value: 30, can_start_next_month: false, agreement_interest_update_setting_id: ids.interest, moratorium_interest_update_setting_id: ids.interest, amount_amortization_setting_id: ids.amortization, value_update_setting_id: ids.update, forfeit_update_setting_id: ids.forfeit }],
    })).id;
  }, 120_000);

  afterAll(async () => server?.close());

  const revenue = (body: Row) => api('POST', '/api/configuracao_arrecadacao', {
    default_currency_id: ids.currency, balance_totalization_assembly_combination: 1, default_value_rounding_setting_id: ids.rounding, default_value_update_setting_id: ids.update,
    default_interest_update_setting_id: ids.interest, default_forfeit_update_setting_id: ids.forfeit, default_amount_amortization_setting_id: ids.amortization, default_agreement_type_id: ids.agreement, ...body,
  });

  describe('revenue setting', () => {
    it('asks for the date, the currency, the combination, the five settings and the agreement type; the current contribution is a contribution', async () => {
      const empty = await api('POST', '/api/configuracao_arrecadacao', {});
      expect(Object.keys(empty.body.errors).sort()).toEqual([
        'balance_totalization_assembly_combination', 'default_agreement_type_id', 'default_amount_amortization_setting_id', 'default_currency_id', 'default_forfeit_update_setting_id',
        'default_interest_update_setting_id', 'default_value_rounding_setting_id', 'default_value_update_setting_id', 'since',
      ]);
      expect((await revenue({ since: '2020-01-01', balance_totalization_assembly_combination: 4 })).body.errors).toHaveProperty('balance_totalization_assembly_combination');
      const tax = await revenue({ since: '2020-01-01', current_contribution_id: ids.tax });
      expect(tax.body.errors).toEqual({ current_contribution_id: ['O registro selecionado não está entre as opções permitidas para o campo Contribuição corrente.'] });
      const combo = await api('GET', '/api/tipo_debito/combos?combo=contribuicoes');
      expect(combo.body.data.map((option: Row) => option.name)).toEqual(['Anuidade']);
    });

    it('answers the setting in force today as current_config, which changes on its since date, one setting per date', async () => {
      expect((await api('GET', '/api/configuracao_arrecadacao')).body).toMatchObject({ data: [], current_config: null });
      const first = await revenue({ since: '2026-01-01', current_contribution_id: ids.annuity });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      const second = await revenue({ since: '2026-07-01', balance_totalization_assembly_combination: 3, credit_difference_paind_in_exit: true });
      expect(second.status).toBe(201);
      expect((await revenue({ since: '2026-07-01' })).body.errors).toEqual({ since: ['Já existe uma configuração de arrecadação a partir desta data.'] });
      const inactive = await revenue({ since: '2026-09-01', inactivated: true });
      expect(inactive.status).toBe(201);

      const inForce = (day: string) => revenueSettingInForce(server.db as Kysely<any>, day);
      expect(await inForce('2025-12-31')).toBeUndefined();
      expect(await inForce('2026-01-01')).toBe(first.body.data.id);
      expect(await inForce('2026-06-30')).toBe(first.body.data.id);
      expect(await inForce('2026-07-01')).toBe(second.body.data.id);
      // An inactivated setting is never in force: the July one stays.
      expect(await inForce('2026-12-01')).toBe(second.body.data.id);

      // The list's current_config is the one in force on the council's today: a setting dated today replaces it at once, one dated tomorrow waits.
      const current = async () => {
        const list = await api('GET', '/api/configuracao_arrecadacao');
        expect(list.status).toBe(200);
        return list.body.current_config;
      };
      const today = councilToday();
      const tomorrow = councilToday(new Date(Date.now() + 86_400_000));
      const yesterday = councilToday(new Date(Date.now() - 86_400_000));
      expect(today > '2026-09-01').toBe(true);
      expect(await current()).toMatchObject({ id: second.body.data.id, since: '2026-07-01', balance_totalization_assembly_combination: 3, credit_difference_paind_in_exit: true });
      const older = await revenue({ since: yesterday, balance_totalization_assembly_combination: 2 });
      expect((await current()).id).toBe(older.body.data.id);
      const todays = await revenue({ since: today, current_contribution_id: ids.annuity, generate_proportional_current_contribution_in_exit: true, control_entry_consolidation_date: today });
      expect(todays.status, JSON.stringify(todays.body)).toBe(201);
      expect(await current()).toMatchObject({ id: todays.body.data.id, since: today, current_contribution_id: ids.annuity, generate_proportional_current_contribution_in_exit: true, default_agreement_type_id: ids.agreement });
      expect((await revenue({ since: tomorrow, balance_totalization_assembly_combination: 3 })).status).toBe(201);
      expect((await current()).id).toBe(todays.body.data.id);
      expect(await inForce(tomorrow)).not.toBe(todays.body.data.id);
    });
  });

  describe('legal bases and generator facts', () => {
    let events: Map<string, number>;
    beforeAll(async () => {
      expect(await insertMissing(server.db, 'revenue_events', LOOKUP_VALUES.revenue_events.map((denomination) => ({ denomination })))).toBe(LOOKUP_VALUES.revenue_events.length);
      const combo = await api('GET', '/api/eventos_arrecadacao/combos');
      events = new Map(combo.body.data.map((option: Row) => [option.name, option.id]));
    });

    const upload = async (name = 'resolucao.pdf') => {
      const body = multipart(name, PDF);
      const response = await server.app.inject({ method: 'POST', url: '/api/itens_base_legal/files/legal_base_document', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as string;
    };

    it('serves the catalogue of revenue events read only', async () => {
      expect([...events.keys()]).toContain('Anuidade de pessoa física');
      expect(events.size).toBe(10);
      expect(await api('POST', '/api/eventos_arrecadacao', { denomination: 'Outro' })).toEqual({ status: 405, body: { message: NOT_OFFERED } });
    });

    it('keeps a legal base item with its document, the extension of its type, and the events it enables', async () => {
      const empty = await api('POST', '/api/itens_base_legal', {});
      expect(Object.keys(empty.body.errors).sort()).toEqual(['denomination', 'legal_base_document', 'legal_base_document_name']);
      const item = await created('/api/itens_base_legal', {
        denomination: 'Lei das anuidades', description: 'Fixa as anuidades dos conselhos.', legal_base_document_name: 'Lei nº 12.514/2011',
        legal_base_document: await upload('lei-12514.pdf'), revenue_events: [events.get('Anuidade de pessoa física'), events.get('Anuidade de pessoa jurídica')],
      });
      expect(item.legal_base_document_extension).toBe('pdf');
      expect(item.legal_base_document).toMatchObject({ name: 'lei-12514.pdf', content_type: 'application/pdf' });
      const file = await server.app.inject({ method: 'GET', url: `/api/itens_base_legal/${item.id}/files/legal_base_document`, headers: { authorization: `Bearer ${server.adminToken}` } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      ids.legalBase = item.id;
    });

    it('keeps a generator fact with its legal base and the events it enables among the legal base\'s', async () => {
      const annuity = events.get('Anuidade de pessoa física')!;
      const election = events.get('Multa eleitoral')!;
      expect((await api('POST', '/api/fato_gerador', { denomination: 'Registro ativo', enabled_events: [annuity] })).body.errors).toEqual({ legal_base_document_id: ['Escolha a base legal que habilita os eventos.'] });
      const outside = await api('POST', '/api/fato_gerador', { denomination: 'Registro ativo', legal_base_document_id: ids.legalBase, enabled_events: [annuity, election] });
      expect(outside.body.errors).toEqual({ enabled_events: [EVENT_NOT_ENABLED] });
      const fact = await created('/api/fato_gerador', { denomination: 'Registro ativo', description: 'Profissional com registro ativo em 1º de janeiro.', legal_base_document_id: ids.legalBase, enabled_events: [annuity] });
      const shown = (await api('GET', `/api/fato_gerador/${fact.id}`)).body.data;
      expect(shown).toMatchObject({ legal_base_document_id: ids.legalBase, enabled_events: [annuity], legal_base_document_name: 'Lei nº 12.514/2011', legal_base_document_extension: 'pdf' });
      expect((await created('/api/fato_gerador', { denomination: 'Sem eventos' })).enabled_events).toEqual([]);
      const listed = (await api('GET', '/api/fato_gerador?sort=denomination')).body.data;
      expect(listed.map((row: Row) => [row.denomination, row.legal_base_document_name])).toEqual([['Registro ativo', 'Lei nº 12.514/2011'], ['Sem eventos', null]]);
    });
  });

  describe('control accounts', () => {
    it('lists and shows control accounts, with those related to one, and refuses every write', async () => {
      expect(await seedControlAccounts(server.db)).toBe(3);
      expect(await seedControlAccounts(server.db)).toBe(0);
      const list = await api('GET', '/api/control_account?sort=formatted_number');
      expect(list.body.data.map((row: Row) => row.formatted_number)).toEqual(['ACO-000001/2026', 'ANU-000001/2025', 'ANU-000002/2026']);
      const agreement = list.body.data[0];
      const shown = (await api('GET', `/api/control_account/${agreement.id}`)).body.data;
      expect(shown.related_control_accounts.map((row: Row) => row.formatted_number)).toEqual(['ANU-000001/2025', 'ANU-000002/2026']);
      expect(shown.custom_field_list).toEqual([expect.objectContaining({ name: 'Parcelas', value: '6' })]);
      expect(shown.balance_histories.map((row: Row) => [row.date, row.balance])).toEqual([['2026-03-10', '1386.40'], ['2026-04-10', '1155.33']]);
      const annuity = (await api('GET', `/api/control_account/${list.body.data[1].id}`)).body.data;
      expect(annuity.related_control_account_id).toBe(agreement.id);

      expect(await api('POST', '/api/control_account', { formatted_number: 'X' })).toEqual({ status: 405, body: { message: NOT_OFFERED } });
      expect((await api('PUT', `/api/control_account/${agreement.id}`, { formatted_number: 'X' })).status).toBe(405);
      expect((await api('DELETE', `/api/control_account/${agreement.id}`)).status).toBe(405);

      const viewer = await userWith(server, [{ name: 'controlAccount.index' }]);
      expect((await call(server, viewer.token)('GET', '/api/control_account')).status).toBe(200);
      expect((await call(server, viewer.token)('GET', `/api/control_account/${agreement.id}`)).status).toBe(403);
      const shower = await userWith(server, [{ name: 'controlAccount.show' }]);
      expect((await call(server, shower.token)('GET', `/api/control_account/${agreement.id}`)).status).toBe(200);
    });
  });
});
