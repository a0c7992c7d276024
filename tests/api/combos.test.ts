/**
 * Combos through the API, on PGlite and PostgreSQL: the fields a combo's options carry, named
 * combos with their filter (`combo=`), the users' combo named by name and e-mail, and a long list
 * that says it is not whole (`more: true`) instead of stopping silently at 1,000 options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';
import { writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { exactCombosModel } from './support/exact-combos.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = exactCombosModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

const CITIES = 1_205;

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`combos [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
      for (const [denomination, behave_like] of [['Pessoa', 1], ['Empresa', 2], ['Conselho', 3]] as const) {
        const created = await api('POST', '/api/tipos_parte', { denomination, behave_like });
        ids[denomination] = created.body.data.id;
      }
      const names = Array.from({ length: CITIES }, (_, i) => ({ name: `Cidade ${String(i + 1).padStart(4, '0')}` }));
      await server.db.insertInto('cities').values(names).execute();
    });
    afterAll(() => server?.close());

    it('carries the fields the schema names in each option', async () => {
      const answer = await api('GET', '/api/tipos_parte/combos');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        data: [
          { id: ids.Conselho, name: 'Conselho', behave_like: 3 },
          { id: ids.Empresa, name: 'Empresa', behave_like: 2 },
          { id: ids.Pessoa, name: 'Pessoa', behave_like: 1 },
        ],
      });
    });

    it('serves a named combo with its filter, and still names a filtered-out record asked for by id', async () => {
      const answer = await api('GET', '/api/tipos_parte/combos?combo=sem_instituicao');
      expect(answer.body.data.map((o: { name: string }) => o.name)).toEqual(['Empresa', 'Pessoa']);
      const byId = await api('GET', `/api/tipos_parte/combos?combo=sem_instituicao&id=${ids.Conselho}`);
      expect(byId.body.data).toEqual([{ id: ids.Conselho, name: 'Conselho', behave_like: 3 }]);
    });

    it("refuses on save a record the field's named combo does not offer, and keeps one saved before", async () => {
      const refused = await api('POST', '/api/cotacoes_moedas', { date: '2026-11-02', exchange_rate: '5.1', party_type_id: ids.Conselho });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ party_type_id: ['O registro selecionado não está entre as opções permitidas para o campo Tipo de parte.'] });
      const saved = await api('POST', '/api/cotacoes_moedas', { date: '2026-11-02', exchange_rate: '5.1', party_type_id: ids.Empresa });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      // The party type changes behaviour afterwards: the rate saved with it still saves unchanged.
      await server.db.updateTable('party_types').set({ behave_like: 3 }).where('id', '=', ids.Empresa).execute();
      const edited = await api('PUT', `/api/cotacoes_moedas/${saved.body.data.id}`, { date: '2026-11-03', exchange_rate: '5.2', party_type_id: ids.Empresa });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await server.db.updateTable('party_types').set({ behave_like: 2 }).where('id', '=', ids.Empresa).execute();
      const moved = await api('PUT', `/api/cotacoes_moedas/${saved.body.data.id}`, { date: '2026-11-03', exchange_rate: '5.2', party_type_id: ids.Conselho });
      expect(moved.status).toBe(422);
      expect(Object.keys(moved.body.errors)).toEqual(['party_type_id']);
    });

    it('answers a combo the module does not have with 400 naming the ones it has', async () => {
      const answer = await api('GET', '/api/tipos_parte/combos?combo=todos');
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('O parâmetro combo deve ser um destes: default, sem_instituicao.');
    });

    it('names users by name and e-mail in their nome_email combo', async () => {
      const admin = await server.db.selectFrom('users').select(['id', 'name', 'email']).executeTakeFirstOrThrow();
      const answer = await api('GET', `/api/usuarios/combos?combo=nome_email&id=${admin.id}`);
      expect(answer.body.data).toEqual([{ id: Number(admin.id), name: `${admin.name} - ${admin.email}` }]);
    });

    it('says when more options match than it returns, and typing narrows them to a whole list', async () => {
      const all = await api('GET', '/api/municipios/combos');
      expect(all.body.data).toHaveLength(1000);
      expect(all.body.more).toBe(true);
      const page = await api('GET', '/api/municipios/combos?limit=50');
      expect(page.body.data).toHaveLength(50);
      expect(page.body.more).toBe(true);
      const typed = await api('GET', `/api/municipios/combos?limit=50&filter=${encodeURIComponent('cidade 12')}`);
      expect(typed.body.data.map((o: { name: string }) => o.name)).toEqual(['Cidade 1200', 'Cidade 1201', 'Cidade 1202', 'Cidade 1203', 'Cidade 1204', 'Cidade 1205']);
      expect(typed.body.more).toBeUndefined();
      const last = await api('GET', `/api/municipios/combos?limit=50&filter=${encodeURIComponent('1205')}`);
      expect(last.body).toEqual({ data: [{ id: expect.any(Number), name: 'Cidade 1205' }] });
    });

    it('refuses a limit out of range', async () => {
      for (const limit of ['0', '1001', 'dez']) {
        const answer = await api('GET', `/api/municipios/combos?limit=${limit}`);
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe('O parâmetro limit deve ser um número inteiro de 1 a 1000.');
      }
    });
  });
}
