/**
 * The system action under way (spec 000 §2, 002 §7): a workflow task's record being created or edited
 * under `/acao/`. While it lasts, the data provider's saves of that module carry
 * `system_action_attributes` (the server links the record to the run's task in the save); leaving
 * `/acao/` other than into the workflow's execution asks first, and 'Sim' ends it.
 */
export interface SystemAction {
  module: string;
  workflowId: number;
  taskTypeId: number;
}

let current: SystemAction | null = null;

export const systemAction = {
  start(action: SystemAction) {
    current = action;
  },
  end() {
    current = null;
  },
  active: (): SystemAction | null => current,
  /** A save's body, with the attributes when it saves the module the action is about. */
  body<T>(resource: string, data: T): T {
    if (!current || current.module !== resource || data === null || typeof data !== 'object') return data;
    return { ...data, system_action_attributes: { workflow_id: current.workflowId, task_type_id: current.taskTypeId } };
  },
};
