/**
 * Legal entities, organizations, sectors and departments through the API, on both databases: each
 * company and organization a party kept by the database; the CNPJ numeric or alphanumeric, checked,
 * kept in one written form, unique in the space and found by what was typed; the spec's limits;
 * a work relation's sector among its employer's; the departments' tree; a party in use not deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { DEPARTMENT_CYCLE } from '../../src/server/services/parties/departments.js';
import { SECTOR_NOT_OF_EMPLOYER } from '../../src/server/services/parties/sectors.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

/** The Receita Federal's example of the alphanumeric CNPJ (2026), and a numeric one. */
const ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';
const NUMERIC_CNPJ = '11.222.333/0001-81';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`legal entities, organizations, sectors and departments [${kind}]`, () => {
    let server: TestServer;
    const ids: Record<string, number> = {};
    const admin = () => call(server, server.adminToken);
    const idOf = async (table: string, column: string, value: unknown) =>
      Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await admin()('POST', path, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data as Record<string, unknown> & { id: number };
    };

    /** A company as the form sends it: a phone, an e-mail, an address, two secondary activities and two sectors. */
    const company = (overrides: Record<string, unknown> = {}) => ({
      cnpj: ALPHANUMERIC_CNPJ.toLowerCase().replace(/\W/g, ''),
      name: 'Construtora Alfa Numérica Ltda',
      short_name: 'Alfa Numérica',
      trade_name: 'Alfa Obras',
      party_type_id: ids.legalEntityType,
      nationality_id: ids.nationality,
      legal_nature_id: ids.nature,
      economic_activity_id: ids.building,
      secondary_economic_activities: [ids.hospital, ids.demolition],
      sectors: [ids.engineering, ids.people],
      social_capital: '1.234.567,89',
      record_book: '12345',
      telephones: [{ area_code: '61', number: '3322-1100', telephone_companies_id: ids.carrier, send_sms: false, main: true }],
      emails: [{ address: 'contato@alfa.example.com', main: true, receive_news: false }],
      addresses: [{ postal_code: '70040-010', street_address: 'SBS Quadra 2', uf_id: ids.uf, city_id: ids.city, address_type_id: ids.commercial, main: true }],
      ...overrides,
    });

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      ids.legalEntityType = await idOf('party_types', 'code', 'pessoa_juridica');
      ids.institutionType = await idOf('party_types', 'code', 'instituicao');
      ids.organizationType = await idOf('party_types', 'code', 'organizacao');
      ids.personType = await idOf('party_types', 'code', 'pessoa_fisica');
      ids.nationality = await idOf('nationalities', 'denomination', 'Brasileira');
      ids.nature = await idOf('legal_natures', 'code', '206-2');
      ids.building = await idOf('economic_activities', 'cnae_code', '4120400');
      ids.hospital = await idOf('economic_activities', 'cnae_code', '8610101');
      ids.demolition = await idOf('economic_activities', 'cnae_code', '4311801');
      ids.carrier = await idOf('telephone_companies', 'denomination', 'Vivo');
      ids.uf = await idOf('states', 'initials', 'DF');
      ids.city = await idOf('cities', 'ibge_code', 5300108);
      ids.commercial = await idOf('address_types', 'denomination', 'Comercial');
      ids.genre = await idOf('genres', 'denomination', 'Masculino');
      ids.civilStatus = await idOf('civil_statuses', 'denomination', 'Solteiro(a)');
      ids.relationType = await idOf('employment_relationship_types', 'denomination', 'Empregado');
      ids.regime = await idOf('work_regimes', 'denomination', 'CLT');
      ids.assignment = (await created('/api/atribuicoes_tecnicas', { denomination: 'Projeto' })).id;
      ids.engineering = (await created('/api/setores', { denomination: 'Engenharia', acronym: 'ENG' })).id;
      ids.people = (await created('/api/setores', { denomination: 'Recursos Humanos', acronym: 'RH' })).id;
      ids.finance = (await created('/api/setores', { denomination: 'Financeiro' })).id;
    }, 120_000);
    afterAll(() => server?.close());

    it('keeps a company with an alphanumeric CNPJ in its written form, as a party that behaves as a legal entity', async () => {
      const entity = await created('/api/pessoa_juridica', company());
      ids.alpha = entity.id;
      ids.alphaParty = Number(entity.party_id);
      expect(entity).toMatchObject({ cnpj: ALPHANUMERIC_CNPJ, social_capital: '1234567.89', record_book: '12345' });
      expect([...(entity.secondary_economic_activities as number[])].sort()).toEqual([ids.hospital, ids.demolition].sort());
      expect([...(entity.sectors as number[])].sort()).toEqual([ids.engineering, ids.people].sort());
      const party = await server.db.selectFrom('parties').selectAll().where('id', '=', ids.alphaParty).executeTakeFirstOrThrow();
      expect({ name: party.name, behave_like: Number(party.behave_like), tax_id: party.tax_id }).toEqual({ name: 'Construtora Alfa Numérica Ltda', behave_like: 2, tax_id: ALPHANUMERIC_CNPJ });

      const renamed = await admin()('PUT', `/api/pessoa_juridica/${entity.id}`, { ...company(), name: 'Construtora Alfa Ltda', party_id: 999 });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data.party_id).toBe(ids.alphaParty);
      expect((await server.db.selectFrom('parties').select('name').where('id', '=', ids.alphaParty).executeTakeFirstOrThrow()).name).toBe('Construtora Alfa Ltda');
    });

    it('refuses a CNPJ that is no CNPJ, one the space has, and the spec’s limits, each on its field', async () => {
      const wrong = await admin()('POST', '/api/pessoa_juridica', company({ cnpj: '12.ABC.345/01DE-36' }));
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.cnpj).toEqual(['CNPJ Inválido']);
      const taken = await admin()('POST', '/api/pessoa_juridica', company({ cnpj: ALPHANUMERIC_CNPJ }));
      expect(taken.status).toBe(422);
      expect(Object.keys(taken.body.errors)).toEqual(['cnpj']);
      const limits = await admin()('POST', '/api/pessoa_juridica', company({
        cnpj: NUMERIC_CNPJ, short_name: 'x'.repeat(51), record_book: '123456', record_sheet: '123456', social_capital: '12,5', commercial_council_number: 'x'.repeat(51),
      }));
      expect(limits.status).toBe(422);
      expect(Object.keys(limits.body.errors).sort()).toEqual(['commercial_council_number', 'record_book', 'record_sheet', 'short_name', 'social_capital']);
      expect(limits.body.errors.social_capital).toEqual(['Este campo deve ter um valor decimal']);
      const missing = await admin()('POST', '/api/pessoa_juridica', { cnpj: NUMERIC_CNPJ });
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors).sort()).toEqual(['economic_activity_id', 'legal_nature_id', 'name', 'nationality_id', 'party_type_id', 'short_name', 'social_capital']);
      const twoMain = await admin()('POST', '/api/pessoa_juridica', company({ cnpj: NUMERIC_CNPJ, telephones: [company().telephones[0], { ...company().telephones[0], number: '3322-1101' }] }));
      expect(twoMain.status).toBe(422);
      expect(JSON.stringify(twoMain.body.errors)).toContain('Deve haver apenas um telefone principal');
      expect(await server.db.selectFrom('legal_entities').select('id').where('cnpj', '=', NUMERIC_CNPJ).execute()).toEqual([]);
    });

    it('lets one of two companies saved at once with the same CNPJ, typed two ways, through, and leaves no stray party', async () => {
      const parties = async () => Number((await server.db.selectFrom('parties').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const before = await parties();
      const answers = await Promise.all(['98.765.432/0001-98', '98765432000198'].map((cnpj, i) => admin()('POST', '/api/pessoa_juridica', company({ cnpj, name: `Concorrente ${i}`, short_name: `C${i}` }))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
      expect(answers.find((answer) => answer.status === 422)!.body.errors).toHaveProperty('cnpj');
      expect(await parties()).toBe(before + 1);
      await admin()('DELETE', `/api/pessoa_juridica/${answers.find((answer) => answer.status === 201)!.body.data.id}`);
    });

    it('offers the legal-entity party types but the institution’s, and takes no other', async () => {
      const combo = await admin()('GET', '/api/tipos_parte/combos?combo=pessoa_juridica_sem_instituicao');
      const offered = combo.body.data.map((option: { id: number }) => option.id);
      expect(offered).toContain(ids.legalEntityType);
      expect(offered).not.toContain(ids.institutionType);
      expect(offered).not.toContain(ids.personType);
      const own = await created('/api/tipos_parte', { name: 'cooperativa', friendly_name: 'Cooperativa', behave_like: 2 });
      expect((await admin()('GET', '/api/tipos_parte/combos?combo=pessoa_juridica_sem_instituicao')).body.data.map((o: { id: number }) => o.id)).toContain(own.id);
      const institution = await admin()('POST', '/api/pessoa_juridica', company({ cnpj: NUMERIC_CNPJ, party_type_id: ids.institutionType }));
      expect(institution.status).toBe(422);
      expect(institution.body.errors.party_type_id).toEqual(['O registro selecionado não está entre as opções permitidas para o campo Tipo de parte.']);
    });

    it('finds a company by its CNPJ however it is typed, numeric or alphanumeric', async () => {
      for (const typed of ['12ABC34501DE35', '12abc34501de35', encodeURIComponent(ALPHANUMERIC_CNPJ)]) {
        const found = await admin()('GET', `/api/pessoa_juridica/cnpj/${typed}`);
        expect(found.status, typed).toBe(200);
        expect(found.body.data).toMatchObject({ id: ids.alpha, cnpj: ALPHANUMERIC_CNPJ });
      }
      const unknown = await admin()('GET', `/api/pessoa_juridica/cnpj/${NUMERIC_CNPJ.replace(/\D/g, '')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Pessoa jurídica não encontrada.');
      for (const typed of ['123', '12ABC34501DE36', 'x'.repeat(300), '11111111111111']) {
        const bad = await admin()('GET', `/api/pessoa_juridica/cnpj/${typed}`);
        expect(bad.status, typed).toBe(422);
        expect(bad.body.errors.cnpj).toEqual(['CNPJ Inválido']);
      }
      const nobody = await userWith(server, []);
      expect((await call(server, nobody.token)('GET', '/api/pessoa_juridica/cnpj/12ABC34501DE35')).status).toBe(403);
      // A digits-only search of the list finds the numeric part of the written form.
      const listed = await admin()('GET', '/api/pessoa_juridica?q=12abc345');
      expect(listed.body.data.map((row: { id: number }) => row.id)).toEqual([ids.alpha]);
    });

    it('offers a work relation the sectors of its employer, and takes no other', async () => {
      const sectors = await admin()('GET', `/api/setores/combos?employer_id=${ids.alphaParty}`);
      expect(sectors.body.data.map((option: { name: string }) => option.name)).toEqual(['Engenharia', 'Recursos Humanos']);
      expect((await admin()('GET', '/api/setores/combos?employer_id=abc')).status).toBe(400);

      const relation = (sector: number | null) => ({
        employer_id: ids.alphaParty, sector_id: sector, employee_register_id: 'M-1', admission_date: '2020-02-01', technical_manager: false, responsible_sector: false,
        employment_relationship_type_id: ids.relationType, work_regime_id: ids.regime, technical_assignment_id: ids.assignment,
      });
      const person = (sector: number | null) => ({
        name: 'João Pereira', short_name: 'João', party_type_id: ids.personType, date_birth: '1980-01-01',
        genre_id: ids.genre, civil_status_id: ids.civilStatus, naturalness_id: ids.city, nationality_id: ids.nationality,
        individual_registration: '529.982.247-25', work_relations: [relation(sector)],
      });
      const elsewhere = await admin()('POST', '/api/pessoa_fisica', person(ids.finance));
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.errors['work_relations.0.sector_id']).toEqual([SECTOR_NOT_OF_EMPLOYER]);
      const none = await admin()('POST', '/api/pessoa_fisica', person(null));
      expect(none.status).toBe(422);
      expect(none.body.errors['work_relations.0.sector_id']).toEqual(['O campo Setor é obrigatório.']);
      const saved = await admin()('POST', '/api/pessoa_fisica', person(ids.engineering));
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      ids.worker = saved.body.data.id;
      expect(saved.body.data.work_relations[0].sector_id).toBe(ids.engineering);
    });

    it("asks for a work relation's sector only where its employer offers sectors (`required-when-offered`)", async () => {
      // A company without sectors: its combo offers none, so the relation goes without one.
      const plain = await created('/api/pessoa_juridica', company({ cnpj: '11.444.777/0001-61', name: 'Comércio Sem Setores Ltda', short_name: 'Sem Setores', sectors: [], telephones: [], emails: [], addresses: [] }));
      expect((await admin()('GET', `/api/setores/combos?employer_id=${Number(plain.party_id)}`)).body.data).toEqual([]);
      const relation = (employer: number) => ({
        employer_id: employer, sector_id: null, employee_register_id: 'M-9', admission_date: '2021-02-01', technical_manager: false, responsible_sector: false,
        employment_relationship_type_id: ids.relationType, work_regime_id: ids.regime, technical_assignment_id: ids.assignment,
      });
      const body = (relations: Record<string, unknown>[]) => ({
        name: 'Rita Moura', short_name: 'Rita', party_type_id: ids.personType, date_birth: '1985-05-05', genre_id: ids.genre, civil_status_id: ids.civilStatus,
        naturalness_id: ids.city, nationality_id: ids.nationality, individual_registration: '714.602.380-01', work_relations: relations,
      });
      // Two rows: the second's employer has sectors, so that row alone is asked for one.
      const refused = await admin()('POST', '/api/pessoa_fisica', body([relation(Number(plain.party_id)), relation(ids.alphaParty)]));
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'work_relations.1.sector_id': ['O campo Setor é obrigatório.'] });
      const saved = await admin()('POST', '/api/pessoa_fisica', body([relation(Number(plain.party_id))]));
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data.work_relations[0].sector_id).toBeNull();
      // The rule travels with the body's rules, for every client to read.
      const rules = (await admin()('GET', '/api/rules/pessoa_fisica/create')).body;
      expect(JSON.stringify(rules)).toContain('"requiredWhenOffered":true');
    });

    it('lists the persons a company employs, a relation ended with its date, and 404 for an id no company has', async () => {
      const ended = await created('/api/pessoa_fisica', {
        name: 'Ana Lima', short_name: 'Ana', party_type_id: ids.personType, date_birth: '1990-06-01',
        genre_id: ids.genre, civil_status_id: ids.civilStatus, naturalness_id: ids.city, nationality_id: ids.nationality,
        individual_registration: '390.533.447-05',
        work_relations: [{
          employer_id: ids.alphaParty, sector_id: ids.people, employee_register_id: 'M-2', admission_date: '2018-03-01', resignation_date: '2021-07-31',
          technical_manager: false, responsible_sector: false, employment_relationship_type_id: ids.relationType, work_regime_id: ids.regime, technical_assignment_id: ids.assignment,
        }],
      });
      const employees = await admin()('GET', `/api/pessoa_juridica/${ids.alpha}/vinculos`);
      expect(employees.status).toBe(200);
      expect(employees.body.data.map(({ id: _id, ...row }: Record<string, unknown>) => row)).toEqual([
        { person_id: ended.id, name: 'Ana Lima', individual_registration: '390.533.447-05', employee_register_id: 'M-2', sector: 'Recursos Humanos', admission_date: '2018-03-01', resignation_date: '2021-07-31' },
        { person_id: ids.worker, name: 'João Pereira', individual_registration: '529.982.247-25', employee_register_id: 'M-1', sector: 'Engenharia', admission_date: '2020-02-01', resignation_date: null },
      ]);
      const nobody = await created('/api/pessoa_juridica', company({ cnpj: NUMERIC_CNPJ, name: 'Sem Empregados S.A.', short_name: 'Sem Empregados' }));
      expect((await admin()('GET', `/api/pessoa_juridica/${nobody.id}/vinculos`)).body).toEqual({ data: [] });
      expect((await admin()('DELETE', `/api/pessoa_juridica/${nobody.id}`)).status).toBe(200);
      for (const id of ['999999', '0', '-1', 'abc', '1.5', '9'.repeat(30)]) {
        const missing = await admin()('GET', `/api/pessoa_juridica/${id}/vinculos`);
        expect([missing.status, missing.body.message], id).toEqual([404, 'Pessoa jurídica não encontrada.']);
      }
      const outsider = await userWith(server, []);
      expect((await call(server, outsider.token)('GET', `/api/pessoa_juridica/${ids.alpha}/vinculos`)).status).toBe(403);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${ended.id}`)).status).toBe(200);
    });

    it('keeps a company someone works for, naming where it is used, and deletes one nobody uses with its party', async () => {
      const used = await admin()('DELETE', `/api/pessoa_juridica/${ids.alpha}`);
      expect(used.status).toBe(409);
      expect(used.body.message).toBe('Não é possível excluir: o registro é usado em Pessoas físicas.');
      expect(await server.db.selectFrom('legal_entities').select('id').where('id', '=', ids.alpha).execute()).toHaveLength(1);

      const free = await created('/api/pessoa_juridica', company({ cnpj: NUMERIC_CNPJ, name: 'Sem Vínculos S.A.', short_name: 'Sem Vínculos' }));
      const removed = await admin()('DELETE', `/api/pessoa_juridica/${free.id}`);
      expect(removed.status).toBe(200);
      expect(await server.db.selectFrom('parties').select('id').where('id', '=', Number(free.party_id)).execute()).toEqual([]);
      expect(await server.db.selectFrom('legal_entity_telephones').select('id').where('legal_entity_id', '=', free.id).execute()).toEqual([]);
    });

    it('gives the institution’s company the institution’s party type, gives it back when another is chosen, and keeps it', async () => {
      const president = Number((await server.db.selectFrom('persons').select('party_id').where('id', '=', ids.worker).executeTakeFirstOrThrow()).party_id);
      const other = await created('/api/pessoa_juridica', company({ cnpj: NUMERIC_CNPJ, name: 'Conselho Regional de Exemplo', short_name: 'Conselho' }));
      const set = async (institution: number) => {
        const answer = await admin()('PUT', '/api/instituicao', { institution_id: institution, president_id: president, update_job_relations: false });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      };
      const typeOf = async (id: number) => (await admin()('GET', `/api/pessoa_juridica/${id}`)).body.data.party_type_id;
      await set(Number(other.party_id));
      expect(await typeOf(other.id)).toBe(ids.institutionType);
      expect(Number((await server.db.selectFrom('parties').select('party_type_id').where('id', '=', Number(other.party_id)).executeTakeFirstOrThrow()).party_type_id)).toBe(ids.institutionType);
      // Its own form may save it as it is, though no form offers the type.
      const kept = await admin()('PUT', `/api/pessoa_juridica/${other.id}`, { ...company({ cnpj: NUMERIC_CNPJ, name: 'Conselho Regional de Exemplo', short_name: 'Conselho' }), party_type_id: ids.institutionType });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      const removed = await admin()('DELETE', `/api/pessoa_juridica/${other.id}`);
      expect(removed.status).toBe(409);
      expect(removed.body.message).toBe('Não é possível excluir: a empresa é a instituição.');

      await set(ids.alphaParty);
      expect(await typeOf(ids.alpha)).toBe(ids.institutionType);
      expect(await typeOf(other.id)).toBe(ids.legalEntityType);
      expect((await admin()('DELETE', `/api/pessoa_juridica/${other.id}`)).status).toBe(200);
    });

    it('keeps an organization as a party of the organization type when none is chosen', async () => {
      const organization = await created('/api/organizacao', { name: 'Associação dos Engenheiros do DF', nationality_id: ids.nationality, notes: 'Entidade de classe' });
      expect(organization.party_type_id).toBe(ids.organizationType);
      const party = await server.db.selectFrom('parties').selectAll().where('id', '=', Number(organization.party_id)).executeTakeFirstOrThrow();
      expect({ behave_like: Number(party.behave_like), party_type_id: Number(party.party_type_id), name: party.name }).toEqual({ behave_like: 3, party_type_id: ids.organizationType, name: 'Associação dos Engenheiros do DF' });
      const asCompany = await admin()('POST', '/api/organizacao', { name: 'Outra', party_type_id: ids.legalEntityType });
      expect(asCompany.status).toBe(422);
      expect(Object.keys(asCompany.body.errors)).toEqual(['party_type_id']);
    });

    it('keeps the departments a tree: none under itself or under its own subordinate', async () => {
      const presidency = await created('/api/departamentos', { name: 'Presidência', acronym: 'PRES' });
      const registry = await created('/api/departamentos', { name: 'Registro', acronym: 'DRE', department_id: presidency.id });
      const desk = await created('/api/departamentos', { name: 'Atendimento', department_id: registry.id });
      for (const [department, parent] of [[presidency, presidency], [presidency, desk], [registry, desk]]) {
        const cycle = await admin()('PUT', `/api/departamentos/${department.id}`, { name: department.name, department_id: parent.id });
        expect(cycle.status).toBe(422);
        expect(cycle.body.errors.department_id).toEqual([DEPARTMENT_CYCLE]);
      }
      const moved = await admin()('PUT', `/api/departamentos/${desk.id}`, { name: desk.name, department_id: presidency.id });
      expect(moved.status).toBe(200);
      const inUse = await admin()('DELETE', `/api/departamentos/${presidency.id}`);
      expect(inUse.status).toBe(409);
      expect(inUse.body.message).toBe('Não é possível excluir: o registro é usado em Departamentos.');
      // The combo names a department by acronym and name.
      const combo = await admin()('GET', '/api/departamentos/combos');
      expect(combo.body.data.map((option: { name: string }) => option.name)).toEqual(['Atendimento', 'DRE - Registro', 'PRES - Presidência']);
    });
  });
}
