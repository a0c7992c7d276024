/**
 * An inspection action's number, supervisors, rapporteur and conclusion, and its annotations,
 * infractions and pendencies through the API, on both databases: numbers drawn from sequences (never
 * repeated, kept on edit), the rapporteur an employee, the supervisor added when the list is left out,
 * an annotation's type admitting its infractions' and pendencies' types, a pendency's deadline equal to
 * its simulation, pendencies resolved one or several at once (their deadlines completed), an action
 * concluded for good, a closed action refusing its children, deleting an action with its annotations,
 * infractions and pendencies (their deadlines cancelled), and the documents of actions and annotations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_CONCLUDED, CANCELLED_NOT_CONCLUDED, CANCELLED_UNCHANGED, CONCLUDED, CONCLUDED_MANY, CONCLUDED_NOT_CANCELLED, CONCLUDED_UNCHANGED, RAPPORTEUR_NOT_EMPLOYEE, SUPERVISE } from '../../src/server/features/inspections/actions.js';
import { OPEN_PENDENCIES, PENDENCY_STARTS_LATER, RESOLVE_INVALID, RESOLVED_BY_CONCLUSION } from '../../src/server/features/inspections/conclusion.js';
import { ANNOTATION_OF_ANOTHER_ACTION, DATE_REQUIRED, INFRACTION_TYPE_NOT_ADMITTED, START_DATE_REQUIRED } from '../../src/server/features/inspections/annotations.js';
import {
  ALREADY_RESOLVED, BASE_MOMENT_INVALID, BASE_SOURCES, END_DATE_REQUIRED, PENDENCY_RESOLVED_UNCHANGED, PENDENCY_TYPE_KEPT, PENDENCY_TYPE_NOT_ADMITTED, RESOLVED, RESOLVED_MANY,
} from '../../src/server/features/inspections/pendencies.js';
import { TOO_DEEP, TOO_MANY_ITEMS } from '../../src/server/core/http/json-body.js';
import { INVALID_IDS, MAX_BATCH_IDS, TOO_MANY_IDS } from '../../src/server/core/resources/id-list.js';
import { multipart, PDF } from '../files/support.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

type Row = Record<string, any>;

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`inspection actions' annotations, infractions and pendencies [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let actionBody: () => Row;
    let ids: Record<string, number>;
    const created = async (path: string, values: Row) => {
      const answer = await api('POST', path, values);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Row;
    };
    const party = async (name: string, code: string, behaveLike: number) => {
      const row = await server.db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      return Number((await server.db.insertInto('parties').values({ name, behave_like: behaveLike, party_type_id: row.id }).returning('id').executeTakeFirstOrThrow()).id);
    };
    const sequence = async (name: string, formatting: string, auto = true) =>
      Number((await created('/api/sequencias', { name, number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: auto, has_book: false, formatting })).id);
    const deadline = async (id: number) => (await api('GET', `/api/deadlines/histories/${id}`)).body.data as Row;

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const company = await party('Construtora Alfa Ltda', 'pessoa_juridica', 2);
      const rapporteur = await party('Ana Relatora', 'funcionario', 1);
      const person = await party('Bruno Pessoa', 'pessoa_fisica', 1);
      const actions = await sequence('Ações', 'AF-{numero}/{ano}');
      const inspectionType = Number((await created('/api/tipos_fiscalizacao', { denomination: 'Rotina' })).id);
      const inspection = Number((await created('/api/fiscalizacoes', { inspection_type_id: inspectionType, sequence_id: await sequence('Fiscalizações', '{numero}/{ano}'), inspected_id: company, start_date: `${YEAR}-03-02` })).id);
      const actionType = Number((await created('/api/tipos_acao_fiscalizacao', { denomination: 'Vistoria' })).id);
      const days = Number((await created('/api/tipos_prazo', { denomination: 'Dez dias úteis', alterability: 1, time_unit: 3, counting_way: 1 })).id);
      const infractionType = Number((await created('/api/tipos_infracao_fiscalizacao', { denomination: 'Obra sem responsável técnico', sequence_id: await sequence('Infrações', 'INF-{numero}', false) })).id);
      const otherInfractionType = Number((await created('/api/tipos_infracao_fiscalizacao', { denomination: 'Placa ausente' })).id);
      const pendencyType = Number((await created('/api/tipos_pendencias', { denomination: 'Apresentar ART', sequence_id: await sequence('Pendências', 'PEN-{numero}', false), deadline_type_id: days, deadline_amount: 10 })).id);
      const otherPendencyType = Number((await created('/api/tipos_pendencias', { denomination: 'Sem prazo' })).id);
      const group = Number((await created('/api/tipos_grupo_anotacao_fiscalizacao', { denomination: 'Responsabilidade técnica' })).id);
      const annotationType = Number((await created('/api/tipos_anotacao_fiscalizacao', { denomination: 'Falta de ART', inspection_annotation_group_type_id: group, infraction_types: [infractionType], pendency_types: [pendencyType] })).id);
      const supervisor = (await userWith(server, [])).id;
      ids = { company, rapporteur, person, actions, inspection, actionType, infractionType, otherInfractionType, pendencyType, otherPendencyType, annotationType, supervisor, days };
      actionBody = () => ({
        inspection_action_type_id: actionType, inspection_id: inspection, inspected_id: company, rapporteur_id: rapporteur, sequence_id: actions,
        start_date: `${YEAR}-03-03`, end_date: `${YEAR}-03-04`, supervisors: [{ user_id: supervisor }],
      });
    }, 120_000);

    afterAll(async () => server?.close());

    const newAction = async (values: Row = {}) => created('/api/acoes_fiscalizacao', { ...actionBody(), ...values });
    const annotationOf = async (action: Row, values: Row = {}) =>
      created('/api/anotacoes_acao_fiscalizacao', { inspection_action_id: action.id, inspection_annotation_type_id: ids.annotationType, date: `${YEAR}-03-03`, notes: 'Obra sem ART.', recidivist: true, ...values });
    const pendencyOf = async (action: Row, annotation: Row | null, values: Row = {}) =>
      created('/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, inspection_action_annotation_id: annotation?.id ?? null, pendency_type_id: ids.pendencyType, start_date: `${YEAR}-03-03`, ...values });

    it('numbers actions from their sequence, never twice, keeps the number on edit, and stores end notes and the deadline date', async () => {
      const first = await newAction({ number: 99, formatted_number: 'X', end_notes: 'Encerrada sem pendências.', deadline_date: `${YEAR}-04-30` });
      expect(first).toMatchObject({ number: 1, formatted_number: `AF-1/${YEAR}`, end_notes: 'Encerrada sem pendências.', deadline_date: `${YEAR}-04-30`, concluded: false });
      const many = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/api/acoes_fiscalizacao', actionBody())));
      expect(many.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      expect(many.map((answer) => answer.body.data.number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
      const edit = await api('PUT', `/api/acoes_fiscalizacao/${first.id}`, { ...actionBody(), notes: 'Alterada' });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(edit.body.data).toMatchObject({ number: 1, formatted_number: `AF-1/${YEAR}` });
      const refused = await api('POST', '/api/acoes_fiscalizacao', { ...actionBody(), rapporteur_id: ids.person });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ rapporteur_id: [RAPPORTEUR_NOT_EMPLOYEE] });
      expect((await api('POST', '/api/acoes_fiscalizacao', actionBody())).body.data.number).toBe(7);
      const noSequence = await api('POST', '/api/acoes_fiscalizacao', { ...actionBody(), sequence_id: null });
      expect(noSequence.body.errors).toEqual({ sequence_id: ['O campo Sequência é obrigatório.'] });
    });

    it('tells a supervisor so, and puts them among a new action\'s supervisors when the list is left out', async () => {
      const grants = [{ name: 'inspectionAction.store' }, { name: 'inspectionAction.show' }];
      const supervisor = await userWith(server, [...grants, { name: SUPERVISE }]);
      const clerk = await userWith(server, grants);
      const asSupervisor = call(server, supervisor.token);
      const asClerk = call(server, clerk.token);
      expect((await asSupervisor('GET', '/api/acoes_fiscalizacao/supervisor_check')).body.data).toEqual({ supervisor: true, user_id: supervisor.id });
      expect((await asClerk('GET', '/api/acoes_fiscalizacao/supervisor_check')).body.data).toEqual({ supervisor: false, user_id: clerk.id });
      const { supervisors: _s, ...withoutList } = actionBody();
      const mine = await asSupervisor('POST', '/api/acoes_fiscalizacao', withoutList);
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      expect(mine.body.data.supervisors.map((row: Row) => row.user_id)).toEqual([supervisor.id]);
      const chosen = await asSupervisor('POST', '/api/acoes_fiscalizacao', actionBody());
      expect(chosen.body.data.supervisors.map((row: Row) => row.user_id)).toEqual([ids.supervisor]);
      const none = await asClerk('POST', '/api/acoes_fiscalizacao', withoutList);
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({ supervisors: ['A lista de fiscais é obrigatória!'] });
      expect((await call(server, (await userWith(server, [{ name: 'inspectionAction.index' }])).token)('GET', '/api/acoes_fiscalizacao/supervisor_check')).status).toBe(403);
    });

    it('keeps annotations with infractions of the types their type admits, numbered by the infraction type\'s sequence', async () => {
      const action = await newAction();
      const other = await newAction();
      const annotation = await annotationOf(action);
      expect(annotation).toMatchObject({ recidivist: true, date: `${YEAR}-03-03` });
      const infraction = await created('/api/infracoes_acao_fiscalizacao', {
        inspection_action_id: action.id, inspection_action_annotation_id: annotation.id, inspection_infraction_type_id: ids.infractionType,
        start_date: `${YEAR}-03-03`, end_date: `${YEAR}-03-10`, deadline_date: `${YEAR}-04-03`, notes: 'Sem ART.', facts: 'Obra em andamento sem responsável.', instruments: 'Fotos.', recommendation: 'Registrar ART.',
      });
      expect(infraction).toMatchObject({ number: 1, formatted_number: 'INF-1', facts: 'Obra em andamento sem responsável.', deadline_date: `${YEAR}-04-03` });
      const base = { inspection_action_id: action.id, inspection_action_annotation_id: annotation.id, inspection_infraction_type_id: ids.infractionType };
      const notAdmitted = await api('POST', '/api/infracoes_acao_fiscalizacao', { ...base, inspection_infraction_type_id: ids.otherInfractionType });
      expect(notAdmitted.status).toBe(422);
      expect(notAdmitted.body.errors).toEqual({ inspection_infraction_type_id: [INFRACTION_TYPE_NOT_ADMITTED] });
      const elsewhere = await api('POST', '/api/infracoes_acao_fiscalizacao', { ...base, inspection_action_id: other.id });
      expect(elsewhere.body.errors).toEqual({ inspection_action_annotation_id: [ANNOTATION_OF_ANOTHER_ACTION] });
      const late = await api('POST', '/api/infracoes_acao_fiscalizacao', { ...base, start_date: `${YEAR}-03-11`, end_date: `${YEAR}-03-10` });
      expect(late.body.errors).toEqual({ end_date: ['A data inicial não pode ser posterior à data final.'] });
      const required = await api('POST', '/api/infracoes_acao_fiscalizacao', {});
      expect(Object.keys(required.body.errors).sort()).toEqual(['inspection_action_annotation_id', 'inspection_action_id', 'inspection_infraction_type_id']);
      const renumbered = await api('PUT', `/api/infracoes_acao_fiscalizacao/${infraction.id}`, { ...base, start_date: `${YEAR}-03-03`, number: 77, formatted_number: 'INF-77', facts: 'Obra parada.' });
      expect(renumbered.status, JSON.stringify(renumbered.body)).toBe(200);
      expect(renumbered.body.data).toMatchObject({ number: 1, formatted_number: 'INF-1', facts: 'Obra parada.' });
      const startless = await api('PUT', `/api/infracoes_acao_fiscalizacao/${infraction.id}`, { ...base, start_date: null });
      expect(startless.body.errors).toEqual({ start_date: [START_DATE_REQUIRED] });
      const dateless = await api('PUT', `/api/anotacoes_acao_fiscalizacao/${annotation.id}`, { inspection_action_id: action.id, inspection_annotation_type_id: ids.annotationType, date: null });
      expect(dateless.status).toBe(422);
      expect(dateless.body.errors).toEqual({ date: [DATE_REQUIRED] });
      const undated = await annotationOf(action, { date: null });
      expect(undated.date).toBeNull();
      const typeless = await api('POST', '/api/anotacoes_acao_fiscalizacao', { inspection_action_id: action.id });
      expect(typeless.body.errors).toEqual({ inspection_annotation_type_id: ['O campo Tipo de anotação é obrigatório.'] });
    });

    it('gives a pendency the deadline its simulation showed, and resolves pendencies one or several at once', async () => {
      const action = await newAction();
      const annotation = await annotationOf(action);
      const simulation = await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType, start_date: `${YEAR}-03-03` });
      expect(simulation.status, JSON.stringify(simulation.body)).toBe(200);
      expect(simulation.body.message).toBe('Simulação do prazo incluída com sucesso');
      const pendency = await pendencyOf(action, annotation, { notes: 'Apresentar a ART da obra.' });
      expect(pendency).toMatchObject({ number: 1, formatted_number: 'PEN-1', concluded: false, deadline_moment: simulation.body.data.deadline_moment });
      expect(simulation.body.data.deadline_moment).toMatch(new RegExp(`^${YEAR}-03-\\d\\d 23:59:59$`));
      expect(await deadline(pendency.deadline_id)).toMatchObject({ status: 1, amount: 10, deadline_type_id: ids.days, base_moment: `${YEAR}-03-03 00:00:00` });
      const withBase = await pendencyOf(action, null, { base_moment: `${YEAR}-03-05T14:00:00-03:00` });
      const simulatedBase = await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType, base_moment: `${YEAR}-03-05 14:00:00` });
      expect(simulatedBase.body.data.base_moment).toBe(`${YEAR}-03-05 14:00:00`);
      expect(withBase.deadline_moment).toBe(simulatedBase.body.data.deadline_moment);
      expect((await deadline(withBase.deadline_id)).base_moment).toBe(`${YEAR}-03-05 14:00:00`);
      const noDeadline = await pendencyOf(action, null, { pendency_type_id: ids.otherPendencyType });
      expect(noDeadline).toMatchObject({ deadline_id: null, deadline_moment: null, number: null });
      expect((await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.otherPendencyType })).status).toBe(422);

      const notAdmitted = await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, inspection_action_annotation_id: annotation.id, pendency_type_id: ids.otherPendencyType });
      expect(notAdmitted.body.errors).toEqual({ pendency_type_id: [PENDENCY_TYPE_NOT_ADMITTED] });
      const badMoment = await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, pendency_type_id: ids.pendencyType, base_moment: 'amanhã' });
      expect(Object.keys(badMoment.body.errors)).toEqual(['base_moment']);
      const noSuchDay = await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, pendency_type_id: ids.pendencyType, base_moment: `${YEAR}-02-30T10:00:00-03:00` });
      expect(noSuchDay.status, JSON.stringify(noSuchDay.body)).toBe(422);
      expect(noSuchDay.body.errors).toEqual({ base_moment: [BASE_MOMENT_INVALID] });
      expect((await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType, base_moment: 'amanhã' })).body.errors).toEqual({ base_moment: [BASE_MOMENT_INVALID] });
      const retyped = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}`, { inspection_action_id: action.id, pendency_type_id: ids.otherPendencyType });
      expect(retyped.body.errors).toEqual({ pendency_type_id: [PENDENCY_TYPE_KEPT] });

      const endless = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, { end_notes: 'ART apresentada.' });
      expect(endless.status).toBe(422);
      expect(endless.body.errors).toEqual({ end_date: [END_DATE_REQUIRED] });
      const resolved = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, { end_date: `${YEAR}-03-06`, end_notes: 'ART apresentada.' });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      expect(resolved.body.message).toBe(RESOLVED);
      expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${pendency.id}`)).body.data).toMatchObject({ concluded: true, end_date: `${YEAR}-03-06`, end_notes: 'ART apresentada.' });
      expect((await deadline(pendency.deadline_id)).status).toBe(3);
      const again = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, { end_date: `${YEAR}-03-06` });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_RESOLVED);
      const edit = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}`, { inspection_action_id: action.id, pendency_type_id: ids.pendencyType, notes: 'x' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(PENDENCY_RESOLVED_UNCHANGED);

      const both = await api('PUT', '/api/pendencias_acao_fiscalizacao/conclude', { ids: [withBase.id, noDeadline.id], end_date: `${YEAR}-03-07` });
      expect(both.status, JSON.stringify(both.body)).toBe(200);
      expect(both.body.message).toBe(RESOLVED_MANY);
      expect((await deadline(withBase.deadline_id)).status).toBe(3);
      expect((await api('PUT', '/api/pendencias_acao_fiscalizacao/conclude', { ids: [], end_date: `${YEAR}-03-07` })).status).toBe(422);
      expect((await api('PUT', '/api/pendencias_acao_fiscalizacao/999999/conclude', { end_date: `${YEAR}-03-07` })).status).toBe(404);
      const reader = call(server, (await userWith(server, [{ name: 'inspectionActionPendency.index' }, { name: 'inspectionActionPendency.show' }])).token);
      expect((await reader('PUT', '/api/pendencias_acao_fiscalizacao/conclude', { ids: [withBase.id], end_date: `${YEAR}-03-07` })).status).toBe(403);
    });

    it('concludes an action for good, and a closed action takes no annotation, infraction or pendency', async () => {
      const action = await newAction();
      const annotation = await annotationOf(action);
      const concluded = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id], end_notes: 'Concluída.' });
      expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
      expect(concluded.body.message).toBe(CONCLUDED);
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data).toMatchObject({ concluded: true, end_notes: 'Concluída.', end_date: `${YEAR}-03-04` });
      const again = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id] });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_CONCLUDED);
      // A refusal of the action's state, not a stale save: no `code` a client would take for one.
      expect((await api('PUT', `/api/acoes_fiscalizacao/${action.id}`, actionBody())).body).toEqual({ message: CONCLUDED_UNCHANGED });
      expect((await api('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_reason: 'Tarde' })).body.message).toBe(CONCLUDED_NOT_CANCELLED);
      const late = await api('POST', '/api/anotacoes_acao_fiscalizacao', { inspection_action_id: action.id, inspection_annotation_type_id: ids.annotationType });
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(CONCLUDED_UNCHANGED);
      expect((await api('POST', '/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, pendency_type_id: ids.pendencyType })).status).toBe(409);
      expect((await api('POST', '/api/infracoes_acao_fiscalizacao', { inspection_action_id: action.id, inspection_action_annotation_id: annotation.id, inspection_infraction_type_id: ids.infractionType })).status).toBe(409);

      const cancelled = await newAction();
      await api('PUT', `/api/acoes_fiscalizacao/${cancelled.id}/cancel`, { cancellation_reason: 'Fechado' });
      const refused = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [cancelled.id] });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CANCELLED_NOT_CONCLUDED);
      expect((await api('POST', '/api/anotacoes_acao_fiscalizacao', { inspection_action_id: cancelled.id, inspection_annotation_type_id: ids.annotationType })).body.message).toBe(CANCELLED_UNCHANGED);

      const [one, two] = [await newAction(), await newAction()];
      const early = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [one.id, two.id], end_date: `${YEAR}-03-01` });
      expect(early.status).toBe(422);
      const many = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [one.id, two.id], end_date: `${YEAR}-03-20` });
      expect(many.body.message).toBe(CONCLUDED_MANY);
      expect((await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [] })).status).toBe(422);
      const reader = call(server, (await userWith(server, [{ name: 'inspectionAction.index' }, { name: 'inspectionAction.show' }])).token);
      expect((await reader('POST', '/api/acoes_fiscalizacao/conclude', { ids: [(await newAction()).id] })).status).toBe(403);
      const audit = await server.db.selectFrom('audits').select('event').where('module', '=', 'acoes_fiscalizacao').where('record_id', '=', action.id).orderBy('id').execute();
      expect(audit.map((row: Row) => row.event)).toEqual(['created', 'concluded']);
    });

    it('says what a pendency\'s deadline counts from, and that one counted from a past date is already overdue', async () => {
      const past = await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType, start_date: `${Number(YEAR) - 1}-03-03` });
      expect(past.status, JSON.stringify(past.body)).toBe(200);
      expect(past.body.data).toMatchObject({ base: 'start_date', base_label: BASE_SOURCES.start_date, base_moment: `${Number(YEAR) - 1}-03-03 00:00:00`, overdue: true });
      const typed = await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType, start_date: `${Number(YEAR) - 1}-03-03`, base_moment: `${Number(YEAR) + 1}-01-05 09:00:00` });
      expect(typed.body.data).toMatchObject({ base: 'base_moment', base_label: BASE_SOURCES.base_moment, base_moment: `${Number(YEAR) + 1}-01-05 09:00:00`, overdue: false });
      // No start date and no base moment: counted from the moment it is saved, never from the action's start.
      const undated = await api('POST', '/api/pendencias_acao_fiscalizacao/simulation', { pendency_type_id: ids.pendencyType });
      expect(undated.body.data).toMatchObject({ base: 'now', base_label: BASE_SOURCES.now, overdue: false });
      const action = await newAction();
      const pendency = await created('/api/pendencias_acao_fiscalizacao', { inspection_action_id: action.id, pendency_type_id: ids.pendencyType });
      expect(pendency.start_date).toBeNull();
      expect((await deadline(pendency.deadline_id)).base_moment.slice(0, 10)).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));
    });

    it('refuses to conclude an action with open pendencies, naming them, and concludes it resolving them when the person chooses so', async () => {
      const action = await newAction({ end_date: `${YEAR}-03-10` });
      const annotation = await annotationOf(action);
      const withDeadline = await pendencyOf(action, annotation);
      const loose = await pendencyOf(action, null, { pendency_type_id: ids.otherPendencyType });
      const name = action.formatted_number;
      const names = [`${withDeadline.formatted_number} (Apresentar ART)`, `#${loose.id} (Sem prazo)`];

      const refused = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id] });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.errors).toEqual({ resolve_pendencies: [OPEN_PENDENCIES(name, names)] });
      expect(refused.body.errors.resolve_pendencies[0]).toBe(`A ação ${name} tem 2 pendências abertas: ${names.join(', ')}. Resolva-as antes de concluir a ação, ou conclua-a resolvendo-as na data de término.`);
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data.concluded).toBe(false);
      expect((await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id], resolve_pendencies: false })).body.errors).toEqual({ resolve_pendencies: [OPEN_PENDENCIES(name, names)] });
      expect((await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id], resolve_pendencies: 'sim' })).body.errors).toEqual({ resolve_pendencies: [RESOLVE_INVALID] });

      // Resolved one by one, the rest is named alone.
      expect((await api('PUT', `/api/pendencias_acao_fiscalizacao/${loose.id}/conclude`, { end_date: `${YEAR}-03-05` })).status).toBe(200);
      const one = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id] });
      expect(one.body.errors).toEqual({ resolve_pendencies: [`A ação ${name} tem uma pendência aberta: ${names[0]}. Resolva-as antes de concluir a ação, ou conclua-a resolvendo-as na data de término.`] });

      const later = await pendencyOf(action, null, { start_date: `${YEAR}-03-12` });
      const tooEarly = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id], resolve_pendencies: true });
      expect(tooEarly.status).toBe(422);
      expect(tooEarly.body.errors).toEqual({ end_date: [PENDENCY_STARTS_LATER(`${later.formatted_number} (Apresentar ART)`, `${YEAR}-03-12`)] });
      expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${withDeadline.id}`)).body.data.concluded).toBe(false);

      const done = await api('POST', '/api/acoes_fiscalizacao/conclude', { ids: [action.id], resolve_pendencies: true, end_date: `${YEAR}-03-15` });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.message).toBe(CONCLUDED);
      expect(done.body.data[0].resolved_pendencies).toEqual([withDeadline.id, later.id]);
      for (const pendency of [withDeadline, later]) {
        expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${pendency.id}`)).body.data).toMatchObject({ concluded: true, end_date: `${YEAR}-03-15`, end_notes: RESOLVED_BY_CONCLUSION(name) });
        expect((await deadline(pendency.deadline_id)).status).toBe(3);
        const audit = await server.db.selectFrom('audits').select('event').where('module', '=', 'pendencias_acao_fiscalizacao').where('record_id', '=', pendency.id).orderBy('id').execute();
        expect(audit.map((row: Row) => row.event)).toEqual(['created', 'concluded']);
      }
      expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${loose.id}`)).body.data).toMatchObject({ end_date: `${YEAR}-03-05` });
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data).toMatchObject({ concluded: true, end_date: `${YEAR}-03-15` });
    });

    it('resolves a pendency left open under an action concluded before its pendencies were checked, but none under a cancelled action', async () => {
      const action = await newAction();
      const pendency = await pendencyOf(action, null);
      await server.db.updateTable('inspection_actions').set({ concluded: true }).where('id', '=', action.id).execute();
      const resolved = await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, { end_date: `${YEAR}-03-06`, end_notes: 'Resolvida depois.' });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      expect((await deadline(pendency.deadline_id)).status).toBe(3);
      expect((await api('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}`, { inspection_action_id: action.id, pendency_type_id: ids.pendencyType, notes: 'x' })).body.message).toBe(CONCLUDED_UNCHANGED);

      const cancelled = await newAction();
      const held = await pendencyOf(cancelled, null);
      await api('PUT', `/api/acoes_fiscalizacao/${cancelled.id}/cancel`, { cancellation_reason: 'Fechado' });
      const refused = await api('PUT', `/api/pendencias_acao_fiscalizacao/${held.id}/conclude`, { end_date: `${YEAR}-03-06` });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CANCELLED_UNCHANGED);
    });

    it('answers 422 on the field to hostile conclusions and simulations: lists past 1,000 ids, values nested 10,000 levels, an object for a text; nothing changes', async () => {
      const action = await newAction();
      const pendency = await pendencyOf(action, null);
      const send = async (method: 'POST' | 'PUT', url: string, payload: string) => {
        const answer = await server.app.inject({ method, url, payload, headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' } });
        return { status: answer.statusCode, errors: answer.json().errors };
      };
      const idsUpTo = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i + 1));
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      for (const [method, url] of [['POST', '/api/acoes_fiscalizacao/conclude'], ['PUT', '/api/pendencias_acao_fiscalizacao/conclude']] as const) {
        expect(await send(method, url, `{"ids":${idsUpTo(65_536)},"end_date":"${YEAR}-03-20"}`), url).toEqual({ status: 422, errors: { ids: [TOO_MANY_ITEMS] } });
        expect(await send(method, url, `{"ids":${idsUpTo(MAX_BATCH_IDS + 1)},"end_date":"${YEAR}-03-20"}`), url).toEqual({ status: 422, errors: { ids: [TOO_MANY_IDS] } });
        expect(await send(method, url, `{"ids":[${action.id},"abc"],"end_date":"${YEAR}-03-20"}`), url).toEqual({ status: 422, errors: { ids: [INVALID_IDS] } });
        expect(await send(method, url, `{"ids":[${action.id}],"end_date":${deep}}`), url).toEqual({ status: 422, errors: { end_date: [TOO_DEEP] } });
      }
      expect(await send('POST', '/api/acoes_fiscalizacao/conclude', `{"ids":[${action.id}],"end_notes":{"a":1}}`)).toEqual({ status: 422, errors: { end_notes: ['O campo Observações de encerramento deve ser um texto.'] } });
      expect(await send('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, `{"end_date":["${YEAR}-03-20"]}`)).toEqual({ status: 422, errors: { end_date: ['O campo Data de conclusão deve ser um texto.'] } });
      expect(await send('PUT', `/api/pendencias_acao_fiscalizacao/${pendency.id}/conclude`, `{"end_date":${deep}}`)).toEqual({ status: 422, errors: { end_date: [TOO_DEEP] } });
      expect(await send('POST', '/api/pendencias_acao_fiscalizacao/simulation', `{"pendency_type_id":${deep}}`)).toEqual({ status: 422, errors: { pendency_type_id: [TOO_DEEP] } });
      expect((await send('POST', '/api/pendencias_acao_fiscalizacao/simulation', `{"pendency_type_id":[${ids.pendencyType}]}`)).status).toBe(422);
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data).toMatchObject({ concluded: false });
      expect((await api('GET', `/api/pendencias_acao_fiscalizacao/${pendency.id}`)).body.data).toMatchObject({ concluded: false });
    });

    it('deletes an action with its annotations, infractions and pendencies, cancelling their deadlines, and keeps documents of actions and annotations', async () => {
      const action = await newAction();
      const annotation = await annotationOf(action);
      await created('/api/infracoes_acao_fiscalizacao', { inspection_action_id: action.id, inspection_action_annotation_id: annotation.id, inspection_infraction_type_id: ids.infractionType });
      const pendency = await pendencyOf(action, annotation);
      const loose = await pendencyOf(action, null);
      const type = await created('/api/tipo_documento', { denomination: `Auto de infração ${kind}`, accepted_extensions: ['pdf'], metadata: [{ name: 'Número', type: 'integer', required: true }] });
      const upload = async () => {
        const body = multipart('auto.pdf', PDF);
        const response = await server.app.inject({ method: 'POST', url: '/api/documento/files/document', headers: { ...body.headers, authorization: `Bearer ${server.adminToken}` }, payload: body.payload });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().data.id as string;
      };
      for (const [module, id] of [['acoes_fiscalizacao', action.id], ['anotacoes_acao_fiscalizacao', annotation.id]] as const) {
        const stored = await api('POST', `/api/${module}/${id}/documents/store`, { documents: [{ document_type_id: type.id, name: `Auto ${module}`, date: `${YEAR}-03-03`, document: await upload(), metadata: [{ id: type.metadata[0].id, value: 1 }] }] });
        expect(stored.status, JSON.stringify(stored.body)).toBe(201);
        expect(stored.body.with_errors).toBeFalsy();
        const listed = await api('GET', `/api/${module}/${id}/documents`);
        expect(listed.body.data.map((row: Row) => row.name)).toEqual([`Auto ${module}`]);
      }

      const deleted = await api('DELETE', `/api/acoes_fiscalizacao/${action.id}`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      for (const table of ['inspection_action_annotations', 'inspection_action_infractions', 'inspection_action_pendencies'] as const) {
        expect(await server.db.selectFrom(table).select('id').where('inspection_action_id', '=', action.id).execute(), table).toEqual([]);
      }
      expect((await deadline(pendency.deadline_id)).status).toBe(4);
      expect((await deadline(loose.deadline_id)).status).toBe(4);
      expect(await server.db.selectFrom('documents').select('id').where('entity_id', 'in', [action.id, annotation.id]).where('entity_type', 'in', ['acoes_fiscalizacao', 'anotacoes_acao_fiscalizacao']).execute()).toEqual([]);
      const audit = await server.db.selectFrom('audits').select(['module', 'event']).where('event', '=', 'deleted').where('module', 'in', ['anotacoes_acao_fiscalizacao', 'infracoes_acao_fiscalizacao', 'pendencias_acao_fiscalizacao', 'acoes_fiscalizacao']).execute();
      expect(audit.map((row: Row) => row.module).sort()).toEqual(['acoes_fiscalizacao', 'anotacoes_acao_fiscalizacao', 'infracoes_acao_fiscalizacao', 'pendencias_acao_fiscalizacao', 'pendencias_acao_fiscalizacao']);

      const kept = await newAction();
      const keptAnnotation = await annotationOf(kept);
      const keptPendency = await pendencyOf(kept, keptAnnotation);
      expect((await api('DELETE', `/api/anotacoes_acao_fiscalizacao/${keptAnnotation.id}`)).status).toBe(200);
      expect(await server.db.selectFrom('inspection_action_pendencies').select('id').where('id', '=', keptPendency.id).execute()).toEqual([]);
      expect((await api('GET', `/api/acoes_fiscalizacao/${kept.id}`)).status).toBe(200);
    });
  });
}
