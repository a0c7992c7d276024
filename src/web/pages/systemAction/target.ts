import { useSearchParams } from 'react-router-dom';
import { returnPath } from '@kit/returnAfterInsert';

const positive = (value: string | null) => (value !== null && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * The run and task a screen under `/acao/` acts for (`?fluxo={workflowId}&tarefa={taskTypeId}&voltar=…`),
 * and where it returns: the run's screen unless `voltar` names another path of the product.
 */
export function useSystemActionTarget() {
  const [params] = useSearchParams();
  const workflowId = positive(params.get('fluxo'));
  const taskTypeId = positive(params.get('tarefa'));
  const back = returnPath(params.get('voltar')) ?? (workflowId === null ? '/fluxo_trabalho' : `/fluxo_trabalho/${workflowId}`);
  return { workflowId, taskTypeId, back, query: params.toString() };
}
