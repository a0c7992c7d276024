import { Suspense, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ResourceContextProvider } from 'ra-core';
import { screenResources } from '../resources/screens';
import { lazyScreens } from '../resources/lazyScreens';
import { offers } from '../providers/permissions';
import { systemAction } from '../providers/systemAction';
import { Loading } from '../layout/Loading';
import { AccessGuard } from './guards';
import { NotFoundPage } from './NotFoundPage';

const positive = (value: string | null) => (value !== null && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null);

/**
 * `/acao/{module}/inserir?fluxo={workflowId}&tarefa={taskTypeId}&voltar=/fluxo_trabalho/{workflowId}`:
 * a workflow task's 'Criar' system action (spec 000 §2): the module's own insert form, behind its
 * permission, whose save carries `system_action_attributes` (providers/systemAction.ts) and returns to
 * the run. Leaving the area other than into the run asks first (layout/NavigationGuard.tsx).
 */
export function SystemActionPage() {
  const { module = '' } = useParams();
  const [params] = useSearchParams();
  const resource = screenResources.find((candidate) => candidate.name === module && offers(candidate, 'create'));
  const workflowId = positive(params.get('fluxo'));
  const taskTypeId = positive(params.get('tarefa'));
  const valid = resource !== undefined && workflowId !== null && taskTypeId !== null;
  if (valid) systemAction.start({ module, workflowId, taskTypeId });
  useEffect(() => {
    if (valid) systemAction.start({ module, workflowId, taskTypeId });
  }, [valid, module, workflowId, taskTypeId]);
  if (!valid) return <NotFoundPage />;
  const Create = lazyScreens(resource).create;
  return (
    <ResourceContextProvider value={module}>
      <AccessGuard action="create">
        <Suspense fallback={<Loading />}>
          <Create />
        </Suspense>
      </AccessGuard>
    </ResourceContextProvider>
  );
}
