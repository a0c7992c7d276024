import { ResourceEdit } from '@kit';
import { AcoesFiscalizacaoInputs } from '@generated/web/acoes_fiscalizacao/Inputs';
import { ActionStatePanel } from './ActionStatePanel';
import { AnnotationsPanel } from './AnnotationsPanel';
import { actionLocked } from '../../../shared/inspection-actions';

/**
 * `/acoes_fiscalizacao/{id}`: the generated form (the supervisors its sub-list), the action's state
 * and its moves, its annotations with their infractions and pendencies, its documents and occurrences.
 * A concluded or cancelled action offers no 'Editar' (the server refuses the edit too): it says why.
 */
export function AcoesFiscalizacaoEdit() {
  return (
    <ResourceEdit documents occurrences panels={<AnnotationsPanel />} locked={actionLocked}>
      <AcoesFiscalizacaoInputs mode="edit" />
      <ActionStatePanel />
    </ResourceEdit>
  );
}
