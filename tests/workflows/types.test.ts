/**
 * Workflow types through the API, on both databases: the whole tree (phases, steps with their next
 * steps and tasks) saved at once; one first step, next steps of the same type, every step reachable
 * from the first, a step's phase one of the type's, a task's action from the catalogue of system
 * actions; hostile bodies answer 422 on the field, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_UNKNOWN, FIRST_MISSING, FIRST_REPEATED, NEXT_ITSELF, NEXT_REPEATED, NEXT_UNKNOWN, PHASE_REPEATED, PHASE_UNKNOWN, STEP_NUMBER_REPEATED, UNREACHABLE,
} from '../../src/server/features/workflows/type-rules.js';
import { call, startTestServer, userWith, type TestServer } from '../api/support/server.js';
import { FEATURE_DATABASE_KINDS } from '../support/databases.js';

const task = (over: Record<string, unknown> = {}) => ({ task_order: 1, description: 'Cadastrar a empresa', action: 'pessoa_juridica.store', type: 'in', required: true, one_time_action: false, ...over });
const step = (number: number, over: Record<string, unknown> = {}) => ({ step_number: number, name: `Etapa ${number}`, first: number === 1, workflow_phase_type_name: 'Análise', next_steps: [], task_types: [], ...over });

for (const kind of FEATURE_DATABASE_KINDS) {
  describe(`workflow types [${kind}]`, () => {
    let server: TestServer;
    let api: ReturnType<typeof call>;
    let sequenceId = 0;
    let counter = 0;
    const type = (over: Record<string, unknown> = {}) => ({
      name: `Fluxo ${++counter}`,
      sequence_id: sequenceId,
      notes: 'Registro de empresas',
      workflow_phase_types: [{ denomination: 'Análise' }, { denomination: 'Conclusão', notes: 'Fim' }],
      step_types: [
        step(1, { next_steps: [{ step_number: 2 }], task_types: [task()] }),
        step(2, { workflow_phase_type_name: 'Conclusão', task_types: [task({ action: 'checklist', description: 'Conferir documentos', type: 'out' })] }),
      ],
      ...over,
    });
    const refused = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
      const answer = await api(method, path, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };

    beforeAll(async () => {
      server = await startTestServer(kind);
      api = call(server, server.adminToken);
      const sequence = await api('POST', '/api/sequencias', { name: 'Fluxos', number: 0, start: 1, increment: 1, annual_restart: false, auto_numbering: true, has_book: false });
      expect(sequence.status, JSON.stringify(sequence.body)).toBe(201);
      sequenceId = sequence.body.data.id;
    }, 120_000);

    afterAll(async () => server?.close());

    it('saves and answers the whole tree, and edits it', async () => {
      const created = await api('POST', '/api/tipo_fluxo_trabalho', type({ name: 'Registro de empresa' }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const record = created.body.data;
      expect(record).toMatchObject({ name: 'Registro de empresa', sequence_id: sequenceId, inactivated: false });
      expect(record.workflow_phase_types.map((p: any) => p.denomination)).toEqual(['Análise', 'Conclusão']);
      expect(record.step_types).toHaveLength(2);
      expect(record.step_types[0]).toMatchObject({ step_number: 1, first: true, workflow_phase_type_name: 'Análise', next_steps: [{ step_number: 2 }] });
      expect(record.step_types[0].task_types[0]).toMatchObject({ action: 'pessoa_juridica.store', type: 'in', required: true, one_time_action: false, task_order: 1 });
      expect(record.step_types[1].task_types[0]).toMatchObject({ action: 'checklist', type: 'out' });

      const read = await api('GET', `/api/tipo_fluxo_trabalho/${record.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data.step_types[0].next_steps).toHaveLength(1);

      // A third step after the second; the steps sent without their tasks keep them.
      const steps = read.body.data.step_types.map((row: any) => ({ id: row.id, step_number: row.step_number, name: row.name, first: row.first, workflow_phase_type_name: row.workflow_phase_type_name, next_steps: row.next_steps }));
      steps[1].next_steps = [{ step_number: 3 }];
      steps.push(step(3, { workflow_phase_type_name: 'conclusão' }));
      const edited = await api('PUT', `/api/tipo_fluxo_trabalho/${record.id}`, { name: record.name, sequence_id: sequenceId, step_types: steps });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data.step_types).toHaveLength(3);
      expect(edited.body.data.step_types[0].task_types).toHaveLength(1);

      // Removing the phase the second step uses is refused on that step's phase.
      const phases = await refused('PUT', `/api/tipo_fluxo_trabalho/${record.id}`, { name: record.name, sequence_id: sequenceId, workflow_phase_types: [{ denomination: 'Análise' }] });
      expect(phases['step_types.1.workflow_phase_type_name']).toEqual([PHASE_UNKNOWN]);
      // Removing the third step while the second still leads to it is refused on the link.
      const removed = await refused('PUT', `/api/tipo_fluxo_trabalho/${record.id}`, { name: record.name, sequence_id: sequenceId, step_types: steps.slice(0, 2) });
      expect(removed['step_types.1.next_steps.0.step_number']).toEqual([NEXT_UNKNOWN]);
      const after = await api('GET', `/api/tipo_fluxo_trabalho/${record.id}`);
      expect(after.body.data.step_types).toHaveLength(3);
      expect(after.body.data.workflow_phase_types).toHaveLength(2);
    });

    it('allows a type without steps yet', async () => {
      const created = await api('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [] }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.data.step_types).toEqual([]);
    });

    it('asks for exactly one first step', async () => {
      const none = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { first: false })] }));
      expect(none.step_types).toEqual([FIRST_MISSING]);
      const two = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1), step(2, { first: true })] }));
      expect(two['step_types.1.first']).toEqual([FIRST_REPEATED]);
    });

    it('keeps next steps inside the type, never the step itself, each once', async () => {
      const own = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 1 }] })] }));
      expect(own['step_types.0.next_steps.0.step_number']).toEqual([NEXT_ITSELF]);
      const outside = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 7 }] })] }));
      expect(outside['step_types.0.next_steps.0.step_number']).toEqual([NEXT_UNKNOWN]);
      const twice = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 2 }, { step_number: 2 }] }), step(2)] }));
      expect(twice['step_types.0.next_steps.1.step_number']).toEqual([NEXT_REPEATED]);

      // A step of another type, by its number or by its row's id, is not a next step of this one.
      const other = await api('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 5 }] }), step(5)] }));
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const byNumber = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 5 }] })] }));
      expect(byNumber['step_types.0.next_steps.0.step_number']).toEqual([NEXT_UNKNOWN]);
      const mine = await api('POST', '/api/tipo_fluxo_trabalho', type());
      const foreignLink = other.body.data.step_types[0].next_steps[0].id;
      const steps = mine.body.data.step_types.map((row: any) => ({ ...row }));
      steps[0].next_steps = [{ id: foreignLink, step_number: 2 }];
      const byId = await refused('PUT', `/api/tipo_fluxo_trabalho/${mine.body.data.id}`, { name: mine.body.data.name, sequence_id: sequenceId, step_types: steps });
      expect(Object.keys(byId)).toEqual(['step_types.0.next_steps.0.id']);
    });

    it('refuses a step no path from the first reaches', async () => {
      const errors = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 2 }] }), step(2), step(3, { next_steps: [{ step_number: 2 }] })] }));
      expect(errors).toEqual({ 'step_types.2.step_number': [UNREACHABLE] });
      const loop = await api('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 2 }] }), step(2, { next_steps: [{ step_number: 1 }] })] }));
      expect(loop.status, JSON.stringify(loop.body)).toBe(201);
    });

    it('keeps numbers and phases once in a type, and a step\'s phase among them', async () => {
      const numbers = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { next_steps: [{ step_number: 2 }] }), step(2), step(2, { name: 'Outra' })] }));
      expect(numbers['step_types.2.step_number']).toEqual([STEP_NUMBER_REPEATED]);
      const phases = await refused('POST', '/api/tipo_fluxo_trabalho', type({ workflow_phase_types: [{ denomination: 'Análise' }, { denomination: ' análise ' }], step_types: [step(1)] }));
      expect(phases['workflow_phase_types.1.denomination']).toEqual([PHASE_REPEATED]);
      const unknown = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { workflow_phase_type_name: 'Arquivo' })] }));
      expect(unknown['step_types.0.workflow_phase_type_name']).toEqual([PHASE_UNKNOWN]);
    });

    it('takes a task\'s action from the catalogue of system actions', async () => {
      const catalogue = await api('GET', '/api/tipo_fluxo_trabalho/acoes_sistema');
      expect(catalogue.status).toBe(200);
      const byId = new Map(catalogue.body.data.map((action: any) => [action.id, action.name]));
      expect(byId.get('pessoa_juridica.store')).toBe('Criar pessoa jurídica');
      expect(byId.get('pessoa_juridica.update')).toBe('Editar pessoa jurídica');
      expect(byId.get('pessoa_juridica.link')).toBe('Vincular pessoa jurídica');
      expect(byId.get('checklist')).toBe('Checklist');
      expect(byId.has('bancos.link')).toBe(true);
      expect(byId.has('bancos.store')).toBe(false);
      expect(byId.has('usuarios.store')).toBe(false);
      for (const action of catalogue.body.data) expect(action.name).toMatch(/^(Criar|Editar|Vincular) |^Checklist$|^Iniciar fluxo de trabalho$/);
      expect(byId.get('workflow.init_workflow')).toBe('Iniciar fluxo de trabalho');

      const wrong = await refused('POST', '/api/tipo_fluxo_trabalho', type({ step_types: [step(1, { task_types: [task({ action: 'usuarios.store' })] })] }));
      expect(wrong['step_types.0.task_types.0.action']).toEqual([ACTION_UNKNOWN]);

      const nobody = call(server, (await userWith(server, [])).token);
      expect((await nobody('GET', '/api/tipo_fluxo_trabalho/acoes_sistema')).status).toBe(403);
      const reader = call(server, (await userWith(server, [{ name: 'workflowType.index' }])).token);
      expect((await reader('GET', '/api/tipo_fluxo_trabalho/acoes_sistema')).status).toBe(200);
    });

    it('answers hostile bodies with 422 on the field, never 500', async () => {
      const bodies: Array<[unknown, string]> = [
        [type({ name: null }), 'name'],
        [type({ sequence_id: 'um' }), 'sequence_id'],
        [type({ sequence_id: 999999 }), 'sequence_id'],
        [type({ step_types: 'etapas' }), 'step_types'],
        [type({ step_types: [null] }), 'step_types.0'],
        [type({ step_types: [step(1, { first: null })] }), 'step_types.0.first'],
        [type({ step_types: [step(1, { step_number: 'um' })] }), 'step_types.0.step_number'],
        [type({ step_types: [step(1, { workflow_phase_type_name: null })] }), 'step_types.0.workflow_phase_type_name'],
        [type({ step_types: [step(1, { next_steps: [{ step_number: null }] })] }), 'step_types.0.next_steps.0.step_number'],
        [type({ step_types: [step(1, { next_steps: [{ step_number: '2' }] }), step(2)] }), 'step_types.0.next_steps.0.step_number'],
        [type({ step_types: [step(1, { next_steps: 3 })] }), 'step_types.0.next_steps'],
        [type({ step_types: [step(1, { task_types: [task({ action: null })] })] }), 'step_types.0.task_types.0.action'],
        [type({ step_types: [step(1, { task_types: [task({ action: 12 })] })] }), 'step_types.0.task_types.0.action'],
        [type({ step_types: [step(1, { task_types: [task({ type: 'Entrada' })] })] }), 'step_types.0.task_types.0.type'],
        [type({ step_types: [step(1, { task_types: [task({ required: 'sim' })] })] }), 'step_types.0.task_types.0.required'],
        [type({ step_types: [step(1, { task_types: [task({ task_order: null })] })] }), 'step_types.0.task_types.0.task_order'],
        [type({ workflow_phase_types: [{ denomination: null }] }), 'workflow_phase_types.0.denomination'],
      ];
      for (const [body, field] of bodies) {
        const answer = await api('POST', '/api/tipo_fluxo_trabalho', body);
        expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(422);
        expect(Object.keys(answer.body.errors), `${field}: ${JSON.stringify(answer.body)}`).toContain(field);
      }
    });
  });
}
