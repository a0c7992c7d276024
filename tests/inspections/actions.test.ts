/**
 * Inspection actions (`acoes_fiscalizacao`) through the API, on both databases: the supervisors list
 * required ('A lista de fiscais é obrigatória!'), the type, inspection, inspected and rapporteur
 * required, start no later than end, the cancellation (a reason asked for) and the reactivation with
 * the refusals of a move the action's state does not allow, a cancelled action not edited, and who
 * may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_CANCELLED, CANCELLED, CANCELLED_UNCHANGED, NOT_CANCELLED, REACTIVATED, REASON_REQUIRED } from '../../src/server/features/inspections/actions.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`inspection actions [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let body: () => Record<string, unknown>;
    const supervisors: number[] = [];
    let sequence: number;
    const created = async (path: string, values: Record<string, unknown>) => {
      const answer = await api('POST', path, values);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
      return answer.body.data as Record<string, any>;
    };
    const party = async (name: string, code: string, behaveLike: number) => {
      const row = await server.db.selectFrom('party_types').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      return Number((await server.db.insertInto('parties').values({ name, behave_like: behaveLike, party_type_id: row.id }).returning('id').executeTakeFirstOrThrow()).id);
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      sequence = Number((await created('/api/sequencias', { name: 'Fiscalizações', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false, formatting: '{numero}/{ano}' })).id);
      const company = await party('Construtora Alfa Ltda', 'pessoa_juridica', 2);
      const rapporteur = await party('Ana Relatora', 'funcionario', 1);
      const inspectionType = Number((await created('/api/tipos_fiscalizacao', { denomination: 'Rotina' })).id);
      const inspection = Number((await created('/api/fiscalizacoes', { inspection_type_id: inspectionType, sequence_id: sequence, inspected_id: company, start_date: `${YEAR}-03-02` })).id);
      const actionType = Number((await created('/api/tipos_acao_fiscalizacao', { denomination: 'Vistoria' })).id);
      supervisors.push((await userWith(server, [])).id, (await userWith(server, [])).id);
      body = () => ({
        inspection_action_type_id: actionType, inspection_id: inspection, inspected_id: company, rapporteur_id: rapporteur, sequence_id: sequence,
        start_date: `${YEAR}-03-03`, end_date: `${YEAR}-03-04`, notes: 'Vistoria na obra.', supervisors: supervisors.map((user_id) => ({ user_id })),
      });
    }, 120_000);

    afterAll(async () => server?.close());

    it('keeps an action with two supervisors, and asks for the list of supervisors', async () => {
      const action = await created('/api/acoes_fiscalizacao', body());
      expect(action).toMatchObject({ canceled: false, cancellation_reason: null });
      const shown = (await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data;
      expect(shown.supervisors.map((row: any) => row.user_id)).toEqual(supervisors);
      const none = await api('POST', '/api/acoes_fiscalizacao', { ...body(), supervisors: [] });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual({ supervisors: ['A lista de fiscais é obrigatória!'] });
      const empty = await api('POST', '/api/acoes_fiscalizacao', { supervisors: [{ user_id: supervisors[0] }] });
      expect(empty.body.errors).toMatchObject({
        inspection_action_type_id: ['O campo Tipo de ação é obrigatório.'], inspection_id: ['O campo Fiscalização é obrigatório.'],
        inspected_id: ['O campo Fiscalizado é obrigatório.'], rapporteur_id: ['O campo Relator é obrigatório.'],
      });
      const late = await api('POST', '/api/acoes_fiscalizacao', { ...body(), start_date: `${YEAR}-03-05` });
      expect(late.body.errors).toEqual({ end_date: ['A data inicial não pode ser posterior à data final.'] });
      const cancelledBySending = await created('/api/acoes_fiscalizacao', { ...body(), canceled: true, cancellation_reason: 'Enviado' });
      expect(cancelledBySending).toMatchObject({ canceled: false, cancellation_reason: null });
    });

    it('cancels with a reason, refuses a second cancellation and edits, and reactivates', async () => {
      const action = await created('/api/acoes_fiscalizacao', body());
      const reasonless = await api('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_notes: 'Sem motivo' });
      expect(reasonless.status).toBe(422);
      expect(reasonless.body.errors).toEqual({ cancellation_reason: [REASON_REQUIRED] });
      const notCancelled = await api('PUT', `/api/acoes_fiscalizacao/${action.id}/reactivate`);
      expect(notCancelled.status).toBe(409);
      expect(notCancelled.body.message).toBe(NOT_CANCELLED);

      const cancel = await api('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_reason: 'Estabelecimento fechado', cancellation_notes: 'Voltar em abril.' });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect(cancel.body.message).toBe(CANCELLED);
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data).toMatchObject({ canceled: true, cancellation_reason: 'Estabelecimento fechado', cancellation_notes: 'Voltar em abril.' });
      const again = await api('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_reason: 'Outro' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_CANCELLED);
      const edit = await api('PUT', `/api/acoes_fiscalizacao/${action.id}`, { ...body(), notes: 'Alterada' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(CANCELLED_UNCHANGED);

      const reactivate = await api('PUT', `/api/acoes_fiscalizacao/${action.id}/reactivate`);
      expect(reactivate.status).toBe(200);
      expect(reactivate.body.message).toBe(REACTIVATED);
      expect((await api('GET', `/api/acoes_fiscalizacao/${action.id}`)).body.data).toMatchObject({ canceled: false, cancellation_reason: null, cancellation_notes: null });
      expect((await api('PUT', `/api/acoes_fiscalizacao/${action.id}`, { ...body(), notes: 'Alterada' })).status).toBe(200);
      const audit = await server.db.selectFrom('audits').select('event').where('module', '=', 'acoes_fiscalizacao').where('record_id', '=', action.id).orderBy('id').execute();
      expect(audit.map((row: any) => row.event)).toEqual(['created', 'canceled', 'reactivated', 'updated']);
      expect((await api('PUT', '/api/acoes_fiscalizacao/999999/cancel', { cancellation_reason: 'x' })).status).toBe(404);
    });

    it('lets only who may update actions cancel or reactivate them', async () => {
      const action = await created('/api/acoes_fiscalizacao', body());
      const reader = call(server, (await userWith(server, [{ name: 'inspectionAction.index' }, { name: 'inspectionAction.show' }])).token);
      expect((await reader('GET', `/api/acoes_fiscalizacao/${action.id}`)).status).toBe(200);
      expect((await reader('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_reason: 'Fechado' })).status).toBe(403);
      const editor = call(server, (await userWith(server, [{ name: 'inspectionAction.update' }])).token);
      expect((await editor('PUT', `/api/acoes_fiscalizacao/${action.id}/cancel`, { cancellation_reason: 'Fechado' })).status).toBe(200);
      expect((await reader('PUT', `/api/acoes_fiscalizacao/${action.id}/reactivate`)).status).toBe(403);
      expect((await editor('PUT', `/api/acoes_fiscalizacao/${action.id}/reactivate`)).status).toBe(200);
    });
  });
}
