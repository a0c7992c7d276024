/**
 * Physical persons through the API, on both databases: each one a party kept by the database in the
 * person's own statement; the CPF checked, kept in one written form, unique in the space and found
 * by its digits; the sub-lists saved with the person, all or nothing; the work schedule's rules on
 * the row's own field; the party types the product relies on kept; the user a person signs in as.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { SCHEDULE_MESSAGES } from '../../src/server/services/parties/schedule.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const CPF = '529.982.247-25';
const OTHER_CPF = '111.444.777-35';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`physical persons [${kind}]`, () => {
    let server: TestServer;
    const ids: Record<string, number> = {};
    const admin = () => call(server, server.adminToken);
    const idOf = async (table: string, column: string, value: unknown) =>
      Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);

    /** A person as the form sends it: two phones, an e-mail, an address and a work relation with its schedule. */
    const person = (overrides: Record<string, unknown> = {}) => ({
      name: 'Maria da Silva Souza',
      short_name: 'Maria Souza',
      party_type_id: ids.personType,
      date_birth: '1985-03-14',
      genre_id: ids.genre,
      civil_status_id: ids.civilStatus,
      naturalness_id: ids.city,
      nationality_id: ids.nationality,
      individual_registration: CPF,
      telephones: [
        { area_code: '61', number: '99876-5432', telephone_companies_id: ids.carrier, send_sms: true, main: true },
        { area_code: '61', number: '3322-1100', telephone_companies_id: ids.carrier, send_sms: false, main: false },
      ],
      emails: [{ address: 'maria@example.com', main: true, receive_news: false }],
      addresses: [{ postal_code: '70040-010', street_address: 'SBS Quadra 2', uf_id: ids.uf, city_id: ids.city, address_type_id: ids.addressType, main: true }],
      work_relations: [{
        employer_id: ids.employer, employee_register_id: 'M-1', admission_date: '2020-02-01', technical_manager: true, responsible_sector: false,
        employment_relationship_type_id: ids.relationType, work_regime_id: ids.regime, technical_assignment_id: ids.assignment,
        expedients: [
          { expedient_number: 1, day: 2, start: '08:00', end: '12:00' },
          { expedient_number: 2, day: 2, start: '13:00', end: '18:00' },
        ],
      }],
      ...overrides,
    });

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      ids.personType = await idOf('party_types', 'code', 'pessoa_fisica');
      ids.genre = await idOf('genres', 'denomination', 'Feminino');
      ids.civilStatus = await idOf('civil_statuses', 'denomination', 'Solteiro(a)');
      ids.city = await idOf('cities', 'ibge_code', 5300108);
      ids.uf = await idOf('states', 'initials', 'DF');
      ids.nationality = await idOf('nationalities', 'denomination', 'Brasileira');
      ids.carrier = await idOf('telephone_companies', 'denomination', 'Vivo');
      ids.addressType = await idOf('address_types', 'denomination', 'Residencial');
      ids.relationType = await idOf('employment_relationship_types', 'denomination', 'Empregado');
      ids.regime = await idOf('work_regimes', 'denomination', 'CLT');
      const assignment = await admin()('POST', '/api/atribuicoes_tecnicas', { denomination: 'Projeto estrutural' });
      expect(assignment.status, JSON.stringify(assignment.body)).toBe(201);
      ids.assignment = assignment.body.data.id;
      // A company to work for, until legal entities have their screens: a party that behaves as one.
      const employer = await server.db.insertInto('parties').values({ name: 'Construtora Exemplo Ltda', behave_like: 2, party_type_id: await idOf('party_types', 'code', 'pessoa_juridica') }).returning('id').executeTakeFirstOrThrow();
      ids.employer = Number(employer.id);
    }, 120_000);
    afterAll(() => server?.close());

    it('ships the party types the product relies on, by code, and keeps them', async () => {
      const types = await server.db.selectFrom('party_types').select(['code', 'behave_like']).where('code', 'is not', null).orderBy('code').execute();
      expect(types.map((t) => [t.code, Number(t.behave_like)])).toEqual([['funcionario', 1], ['instituicao', 2], ['organizacao', 3], ['pessoa_fisica', 1], ['pessoa_juridica', 2]]);
      const removed = await admin()('DELETE', `/api/tipos_parte/${ids.personType}`);
      expect(removed.status).toBe(409);
      expect(removed.body.message).toBe('Este tipo de parte é usado pelo sistema e não pode ser excluído.');
      const current = (await admin()('GET', `/api/tipos_parte/${ids.personType}`)).body.data;
      const retyped = await admin()('PUT', `/api/tipos_parte/${ids.personType}`, { ...current, behave_like: 2 });
      expect(retyped.status).toBe(422);
      expect(retyped.body.errors).toEqual({ behave_like: ['O comportamento de um tipo de parte do sistema não pode ser mudado.'] });
      const renamed = await admin()('PUT', `/api/tipos_parte/${ids.personType}`, { ...current, friendly_name: 'Pessoa natural', code: 'outro' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.friendly_name).toBe('Pessoa natural');
      expect(renamed.body.data.code).toBe('pessoa_fisica');
      // A type of the council's own is deleted as any record.
      const own = await admin()('POST', '/api/tipos_parte', { name: 'estagiario', friendly_name: 'Estagiário', behave_like: 1 });
      expect(own.status).toBe(201);
      expect((await admin()('DELETE', `/api/tipos_parte/${own.body.data.id}`)).status).toBe(200);
    });

    it('opens the party configuration to anyone signed in', async () => {
      const nobody = await userWith(server, []);
      for (const module of ['tipos_parte', 'tipo_relacao', 'regras_relacao']) {
        expect((await call(server, nobody.token)('GET', `/api/${module}`)).status, module).toBe(200);
      }
      expect((await call(server, nobody.token)('GET', '/api/pessoa_fisica')).status).toBe(403);
      expect((await call(server, null)('GET', '/api/tipos_parte')).status).toBe(401);
    });

    it('registers a person with its sub-lists, as a party of its own', async () => {
      const created = await admin()('POST', '/api/pessoa_fisica', { ...person(), party_id: 999 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const data = created.body.data;
      ids.person = data.id;
      expect(data.party_id).not.toBe(999);
      const party = await server.db.selectFrom('parties').selectAll().where('id', '=', data.party_id).executeTakeFirstOrThrow();
      expect([party.name, Number(party.behave_like), Number(party.party_type_id), party.tax_id]).toEqual(['Maria da Silva Souza', 1, ids.personType, CPF]);
      const read = (await admin()('GET', `/api/pessoa_fisica/${data.id}`)).body.data;
      expect(read.telephones.map((t: { number: string; main: boolean }) => [t.number, t.main])).toEqual([['99876-5432', true], ['3322-1100', false]]);
      expect(read.addresses[0].postal_code).toBe('70040-010');
      expect(read.work_relations[0].expedients.map((e: { start: string; end: string }) => `${e.start}-${e.end}`)).toEqual(['08:00-12:00', '13:00-18:00']);
      expect(read.emails[0].address).toBe('maria@example.com');
    });

    it('links a person to the user they sign in as, one person per user, and lets the user go without the person', async () => {
      const account = await userWith(server, []);
      const linked = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: '390.533.447-05', user_id: account.id }));
      expect(linked.status, JSON.stringify(linked.body)).toBe(201);
      expect(linked.body.data.user_id).toBe(account.id);
      const twice = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: '713.226.630-68', user_id: account.id }));
      expect(twice.status).toBe(422);
      expect(twice.body.errors).toEqual({ user_id: ['Este usuário já está vinculado a outra pessoa.'] });
      const unknown = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: '713.226.630-68', user_id: 999_999 }));
      expect(unknown.status).toBe(422);
      expect(Object.keys(unknown.body.errors)).toEqual(['user_id']);
      const text = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: '713.226.630-68', user_id: 'Ana' }));
      expect(text.status).toBe(422);
      expect(Object.keys(text.body.errors)).toEqual(['user_id']);
      // Whoever edits persons chooses among the users' options, and reads nothing else of them.
      const clerk = call(server, (await userWith(server, [{ name: 'party.index' }, { name: 'party.show' }, { name: 'party.update' }])).token);
      const options = await clerk('GET', `/api/usuarios/combos?id=${account.id}`);
      expect(options.status).toBe(200);
      expect(options.body.data).toEqual([{ id: account.id, name: expect.any(String) }]);
      expect((await clerk('GET', `/api/usuarios/${account.id}`)).status).toBe(403);
      expect((await clerk('GET', '/api/usuarios')).status).toBe(403);
      expect((await call(server, (await userWith(server, [{ name: 'currency.index' }])).token)('GET', '/api/usuarios/combos')).status).toBe(403);
      expect((await admin()('DELETE', `/api/usuarios/${account.id}`)).status).toBe(200);
      expect((await admin()('GET', `/api/pessoa_fisica/${linked.body.data.id}`)).body.data).toMatchObject({ name: 'Maria da Silva Souza', user_id: null });
      expect((await admin()('DELETE', `/api/pessoa_fisica/${linked.body.data.id}`)).status).toBe(200);
    });

    it('keeps the CPF in one written form, refuses it twice however typed, and finds the person by its digits', async () => {
      const bad = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: '123.456.789-00' }));
      expect(bad.status).toBe(422);
      expect(bad.body.errors.individual_registration).toEqual(['CPF Inválido']);
      const twice = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: CPF.replace(/\D/g, ''), name: 'Outra Maria' }));
      expect(twice.status).toBe(422);
      expect(Object.keys(twice.body.errors)).toEqual(['individual_registration']);
      const found = await admin()('GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}`);
      expect(found.status).toBe(200);
      expect(found.body.data.id).toBe(ids.person);
      expect((await admin()('GET', `/api/pessoa_fisica/cpf/${encodeURIComponent(CPF)}`)).body.data.id).toBe(ids.person);
      const missing = await admin()('GET', `/api/pessoa_fisica/cpf/${OTHER_CPF.replace(/\D/g, '')}`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Pessoa física não encontrada.');
      for (const typed of ['12345678900', 'abc', '1'.repeat(300)]) {
        const refused = await admin()('GET', `/api/pessoa_fisica/cpf/${typed}`);
        expect(refused.status, typed).toBe(422);
        expect(refused.body.errors).toEqual({ cpf: ['CPF Inválido'] });
      }
      const nobody = await userWith(server, []);
      expect((await call(server, nobody.token)('GET', `/api/pessoa_fisica/cpf/${CPF.replace(/\D/g, '')}`)).status).toBe(403);
      const typedBare = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF.replace(/\D/g, ''), name: 'João Pereira' }));
      expect(typedBare.status).toBe(201);
      expect(typedBare.body.data.individual_registration).toBe(OTHER_CPF);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${typedBare.body.data.id}`)).status).toBe(200);
    });

    it('finds a person in the list by the first digits of the CPF, typed with or without punctuation', async () => {
      const other = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF, name: 'João Pereira', short_name: 'João' }));
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const found = async (q: string) => (await admin()('GET', `/api/pessoa_fisica?${new URLSearchParams({ q })}`)).body.data.map((r: { id: number }) => r.id);
      for (const typed of ['529982', '529.982', '5299822', '529.98.2', '52998224725', '529982247-25', '529.982.247-25', '529', '52']) {
        expect(await found(typed), typed).toEqual([ids.person]);
      }
      expect(await found('111444777')).toEqual([other.body.data.id]);
      expect(await found('529982 maria')).toEqual([ids.person]);
      expect(await found('529982 joão')).toEqual([]);
      expect(await found('5299822472512')).toEqual([]);
      expect((await admin()('GET', `/api/pessoa_fisica?${new URLSearchParams({ filter: JSON.stringify({ q: '1114' }) })}`)).body.data.map((r: { id: number }) => r.id)).toEqual([other.body.data.id]);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${other.body.data.id}`)).status).toBe(200);
    });

    it('says the schedule rules on the row of the work relation they concern, and writes nothing', async () => {
      const relation = person().work_relations[0];
      const conflict = await admin()('POST', '/api/pessoa_fisica', person({
        individual_registration: OTHER_CPF,
        work_relations: [{ ...relation, expedients: [
          { expedient_number: 1, day: 2, start: '08:00', end: '12:00' },
          { expedient_number: 2, day: 2, start: '11:00', end: '18:00' },
          { expedient_number: 2, day: 3, start: '18:00', end: '13:00' },
          { expedient_number: 3, day: 4, start: '8:00', end: '23:59' },
        ] }],
      }));
      expect(conflict.status).toBe(422);
      expect(conflict.body.errors).toEqual({
        'work_relations.0.expedients.1.start': ['O horário está em conflito com o expediente: 1'],
        'work_relations.0.expedients.2.end': [SCHEDULE_MESSAGES.order],
        'work_relations.0.expedients.3.start': [SCHEDULE_MESSAGES.invalid],
        'work_relations.0.expedients.3.end': [SCHEDULE_MESSAGES.invalid],
      });
      const empty = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF, work_relations: [{ ...relation, expedients: [] }] }));
      expect(empty.body.errors).toEqual({ 'work_relations.0.expedients': ['Você deve informar ao menos um horário'] });
      expect(await server.db.selectFrom('persons').select('id').where('individual_registration', '=', OTHER_CPF).execute()).toEqual([]);
      expect(await server.db.selectFrom('parties').select('id').where('tax_id', '=', OTHER_CPF).execute()).toEqual([]);
    });

    it('gives a new relation sent without a schedule the default one: Monday to Friday, 08:00–12:00 and 13:00–18:00', async () => {
      const { expedients: _none, ...relation } = person().work_relations[0];
      const created = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF, work_relations: [relation] }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const schedule = created.body.data.work_relations[0].expedients.map((e: { expedient_number: number; day: number; start: string; end: string }) => `${e.expedient_number}:${e.day} ${e.start}-${e.end}`);
      expect(schedule).toEqual([...[2, 3, 4, 5, 6].map((d) => `1:${d} 08:00-12:00`), ...[2, 3, 4, 5, 6].map((d) => `2:${d} 13:00-18:00`)]);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${created.body.data.id}`)).status).toBe(200);
    });

    it('allows one main phone, e-mail and address only', async () => {
      const twoMain = await admin()('POST', '/api/pessoa_fisica', person({
        individual_registration: OTHER_CPF,
        telephones: person().telephones.map((t) => ({ ...t, main: true })),
      }));
      expect(twoMain.status).toBe(422);
      expect(Object.values(twoMain.body.errors).flat()).toContain('Deve haver apenas um telefone principal');
    });

    it('keeps a relation\'s schedule when an edit leaves it out, and checks one it sends', async () => {
      const stored = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      const { expedients: _kept, ...relation } = stored.work_relations[0];
      const kept = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...stored, work_relations: [{ ...relation, enrollment: 'CREA 123' }] });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.data.work_relations[0].expedients).toHaveLength(2);
      const fresh = kept.body.data;
      // A relation added by an edit names its times, or hears that it must.
      const added = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...fresh, work_relations: [...fresh.work_relations, { ...relation, id: undefined, employee_register_id: 'M-2' }] });
      expect(added.status).toBe(422);
      expect(added.body.errors).toEqual({ 'work_relations.1.expedients': ['Você deve informar ao menos um horário'] });
      const clash = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, {
        ...fresh, work_relations: [{ ...fresh.work_relations[0], expedients: [...fresh.work_relations[0].expedients, { expedient_number: 3, day: 2, start: '17:00', end: '19:00' }] }],
      });
      expect(clash.status).toBe(422);
      expect(clash.body.errors).toEqual({ 'work_relations.0.expedients.2.start': ['O horário está em conflito com o expediente: 2'] });
    });

    it('gives one of two people changing the same schedule at once their week, the other a conflict, and never a mix of both', async () => {
      const opened = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      const relation = opened.work_relations[0];
      const weekOf = (start: string, end: string) => [2, 3, 4, 5, 6].map((day) => ({ expedient_number: 1, day, start, end }));
      const weeks = { morning: weekOf('07:00', '11:00'), evening: weekOf('14:00', '20:00') };
      const answers = await Promise.all(Object.values(weeks).map((expedients) =>
        admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...opened, work_relations: [{ ...relation, expedients }] })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = Object.values(weeks)[answers.findIndex((a) => a.status === 200)];
      const stored = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data.work_relations[0].expedients;
      const times = (rows: { day: number; start: string; end: string }[]) => rows.map(({ day, start, end }) => `${day} ${start}-${end}`).sort();
      expect(times(stored)).toEqual(times(winner));
      // The one who lost saves again from the record as it now is.
      const loser = Object.values(weeks)[answers.findIndex((a) => a.status === 409)];
      const current = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      const again = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...current, work_relations: [{ ...current.work_relations[0], expedients: loser }] });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(times(again.body.data.work_relations[0].expedients)).toEqual(times(loser));
    });

    it('keeps the party in step with the person, whatever party_id is sent, and removes it with the person', async () => {
      const stored = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      const partyId = stored.party_id;
      const renamed = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...stored, name: 'Maria da Silva Pereira', party_id: partyId + 1 });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data.party_id).toBe(partyId);
      expect((await server.db.selectFrom('parties').select('name').where('id', '=', partyId).executeTakeFirstOrThrow()).name).toBe('Maria da Silva Pereira');
      expect((await admin()('DELETE', `/api/pessoa_fisica/${ids.person}`)).status).toBe(200);
      expect(await server.db.selectFrom('parties').select('id').where('id', '=', partyId).execute()).toEqual([]);
      expect(await server.db.selectFrom('person_work_expedients').select('id').execute()).toEqual([]);
    });

    it('asks an employee for a work relation, and lists employees by their party type', async () => {
      const employeeType = await idOf('party_types', 'code', 'funcionario');
      const bare = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF, party_type_id: employeeType, work_relations: [] }));
      expect(bare.status).toBe(422);
      expect(bare.body.errors).toEqual({ work_relations: ['Informe ao menos um vínculo empregatício do funcionário.'] });
      const employee = await admin()('POST', '/api/pessoa_fisica', person({ individual_registration: OTHER_CPF, party_type_id: employeeType, name: 'Carlos Funcionário' }));
      expect(employee.status, JSON.stringify(employee.body)).toBe(201);
      const listed = await admin()('GET', `/api/pessoa_fisica?filter=${encodeURIComponent(JSON.stringify({ party_type_id: employeeType }))}`);
      expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual(['Carlos Funcionário']);
      const types = await admin()('GET', `/api/tipos_parte?filter=${encodeURIComponent(JSON.stringify({ code: 'funcionario' }))}`);
      expect(types.body.data.map((row: { id: number }) => row.id)).toEqual([employeeType]);
      // Dropping the last relation by an edit is refused too.
      const stored = employee.body.data;
      const dropped = await admin()('PUT', `/api/pessoa_fisica/${stored.id}`, { ...stored, work_relations: [] });
      expect(dropped.status).toBe(422);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${stored.id}`)).status).toBe(200);
    });

    it('gives one of two people saving the same CPF at once its record, the other a message, and leaves no stray party', async () => {
      const before = Number((await server.db.selectFrom('parties').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const answers = await Promise.all([1, 2].map((n) => admin()('POST', '/api/pessoa_fisica', person({ name: `Pessoa ${n}`, individual_registration: OTHER_CPF }))));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
      const after = Number((await server.db.selectFrom('parties').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(after).toBe(before + 1);
    });
  });
}
