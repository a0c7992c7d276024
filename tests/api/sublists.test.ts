/**
 * Sub-lists and many-to-many fields through the API, on a fixture schema (no real schema has a
 * sub-list yet): a contact with telephones (one of them main, each with an optional carrier) and specialties.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases.js';
import { fixtureModel, writeFixtureMigrations, type FixtureMigrations } from './fixtures/model.js';
import { call, startTestServer, type TestServer } from './support/server.js';

const model = fixtureModel();
let migrations: FixtureMigrations;
beforeAll(() => {
  migrations = writeFixtureMigrations(model);
});
afterAll(() => migrations?.remove());

type Telephone = { id?: number; number: string; main?: boolean; carrier_id?: number | null };

for (const kind of DATABASE_KINDS) {
  describe(`sub-lists and many-to-many fields [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let carrier: number;
    let specialties: number[];

    const count = async (table: string) => Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshot = async () => Object.fromEntries(
      await Promise.all(['contacts', 'contact_telephones', 'contacts_specialties', 'audits'].map(async (t) => [t, await count(t)] as const)),
    );
    const createContact = async (name: string, telephones: Telephone[], specialtyIds: number[] = []) => {
      const response = await api('POST', '/api/contatos', { name, telephones, specialties: specialtyIds });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };

    beforeAll(async () => {
      server = await startTestServer(kind, { model, migrations: migrations.set });
      api = call(server, server.adminToken);
      carrier = (await api('POST', '/api/operadoras', { denomination: 'Operadora Sul' })).body.data.id;
      specialties = [];
      for (const denomination of ['Clínica', 'Pediatria', 'Cardiologia']) {
        specialties.push((await api('POST', '/api/especialidades', { denomination })).body.data.id);
      }
    });
    afterAll(() => server?.close());

    it('creates a record with its items and reads them back', async () => {
      const created = await createContact('Ana Souza', [
        { number: '(11) 91234-5678', main: true, carrier_id: carrier },
        { number: '(21) 3333-4444', main: false },
      ], [specialties[1], specialties[0]]);
      expect(created.telephones).toEqual([
        { id: expect.any(Number), number: '(11) 91234-5678', main: true, carrier_id: carrier },
        { id: expect.any(Number), number: '(21) 3333-4444', main: false, carrier_id: null },
      ]);
      expect(created.specialties).toEqual([specialties[0], specialties[1]].sort((a, b) => a - b));
      expect((await api('GET', `/api/contatos/${created.id}`)).body.data).toEqual(created);
    });

    it('updates one item, inserts one and drops one, keeping the ids of those kept', async () => {
      const created = await createContact('Bruno Lima', [
        { number: '(11) 4000-0001', main: true },
        { number: '(11) 4000-0002', main: false },
      ], [specialties[0]]);
      const [kept, dropped] = created.telephones;
      const response = await api('PUT', `/api/contatos/${created.id}`, {
        name: 'Bruno Lima',
        telephones: [{ ...kept, number: '(11) 4000-0009', carrier_id: carrier }, { number: '(31) 5555-6666', main: false }],
        specialties: [specialties[2]],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const telephones = response.body.data.telephones;
      expect(telephones).toHaveLength(2);
      expect(telephones[0]).toEqual({ ...kept, number: '(11) 4000-0009', carrier_id: carrier });
      expect(telephones[1]).toMatchObject({ number: '(31) 5555-6666', main: false });
      expect(telephones[1].id).toBeGreaterThan(dropped.id);
      expect(await server.db.selectFrom('contact_telephones').select('id').where('id', '=', dropped.id).execute()).toEqual([]);
      expect(response.body.data.specialties).toEqual([specialties[2]]);
      expect((await api('GET', `/api/contatos/${created.id}`)).body.data).toEqual(response.body.data);

      const untouched = await api('PUT', `/api/contatos/${created.id}`, { name: 'Bruno de Lima' });
      expect(untouched.body.data).toMatchObject({ name: 'Bruno de Lima', telephones, specialties: [specialties[2]] });
    });

    it('refuses two main items on the sub-list field', async () => {
      const response = await api('POST', '/api/contatos', {
        name: 'Carla', telephones: [{ number: '(11) 4000-0003', main: true }, { number: '(11) 4000-0004', main: true }],
      });
      expect(response).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { telephones: ['Deve haver apenas um telefone principal'] } } });
    });

    it('names a bad item value by its dotted path', async () => {
      const response = await api('POST', '/api/contatos', {
        name: 'Davi', telephones: [{ number: '(11) 4000-0005', main: true }, { number: 'abc', main: false }, {}],
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        'telephones.1.number': ['O campo Número está em formato inválido.'],
        'telephones.2.number': ['O campo Número é obrigatório.'],
      });
      const missingCarrier = await api('POST', '/api/contatos', { name: 'Davi', telephones: [{ number: '(11) 4000-0005', carrier_id: 987654321 }] });
      expect(missingCarrier.body.errors).toEqual({ 'telephones.0.carrier_id': ['O registro selecionado não existe.'] });
      const missingSpecialty = await api('POST', '/api/contatos', { name: 'Davi', specialties: [specialties[0], 987654321] });
      expect(missingSpecialty.body.errors).toEqual({ specialties: ['O registro selecionado não existe.'] });
    });

    it('answers 422 to items of the wrong type, NUL characters and too many items', async () => {
      const before = await snapshot();
      const notObjects = await api('POST', '/api/contatos', { name: 'Hugo', telephones: [1, 'a', null, [1], { number: '(11) 4000-0013', main: 'sim' }] });
      expect(notObjects.status).toBe(422);
      expect(notObjects.body.errors).toEqual({
        'telephones.0': ['O item 1 de Telefones é inválido.'],
        'telephones.1': ['O item 2 de Telefones é inválido.'],
        'telephones.2': ['O item 3 de Telefones é inválido.'],
        'telephones.3': ['O item 4 de Telefones é inválido.'],
        'telephones.4.main': ['O campo Principal é inválido.'],
      });
      const nul = await api('POST', '/api/contatos', { name: 'Hugo', telephones: [{ number: '(11) 4000-0014', carrier_id: carrier }, { number: '(11) 4000\u0000' }] });
      expect(nul.body.errors['telephones.1.number']).toContain('O campo Número contém caracteres inválidos.');
      const item = { number: '(11) 4000-0015', carrier_id: carrier };
      const tooManyItems = await api('POST', '/api/contatos', { name: 'Hugo', telephones: Array.from({ length: 1001 }, () => item) });
      expect(tooManyItems.body.errors).toEqual({ telephones: ['O campo Telefones aceita no máximo 1000 itens.'] });
      const tooManyIds = await api('POST', '/api/contatos', { name: 'Hugo', specialties: Array.from({ length: 1001 }, (_, i) => i + 1) });
      expect(tooManyIds.body.errors).toEqual({ specialties: ['O campo Especialidades aceita no máximo 1000 itens.'] });
      const hugeIds = await api('POST', '/api/contatos', { name: 'Hugo', specialties: [1e300], telephones: [{ ...item, carrier_id: 1e20 }, { id: 1e300, number: '(11) 4000-0016' }] });
      expect(hugeIds.body.errors).toEqual({ specialties: ['O registro selecionado não existe.'], 'telephones.0.carrier_id': ['O registro selecionado não existe.'] });
      expect(await snapshot()).toEqual(before);

      const started = Date.now();
      const full = await api('POST', '/api/contatos', { name: 'Hugo', telephones: Array.from({ length: 1000 }, () => item) });
      expect(full.status).toBe(201);
      expect(full.body.data.telephones).toHaveLength(1000);
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it('writes all or nothing when an item fails inside the transaction', async () => {
      const other = await createContact('Elisa', [{ number: '(11) 4000-0006', main: true }]);
      const before = await snapshot();
      // An item id of another record is found only while the items are written, after the parent row.
      const create = await api('POST', '/api/contatos', {
        name: 'Fábio', telephones: [{ number: '(11) 4000-0007' }, { id: other.telephones[0].id, number: '(11) 4000-0008' }], specialties: [specialties[0]],
      });
      expect(create).toEqual({ status: 422, body: { message: 'Os dados informados são inválidos.', errors: { 'telephones.1.id': ['O registro selecionado não existe.'] } } });
      expect(await snapshot()).toEqual(before);

      const mine = await createContact('Gabriela', [{ number: '(11) 4000-0010', main: true }], [specialties[0]]);
      const stored = await snapshot();
      const update = await api('PUT', `/api/contatos/${mine.id}`, {
        name: 'Gabriela Alterada', specialties: [specialties[1]],
        telephones: [{ number: '(11) 4000-0011' }, { id: other.telephones[0].id, number: '(11) 4000-0012' }],
      });
      expect(update.status).toBe(422);
      expect(update.body.errors).toEqual({ 'telephones.1.id': ['O registro selecionado não existe.'] });
      expect(await snapshot()).toEqual(stored);
      expect((await api('GET', `/api/contatos/${mine.id}`)).body.data).toEqual(mine);
      expect((await api('GET', `/api/contatos/${other.id}`)).body.data).toEqual(other);
    });
  });
}
