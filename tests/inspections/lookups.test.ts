/**
 * The inspections' lookups through the API, on both databases: an infraction type's interest is an
 * exact decimal from 0.00 to 100.00; a pendency type's deadline is a deadline type with its amount;
 * an annotation type needs its group and keeps its infraction and pendency types; an inspection
 * team's employees are persons of the employee party type, each once, with one rapporteur and one
 * coordinator at most; each lookup answers only to its own permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEADLINE_AMOUNT_MISSING, DEADLINE_TYPE_MISSING, EMPLOYEE_REPEATED, NOT_AN_EMPLOYEE, ONE_COORDINATOR, ONE_RAPPORTEUR,
} from '../../src/server/features/inspections/lookups.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`inspection lookups [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    const employees: number[] = [];
    let notEmployee = 0;
    const created = async (path: string, body: Record<string, unknown>) => {
      const answer = await api('POST', path, body);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const party = async (name: string, code: string) => {
      const type = await server.db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      const row = await server.db.insertInto('parties').values({ name, behave_like: 1, party_type_id: type.id }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      employees.push(await party('Ana Fiscal', 'funcionario'), await party('Bruno Fiscal', 'funcionario'), await party('Carla Fiscal', 'funcionario'));
      notEmployee = await party('Davi Inscrito', 'pessoa_fisica');
    }, 120_000);

    afterAll(async () => server?.close());

    it('keeps the three denomination lookups, unique and inactivatable', async () => {
      for (const module of ['tipos_fiscalizacao', 'tipos_acao_fiscalizacao', 'tipos_grupo_anotacao_fiscalizacao']) {
        const record = await created(`/api/${module}`, { denomination: 'Rotina' });
        expect(record).toMatchObject({ denomination: 'Rotina', inactivated: false });
        const again = await api('POST', `/api/${module}`, { denomination: ' rotina ' });
        expect(again.status).toBe(422);
        expect(again.body.errors.denomination).toEqual(['Já existe um registro com este valor.']);
        const blank = await api('POST', `/api/${module}`, { denomination: '  ' });
        expect(blank.body.errors.denomination).toEqual(['O campo Denominação é obrigatório.']);
        const off = await api('PUT', `/api/${module}/${record.id}`, { denomination: 'Rotina', inactivated: true });
        expect(off.status).toBe(200);
        expect(off.body.data.inactivated).toBe(true);
      }
    });

    it('stores an infraction type\'s interest exactly, from 0.00 to 100.00', async () => {
      const record = await created('/api/tipos_infracao_fiscalizacao', {
        denomination: 'Exercício ilegal', order: 1, legal_basis: 'Lei 5.194/1966, art. 6º', interest_percentage: '12.35', recommendation: 'Regularizar o registro.',
      });
      expect(record.interest_percentage).toBe('12.35');
      expect((await api('GET', `/api/tipos_infracao_fiscalizacao/${record.id}`)).body.data.interest_percentage).toBe('12.35');
      for (const edge of ['0', '0.00', '100', '100.00']) {
        const answer = await api('PUT', `/api/tipos_infracao_fiscalizacao/${record.id}`, { denomination: 'Exercício ilegal', interest_percentage: edge });
        expect(answer.status, `${edge}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      const refusals: [unknown, string][] = [
        ['100.01', 'O campo Percentual de juros deve ser no máximo 100.'],
        ['-0.01', 'O campo Percentual de juros deve ser no mínimo 0.'],
        ['1.234', 'O campo Percentual de juros deve conter no máximo 2 casas decimais.'],
        ['abc', 'O campo Percentual de juros deve ser um número.'],
      ];
      for (const [value, message] of refusals) {
        const answer = await api('PUT', `/api/tipos_infracao_fiscalizacao/${record.id}`, { denomination: 'Exercício ilegal', interest_percentage: value });
        expect(answer.status, String(value)).toBe(422);
        expect(answer.body.errors.interest_percentage, String(value)).toEqual([message]);
      }
      expect((await api('GET', `/api/tipos_infracao_fiscalizacao/${record.id}`)).body.data.interest_percentage).toBe('100.00');
      const missing = await api('POST', '/api/tipos_infracao_fiscalizacao', { interest_percentage: '1.00' });
      expect(missing.body.errors.denomination).toEqual(['O campo Denominação é obrigatório.']);
    });

    it('asks a pendency type for its deadline type and amount together', async () => {
      const deadlineType = await created('/api/tipos_prazo', { denomination: 'Prazo de regularização', alterability: 1, time_unit: 3, counting_way: 1 });
      const lacking = await api('POST', '/api/tipos_pendencias', { denomination: 'Documentação', deadline_type_id: deadlineType.id });
      expect(lacking.status).toBe(422);
      expect(lacking.body.errors).toEqual({ deadline_amount: [DEADLINE_AMOUNT_MISSING] });
      const typeless = await api('POST', '/api/tipos_pendencias', { denomination: 'Documentação', deadline_amount: 10 });
      expect(typeless.body.errors).toEqual({ deadline_type_id: [DEADLINE_TYPE_MISSING] });
      const record = await created('/api/tipos_pendencias', { denomination: 'Documentação', deadline_type_id: deadlineType.id, deadline_amount: 10 });
      expect(record).toMatchObject({ deadline_type_id: deadlineType.id, deadline_amount: 10 });
      const cleared = await api('PUT', `/api/tipos_pendencias/${record.id}`, { denomination: 'Documentação', deadline_type_id: null, deadline_amount: 10 });
      expect(cleared.body.errors).toEqual({ deadline_type_id: [DEADLINE_TYPE_MISSING] });
      expect((await api('PUT', `/api/tipos_pendencias/${record.id}`, { denomination: 'Documentação', deadline_type_id: null, deadline_amount: null })).status).toBe(200);
      expect((await api('POST', '/api/tipos_pendencias', { denomination: 'Sem prazo' })).status).toBe(201);
      const zero = await api('POST', '/api/tipos_pendencias', { denomination: 'Zero', deadline_type_id: deadlineType.id, deadline_amount: 0 });
      expect(zero.body.errors.deadline_amount).toEqual(['O campo Quantidade do prazo deve ser no mínimo 1.']);
    });

    it('keeps an annotation type in its group with its infraction and pendency types', async () => {
      const group = await created('/api/tipos_grupo_anotacao_fiscalizacao', { denomination: 'Irregularidades' });
      const infraction = await created('/api/tipos_infracao_fiscalizacao', { denomination: 'Falta de responsável técnico' });
      const pendency = await created('/api/tipos_pendencias', { denomination: 'Apresentar ART' });
      const groupless = await api('POST', '/api/tipos_anotacao_fiscalizacao', { denomination: 'Sem RT' });
      expect(groupless.status).toBe(422);
      expect(groupless.body.errors.inspection_annotation_group_type_id).toEqual(['O campo Grupo de anotação é obrigatório.']);
      const record = await created('/api/tipos_anotacao_fiscalizacao', {
        denomination: 'Sem RT', inspection_annotation_group_type_id: group.id, substantiation: 'Art. 59', message: 'Contrate um responsável técnico.',
        infraction_types: [infraction.id], pendency_types: [pendency.id],
      });
      const shown = (await api('GET', `/api/tipos_anotacao_fiscalizacao/${record.id}`)).body.data;
      expect(shown).toMatchObject({ inspection_annotation_group_type_id: group.id, infraction_types: [infraction.id], pendency_types: [pendency.id] });
    });

    it('makes a team of employees, each once, with one rapporteur and one coordinator at most', async () => {
      const [ana, bruno, carla] = employees;
      const team = await created('/api/equipe_fiscalizacao', { denomination: 'Equipe Norte', employees: [
        { party_id: ana, rapporteur: true, coordinator: true },
        { party_id: bruno },
      ] });
      const shown = (await api('GET', `/api/equipe_fiscalizacao/${team.id}`)).body.data;
      expect(shown.employees.map((row: any) => [row.party_id, row.rapporteur, row.coordinator])).toEqual([[ana, true, true], [bruno, false, false]]);

      const empty = await api('POST', '/api/equipe_fiscalizacao', { denomination: 'Equipe Vazia', employees: [] });
      expect(empty.status).toBe(201);
      const outsider = await api('POST', '/api/equipe_fiscalizacao', { denomination: 'Equipe Sul', employees: [{ party_id: ana }, { party_id: notEmployee }] });
      expect(outsider.status).toBe(422);
      expect(outsider.body.errors).toEqual({ 'employees.1.party_id': [NOT_AN_EMPLOYEE] });
      const twice = await api('POST', '/api/equipe_fiscalizacao', { denomination: 'Equipe Sul', employees: [{ party_id: ana }, { party_id: ana }] });
      expect(twice.body.errors).toEqual({ 'employees.1.party_id': [EMPLOYEE_REPEATED] });
      const rapporteurs = await api('PUT', `/api/equipe_fiscalizacao/${team.id}`, { denomination: 'Equipe Norte', employees: [
        { id: shown.employees[0].id, party_id: ana, rapporteur: true },
        { id: shown.employees[1].id, party_id: bruno, rapporteur: true },
        { party_id: carla, coordinator: true },
      ] });
      expect(rapporteurs.status).toBe(422);
      expect(rapporteurs.body.errors).toEqual({ 'employees.1.rapporteur': [ONE_RAPPORTEUR] });
      const coordinators = await api('POST', '/api/equipe_fiscalizacao', { denomination: 'Equipe Leste', employees: [{ party_id: bruno, coordinator: true }, { party_id: carla, coordinator: true }] });
      expect(coordinators.body.errors).toEqual({ 'employees.1.coordinator': [ONE_COORDINATOR] });
      const moved = await api('PUT', `/api/equipe_fiscalizacao/${team.id}`, { denomination: 'Equipe Norte', employees: [
        { id: shown.employees[0].id, party_id: ana },
        { id: shown.employees[1].id, party_id: bruno, rapporteur: true },
        { party_id: carla, coordinator: true },
      ] });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const after = (await api('GET', `/api/equipe_fiscalizacao/${team.id}`)).body.data;
      expect(after.employees.map((row: any) => [row.party_id, row.rapporteur, row.coordinator])).toEqual([[ana, false, false], [bruno, true, false], [carla, false, true]]);
    });

    it('answers each lookup only to its own permissions', async () => {
      const reader = call(server, (await userWith(server, [{ name: 'inspectionTeam.index' }, { name: 'inspectionInfractionType.show' }])).token);
      expect((await reader('GET', '/api/equipe_fiscalizacao')).status).toBe(200);
      expect((await reader('POST', '/api/equipe_fiscalizacao', { denomination: 'Equipe Oeste', employees: [{ party_id: employees[0] }] })).status).toBe(403);
      expect((await reader('GET', '/api/tipos_pendencias')).status).toBe(403);
      expect((await reader('POST', '/api/tipos_infracao_fiscalizacao', { denomination: 'Outra' })).status).toBe(403);
      expect((await reader('GET', '/api/tipos_fiscalizacao')).status).toBe(403);
    });
  });
}
