import { lazy, Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { ResourceContextProvider } from 'ra-core';
import { screenResources } from '../resources/screens';
import { lazyScreens } from '../resources/lazyScreens';
import { offers } from '../providers/permissions';
import { systemAction } from '../providers/systemAction';
import { Loading } from '../layout/Loading';
import { AccessGuard } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { useSystemActionTarget } from './systemAction/target';

// The record chooser is Material: it loads with its route.
const SystemActionChooser = lazy(() => import('./systemAction/SystemActionChooser').then((m) => ({ default: m.SystemActionChooser })));

type Screen = 'create' | 'edit' | 'choose';

/**
 * A workflow task's system action under `/acao/` (spec 000 §2, 002 §2), for the run and task of
 * `?fluxo={workflowId}&tarefa={taskTypeId}&voltar=/fluxo_trabalho/{workflowId}`:
 * - `/acao/{module}/inserir` ('Criar'): the module's own insert form;
 * - `/acao/{module}` ('Editar', 'Vincular'): the chooser of the record(s) to edit or link
 *   (systemAction/SystemActionChooser.tsx), offering those the run touched before;
 * - `/acao/{module}/{id}` ('Editar'): the module's own record form, opened for editing.
 * Each behind the module's permission; saves of the module carry `system_action_attributes`
 * (providers/systemAction.ts) and return to the run. Leaving the area other than into the run asks
 * first (layout/NavigationGuard.tsx).
 */
export function SystemActionPage({ screen }: { screen: Screen }) {
  const { module = '' } = useParams();
  const { workflowId, taskTypeId } = useSystemActionTarget();
  const resource = screenResources.find((candidate) => candidate.name === module && offers(candidate, screen === 'create' ? 'create' : screen === 'edit' ? 'update' : 'list'));
  const valid = resource !== undefined && workflowId !== null && taskTypeId !== null;
  if (valid) systemAction.start({ module, workflowId, taskTypeId });
  useEffect(() => {
    if (valid) systemAction.start({ module, workflowId, taskTypeId });
  }, [valid, module, workflowId, taskTypeId]);
  if (!valid) return <NotFoundPage />;
  const View = screen === 'create' ? lazyScreens(resource).create : screen === 'edit' ? lazyScreens(resource).edit : SystemActionChooser;
  return (
    <ResourceContextProvider value={module}>
      <AccessGuard action={screen === 'choose' ? 'list' : screen}>
        <Suspense fallback={<Loading />}>
          <View />
        </Suspense>
      </AccessGuard>
    </ResourceContextProvider>
  );
}
