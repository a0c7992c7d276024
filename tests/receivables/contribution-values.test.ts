/**
 * The contribution's value per year through the API (docs/RECEIVABLES.md §2): one value per
 * contribution, range, category and year — the value without category being one too —, due in its
 * year, greater than zero, of a debt type that is a contribution.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDateOutsideYear } from '../../src/server/features/receivables/contribution-values.js';
import { creator } from '../api/support/bodies.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const TAKEN = 'Já existe um valor desta contribuição para esta faixa, categoria e exercício.';

for (const kind of FEATURE_DATABASE_KINDS) describe(`contribution values [${kind}]`, () => {
  let server: TestServer;
  let api: ReturnType<typeof call>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = call(server, server.adminToken);
    const create = creator(server.model, (url, body) => api('POST', url, body));
    ids.annuity = await create('tipo_debito', { characteristic: 1, denomination: 'Anuidade PF', counting_way: 'M', counting_way_value: 15 });
    ids.tax = await create('tipo_debito', { characteristic: 2, denomination: 'Taxa de inscrição', is_dynamic: true, counting_way: null, counting_way_value: null, proportionality_percent: false, proportionality_entries: [], proportionality_leaves: [] });
    ids.full = await create('faixa_de_contribuicao', { denomination: 'Integral' });
    ids.reduced = await create('faixa_de_contribuicao', { denomination: 'Reduzida' });
    ids.technician = await create('categoria');
  }, 120_000);

  afterAll(async () => server?.close());

  const value = (body: Record<string, unknown>) =>
    api('POST', '/api/valores_contribuicao', { debt_type_id: ids.annuity, year: 2026, contribution_range_id: ids.full, amount: '650.00', due_date: '2026-03-31', ...body });

  it('keeps a value per range and, where it differs, per category, listed by year', async () => {
    const full = await value({});
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    expect(full.body.data).toMatchObject({ year: 2026, amount: '650.00', due_date: '2026-03-31', category_id: null });
    expect((await value({ contribution_range_id: ids.reduced, amount: '325.00' })).status).toBe(201);
    expect((await value({ category_id: ids.technician, amount: '390.00' })).status).toBe(201);
    expect((await value({ year: 2027, amount: '680.00', due_date: '2027-03-31' })).status).toBe(201);
    const listed = await api('GET', '/api/valores_contribuicao?filter=%7B%22year%22%3A2026%7D&per_page=50');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { amount: string }) => row.amount).sort()).toEqual(['325.00', '390.00', '650.00']);
  });

  it('refuses a second value of one contribution, range, category and year, the value without category included', async () => {
    const again = await value({ amount: '700.00' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ year: [TAKEN] });
    expect((await value({ category_id: ids.technician, amount: '400.00' })).body.errors).toEqual({ year: [TAKEN] });
    // Two at once: one is stored, the other told.
    const both = await Promise.all([value({ year: 2028, due_date: '2028-03-31' }), value({ year: 2028, due_date: '2028-03-31' })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 422]);
  });

  it('asks for a due date in the value\'s year, on creation and when an edit moves the year alone', async () => {
    const outside = await value({ year: 2029, due_date: '2028-12-31' });
    expect(outside.status).toBe(422);
    expect(outside.body.errors).toEqual({ due_date: [dueDateOutsideYear(2029)] });
    const made = (await value({ year: 2030, due_date: '2030-03-31' })).body.data;
    const moved = await api('PUT', `/api/valores_contribuicao/${made.id}`, { ...made, year: 2031 });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ due_date: [dueDateOutsideYear(2031)] });
    expect((await api('GET', `/api/valores_contribuicao/${made.id}`)).body.data.year).toBe(2030);
  });

  it('asks for an amount above zero and a debt type that is a contribution', async () => {
    const zero = await value({ year: 2032, due_date: '2032-03-31', amount: '0.00' });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual({ amount: ['O valor deve ser maior que zero.'] });
    const tax = await value({ year: 2032, due_date: '2032-03-31', debt_type_id: ids.tax });
    expect(tax.status).toBe(422);
    expect(Object.keys(tax.body.errors)).toEqual(['debt_type_id']);
  });
});
