/**
 * A physical person's course relations through the API, on both databases (spec 001 §3 and §5,
 * 'Course relation' and 'Diploma registration at another site'): every field kept as typed, the
 * diploma's registrations at other sites nested in their course, saved with the person all or
 * nothing; each rule's message on the row's own field; the course among the chosen institution's;
 * the dates in their order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../src/server/core/seed/index.js';
import { COURSE_NOT_OF_INSTITUTION } from '../../src/server/services/parties/courses.js';
import { call, startTestServer, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const INSTITUTION_CNPJ = '00.038.174/0001-43';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`course relations of a person [${kind}]`, () => {
    let server: TestServer;
    const ids: Record<string, number> = {};
    const admin = () => call(server, server.adminToken);
    const idOf = async (table: string, column: string, value: unknown) =>
      Number((await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id);
    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await admin()('POST', path, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return Number(answer.body.data.id);
    };

    /** A course relation as the form sends it, with one registration of the diploma at another site. */
    const courseRelation = (overrides: Record<string, unknown> = {}) => ({
      educational_institution_id: ids.unb,
      course_id: ids.civil,
      cnpj: INSTITUTION_CNPJ,
      mec_code: '12345',
      course_completion_situation_id: ids.completed,
      student_register_id: '09/0012345',
      entry_date: '2009-03-02',
      expected_completion_date: '2013-12-20',
      completion_date: '2013-12-20',
      graduation_date: '2014-02-14',
      diploma_date: '2014-06-30',
      course_load: 3600,
      pending: 'N',
      expedition_date: '2014-06-30', expedition_local: 'Brasília', expedition_book: '12', expedition_leaf: '34', expedition_register: 'EXP-5678',
      mec_date: '2014-07-15', mec_local: 'Brasília', mec_book: '7', mec_leaf: '89', mec_register: 'MEC-0001',
      see_date: '2014-08-01', see_local: 'Goiânia', see_book: '3', see_leaf: '21', see_register: 'SEE-0042',
      notes: 'Diploma retirado pela própria pessoa.',
      diploma_registrations: [{ other_site_diploma_registration_id: ids.site, register: 'CREA-12345', date: '2014-09-10', book: '45', leaf: '678' }],
      ...overrides,
    });

    const person = (cpf: string, overrides: Record<string, unknown> = {}) => ({
      name: 'Carlos Alberto Nunes', short_name: 'Carlos Nunes', party_type_id: ids.personType, date_birth: '1990-05-20',
      genre_id: ids.genre, civil_status_id: ids.civilStatus, naturalness_id: ids.city, nationality_id: ids.nationality,
      individual_registration: cpf,
      course_relations: [courseRelation()],
      ...overrides,
    });

    beforeAll(async () => {
      server = await startTestServer(kind);
      await seedReferenceData(server.db);
      ids.personType = await idOf('party_types', 'code', 'pessoa_fisica');
      ids.genre = await idOf('genres', 'denomination', 'Masculino');
      ids.civilStatus = await idOf('civil_statuses', 'denomination', 'Solteiro(a)');
      ids.city = await idOf('cities', 'ibge_code', 5300108);
      ids.nationality = await idOf('nationalities', 'denomination', 'Brasileira');
      ids.completed = await idOf('course_completion_situations', 'denomination', 'Concluído');
      ids.unb = await idOf('educational_institutions', 'acronym', 'UnB');
      ids.ufg = await idOf('educational_institutions', 'acronym', 'UFG');
      const level = await idOf('course_levels', 'denomination', 'Graduação');
      const course = (name: string, institution: number) => created('/api/cursos', { name, quantity: 10, specialization: 'N', course_level_id: level, educational_institution_id: institution });
      ids.civil = await course('Engenharia Civil', ids.unb);
      ids.electrical = await course('Engenharia Elétrica', ids.unb);
      ids.ufgCivil = await course('Engenharia Civil', ids.ufg);
      const sequence = await created('/api/sequencias', { name: 'Registros de diploma', formatting: '{numero:6}', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      ids.site = await created('/api/outros_locais_registro_diploma', { place: 'CREA-GO', sequence_id: sequence });
      ids.otherSite = await created('/api/outros_locais_registro_diploma', { place: 'Secretaria de Educação de Goiás', sequence_id: sequence });
    }, 120_000);
    afterAll(() => server?.close());

    it('keeps a course relation and its registrations at other sites as typed, with the person', async () => {
      const answer = await admin()('POST', '/api/pessoa_fisica', person('529.982.247-25'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.person = answer.body.data.id;
      const read = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      expect(read.course_relations).toHaveLength(1);
      const { id, diploma_registrations: registrations, ...fields } = read.course_relations[0];
      expect(typeof id).toBe('number');
      const { diploma_registrations: sent, ...typed } = courseRelation();
      expect(fields).toMatchObject(typed);
      expect(registrations.map(({ id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([expect.objectContaining(sent[0])]);

      // An edit adds a second registration and changes the first; the course keeps its id.
      const relation = read.course_relations[0];
      const edited = await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, {
        ...read,
        course_relations: [{ ...relation, mec_code: '54321', diploma_registrations: [
          { ...relation.diploma_registrations[0], leaf: '679' },
          { other_site_diploma_registration_id: ids.otherSite, register: 'SEDUC-9', book: '1', leaf: '2' },
        ] }],
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const again = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data.course_relations;
      expect(again.map((r: { id: number; mec_code: string }) => [r.id, r.mec_code])).toEqual([[relation.id, '54321']]);
      expect(again[0].diploma_registrations.map((r: { other_site_diploma_registration_id: number; register: string; leaf: string }) => [r.other_site_diploma_registration_id, r.register, r.leaf]))
        .toEqual([[ids.site, 'CREA-12345', '679'], [ids.otherSite, 'SEDUC-9', '2']]);

      // Removing the course removes its registrations with it.
      const current = (await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data;
      expect((await admin()('PUT', `/api/pessoa_fisica/${ids.person}`, { ...current, course_relations: [] })).status).toBe(200);
      expect((await admin()('GET', `/api/pessoa_fisica/${ids.person}`)).body.data.course_relations).toEqual([]);
      expect(await server.db.selectFrom('person_course_diploma_registrations').select('id').execute()).toEqual([]);
    });

    it('asks for the institution, the course, the CNPJ, the e-MEC code and the completion situation, on the row', async () => {
      const answer = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation(), courseRelation({ educational_institution_id: null, course_id: null, cnpj: '', mec_code: ' ', course_completion_situation_id: null, diploma_registrations: [] })],
      }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        'course_relations.1.educational_institution_id': ['O campo Instituição de ensino é obrigatório.'],
        'course_relations.1.course_id': ['O campo Curso é obrigatório.'],
        'course_relations.1.cnpj': ['O campo CNPJ da instituição é obrigatório.'],
        'course_relations.1.mec_code': ['O campo Código e-MEC do curso é obrigatório.'],
        'course_relations.1.course_completion_situation_id': ['O campo Situação de conclusão é obrigatório.'],
      });
      expect(await server.db.selectFrom('persons').select('id').where('individual_registration', '=', '111.444.777-35').execute()).toEqual([]);
    });

    it('refuses a bad CNPJ, an e-MEC code with letters, long book, leaf and register fields, a pending flag and a course load off their rules', async () => {
      const answer = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({
          cnpj: '11.111.111/1111-11', mec_code: '12A45', course_load: 'muitas', pending: 'X',
          expedition_book: '12345678901', mec_leaf: '12345678901', see_register: '1'.repeat(21),
        })],
      }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        'course_relations.0.cnpj': ['CNPJ Inválido'],
        'course_relations.0.mec_code': ['O campo Código e-MEC do curso deve conter apenas números.'],
        'course_relations.0.course_load': [expect.stringMatching(/^O campo Carga horária /)],
        'course_relations.0.pending': [expect.stringMatching(/^O campo Pendente /)],
        'course_relations.0.expedition_book': ['O campo Livro de expedição não pode ter mais de 10 caracteres.'],
        'course_relations.0.mec_leaf': ['O campo Folha do registro no MEC não pode ter mais de 10 caracteres.'],
        'course_relations.0.see_register': ['O campo Registro do registro na SEE não pode ter mais de 20 caracteres.'],
      });
      // The CNPJ typed as digits is kept in its written form.
      const digits = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', { course_relations: [courseRelation({ cnpj: INSTITUTION_CNPJ.replace(/\D/g, ''), diploma_registrations: [] })] }));
      expect(digits.status, JSON.stringify(digits.body)).toBe(201);
      expect(digits.body.data.course_relations[0].cnpj).toBe(INSTITUTION_CNPJ);
      expect((await admin()('DELETE', `/api/pessoa_fisica/${digits.body.data.id}`)).status).toBe(200);
    });

    it('asks a registration at another site for its site, numbers in book and leaf, and at most 20 characters of register', async () => {
      const answer = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({ diploma_registrations: [
          { other_site_diploma_registration_id: ids.site, register: 'ok', book: '1', leaf: '2' },
          { other_site_diploma_registration_id: null, register: 'R'.repeat(21), book: 'L1', leaf: 'F2' },
        ] })],
      }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        'course_relations.0.diploma_registrations.1.other_site_diploma_registration_id': ['O campo Local de registro é obrigatório.'],
        'course_relations.0.diploma_registrations.1.register': ['O campo Registro não pode ter mais de 20 caracteres.'],
        'course_relations.0.diploma_registrations.1.book': ['O campo Livro deve conter apenas números.'],
        'course_relations.0.diploma_registrations.1.leaf': ['O campo Folha deve conter apenas números.'],
      });
      const unknownSite = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({ diploma_registrations: [{ other_site_diploma_registration_id: 999999 }] })],
      }));
      expect(unknownSite.status).toBe(422);
      expect(Object.keys(unknownSite.body.errors)).toEqual(['course_relations.0.diploma_registrations.0.other_site_diploma_registration_id']);
      expect(await server.db.selectFrom('persons').select('id').where('individual_registration', '=', '111.444.777-35').execute()).toEqual([]);
    });

    it('keeps the dates in order: entry before completion, graduation and its forecast; graduation before the diploma', async () => {
      const answer = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({ entry_date: '2015-03-01', completion_date: '2014-12-20', graduation_date: '2015-02-28', expected_completion_date: '2015-01-01', diploma_date: '2015-02-01', diploma_registrations: [] })],
      }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        'course_relations.0.completion_date': ['A data de conclusão não pode ser anterior à data de ingresso.'],
        'course_relations.0.graduation_date': ['A data de colação de grau não pode ser anterior à data de ingresso.'],
        'course_relations.0.expected_completion_date': ['A previsão de conclusão não pode ser anterior à data de ingresso.'],
        'course_relations.0.diploma_date': ['A data do diploma não pode ser anterior à data de colação de grau.'],
      });
      // The same day passes; a row that names only some dates is judged by those.
      const sameDay = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({ entry_date: '2015-03-01', completion_date: '2015-03-01', graduation_date: null, expected_completion_date: null, diploma_date: '2010-01-01', diploma_registrations: [] })],
      }));
      expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(201);
      // An edit that changes one date of a stored row is judged against the row's other dates.
      const { entry_date: _entry, diploma_registrations: _registrations, ...stored } = sameDay.body.data.course_relations[0];
      const edit = await admin()('PUT', `/api/pessoa_fisica/${sameDay.body.data.id}`, { ...sameDay.body.data, course_relations: [{ ...stored, completion_date: '2015-02-01' }] });
      expect(edit.status).toBe(422);
      expect(edit.body.errors).toEqual({ 'course_relations.0.completion_date': ['A data de conclusão não pode ser anterior à data de ingresso.'] });
      expect((await admin()('DELETE', `/api/pessoa_fisica/${sameDay.body.data.id}`)).status).toBe(200);
    });

    it("lists the chosen institution's courses and takes no course of another institution", async () => {
      const combo = await admin()('GET', `/api/cursos/combos?educational_institution_id=${ids.unb}`);
      expect(combo.status).toBe(200);
      expect(combo.body.data.map((o: { id: number }) => o.id).sort()).toEqual([ids.civil, ids.electrical].sort());
      const answer = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation(), courseRelation({ course_id: ids.ufgCivil, diploma_registrations: [] })],
      }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ 'course_relations.1.course_id': [COURSE_NOT_OF_INSTITUTION] });
      const right = await admin()('POST', '/api/pessoa_fisica', person('111.444.777-35', {
        course_relations: [courseRelation({ educational_institution_id: ids.ufg, course_id: ids.ufgCivil, diploma_registrations: [] })],
      }));
      expect(right.status, JSON.stringify(right.body)).toBe(201);
      // An edit that changes only the institution of a stored row is judged with the row's course.
      const stored = right.body.data.course_relations[0];
      const moved = await admin()('PUT', `/api/pessoa_fisica/${right.body.data.id}`, { ...right.body.data, course_relations: [{ ...stored, educational_institution_id: ids.unb }] });
      expect(moved.status).toBe(422);
      expect(moved.body.errors).toEqual({ 'course_relations.0.course_id': [COURSE_NOT_OF_INSTITUTION] });
      expect((await admin()('GET', `/api/pessoa_fisica/${right.body.data.id}`)).body.data.course_relations[0].educational_institution_id).toBe(ids.ufg);
    });
  });
}
