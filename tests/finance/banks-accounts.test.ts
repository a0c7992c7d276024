/**
 * Banks, checking accounts and covenants through the API: a bank's code of 1 to 4 characters, banks
 * inserted by administrators only, the bank offered as code and name, a covenant's shared
 * percentage from 0.1 to 100 kept exactly, and the banks of the national payment system seeded
 * once from the kept list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankRows, seedBanks } from '../../src/server/core/seed/banks.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';

const FORBIDDEN = 'Você não tem permissão para executar esta ação.';

describe('banks, checking accounts and covenants [pglite]', () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    api = call(server, server.adminToken);
  }, 120_000);

  afterAll(async () => server?.close());

  it('seeds the banks of the national payment system once, Banco do Brasil as 001', async () => {
    const rows = bankRows();
    expect(rows.length).toBeGreaterThan(300);
    expect(rows.every((row) => row.code.length >= 1 && row.code.length <= 4)).toBe(true);
    expect(rows.find((row) => row.code === '001')?.name).toBe('Banco do Brasil S.A.');
    expect(await seedBanks(server.db)).toBe(rows.length);
    expect(await seedBanks(server.db)).toBe(0);
    const combo = await api('GET', '/api/bancos/combos?filter=Banco%20do%20Brasil');
    expect(combo.body.data.map((option: any) => option.name)).toContain('001 - Banco do Brasil S.A.');
  });

  it('asks a bank for a code of 1 to 4 characters, never one another bank has', async () => {
    const bank = (code: string) => api('POST', '/api/bancos', { name: 'Banco do Conselho', code });
    expect((await bank('')).body.errors).toEqual({ code: ['O campo Código é obrigatório.'] });
    expect((await bank('12345')).status).toBe(422);
    expect(Object.keys((await bank('12345')).body.errors)).toEqual(['code']);
    expect((await bank('9991')).status).toBe(201);
    expect((await bank('9991')).body.errors).toEqual({ code: ['Já existe um banco com este código.'] });
  });

  it('lets only administrators insert a bank; others with the bank permissions still edit', async () => {
    const clerk = await userWith(server, ['bank.index', 'bank.show', 'bank.store', 'bank.update'].map((name) => ({ name })));
    const asClerk = call(server, clerk.token);
    const refused = await asClerk('POST', '/api/bancos', { name: 'Banco Novo', code: '9992' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    const made = (await api('POST', '/api/bancos', { name: 'Banco Novo', code: '9992' })).body.data;
    const edited = await asClerk('PUT', `/api/bancos/${made.id}`, { name: 'Banco Renomeado', code: '9992' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.name).toBe('Banco Renomeado');
  });

  it('keeps an account with its bank, agency and account check digits, and a covenant of that account', async () => {
    const bank = (await api('POST', '/api/bancos', { name: 'Banco da Conta', code: '9993' })).body.data;
    const account = await api('POST', '/api/contas_correntes', {
      denomination: 'Conta de arrecadação', bank_id: bank.id, agency_number: '1234', agency_digit: '5', account_number: '000123456', account_digit: 'X',
    });
    expect(account.status).toBe(201);
    expect(account.body.data).toMatchObject({ bank_id: bank.id, agency_number: '1234', agency_digit: '5', account_number: '000123456', account_digit: 'X' });
    expect((await api('POST', '/api/contas_correntes', { denomination: 'Outra', agency_number: '12a4' })).body.errors).toEqual({ agency_number: ['Informe só os números da agência.'] });
    expect((await api('POST', '/api/contas_correntes', {})).body.errors).toEqual({ denomination: ['O campo Denominação é obrigatório.'] });

    const covenant = (body: Record<string, unknown>) =>
      api('POST', '/api/convenios', { denomination: `Cobrança ${Math.random()}`, account_id: account.body.data.id, number: '123456', digit: '7', wallet: '17', bank_rate: '2.35', expiration_date: '2027-12-31', ...body });
    expect((await api('POST', '/api/convenios', {})).body.errors).toMatchObject({
      denomination: ['O campo Denominação é obrigatório.'], account_id: ['O campo Conta corrente é obrigatório.'], number: ['O campo Número é obrigatório.'],
    });
    expect((await covenant({ shared_percentage: '0.09' })).body.errors).toEqual({ shared_percentage: ['O campo Percentual compartilhado deve ser no mínimo 0,1.'] });
    expect((await covenant({ shared_percentage: '100.01' })).body.errors).toEqual({ shared_percentage: ['O campo Percentual compartilhado deve ser no máximo 100.'] });
    // An amount's bound is compared exactly, in either written form.
    expect((await covenant({ bank_rate: '-0.01' })).body.errors).toEqual({ bank_rate: ['O campo Tarifa bancária deve ser no mínimo R$ 0,00.'] });
    expect((await covenant({ bank_rate: '-1,50' })).body.errors).toEqual({ bank_rate: ['O campo Tarifa bancária deve ser no mínimo R$ 0,00.'] });
    for (const [sent, kept] of [['0.1', '0.10'], ['100', '100.00'], ['33.33', '33.33']]) {
      const made = await covenant({ shared_percentage: sent });
      expect(made.status).toBe(201);
      expect((await api('GET', `/api/convenios/${made.body.data.id}`)).body.data).toMatchObject({ shared_percentage: kept, bank_rate: '2.35', account_id: account.body.data.id });
    }
    const accounts = await api('GET', '/api/contas_correntes/combos');
    expect(accounts.body.data).toContainEqual(expect.objectContaining({ id: account.body.data.id, name: 'Conta de arrecadação' }));
  });

  it('refuses to delete an account a covenant holds, naming Convênios', async () => {
    const account = (await api('POST', '/api/contas_correntes', { denomination: 'Conta usada' })).body.data;
    await api('POST', '/api/convenios', { denomination: 'Convênio da conta usada', account_id: account.id, number: '1' });
    const refused = await api('DELETE', `/api/contas_correntes/${account.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Não é possível excluir: o registro é usado em Convênios.');
  });
});
