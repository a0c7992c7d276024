import { lazy, Suspense } from 'react';
import { ResourceList } from '@kit/list';
import { list } from '@generated/web/fluxo_trabalho/List';
import { useMayExecute } from './permissions';

// The dialog that starts a run is Material: it loads with the button, never with the list's first paint.
const StartWorkflow = lazy(() => import('./StartWorkflow').then((m) => ({ default: m.StartWorkflow })));

/** The runs' list, with 'Iniciar fluxo' (a type, a name, notes) to whoever may execute workflows. */
export function FluxoTrabalhoList() {
  const mayExecute = useMayExecute();
  return (
    <>
      {mayExecute ? (
        <div className="list-actions">
          <span className="grow" />
          <Suspense fallback={null}><StartWorkflow /></Suspense>
        </div>
      ) : null}
      <ResourceList {...list} bulkDelete={false} />
    </>
  );
}
