import { ResourceEdit } from '@kit';
import { AcoesFiscalizacaoInputs } from '@generated/web/acoes_fiscalizacao/Inputs';
import { ActionStatePanel } from './ActionStatePanel';
import { AnnotationsPanel } from './AnnotationsPanel';

/**
 * `/acoes_fiscalizacao/{id}`: the generated form (the supervisors its sub-list), the action's state
 * and its moves, its annotations with their infractions and pendencies, its documents and occurrences.
 */
export function AcoesFiscalizacaoEdit() {
  return (
    <ResourceEdit documents occurrences panels={<AnnotationsPanel />}>
      <AcoesFiscalizacaoInputs mode="edit" />
      <ActionStatePanel />
    </ResourceEdit>
  );
}
