/**
 * A workflow type of two steps for the run tests: step 1 ('Análise'; required 'Cadastrar', optional
 * 'Anotar') leads to step 2 ('Conclusão'; required 'Conferir', optional 'Arquivar'), which ends it.
 */
export const runTask = (order: number, description: string, over: Record<string, unknown> = {}) => ({
  task_order: order, description, action: 'checklist', type: 'step', required: true, one_time_action: false, ...over,
});

export function workflowTypeBody(sequenceId: number, name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    sequence_id: sequenceId,
    workflow_phase_types: [{ denomination: 'Análise' }, { denomination: 'Conclusão' }],
    step_types: [
      { step_number: 1, name: 'Etapa 1', first: true, workflow_phase_type_name: 'Análise', next_steps: [{ step_number: 2 }], task_types: [runTask(1, 'Cadastrar', { action: 'pessoa_juridica.store', type: 'in' }), runTask(2, 'Anotar', { required: false })] },
      { step_number: 2, name: 'Etapa 2', first: false, workflow_phase_type_name: 'Conclusão', next_steps: [], task_types: [runTask(1, 'Conferir', { type: 'out' }), runTask(2, 'Arquivar', { required: false })] },
    ],
    ...over,
  };
}
