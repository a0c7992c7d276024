import { ResourceEdit } from '@kit';
import { AcoesFiscalizacaoInputs } from '@generated/web/acoes_fiscalizacao/Inputs';
import { ActionStatePanel } from './ActionStatePanel';

/** `/acoes_fiscalizacao/{id}`: the generated form, the action's state and its moves, its documents and occurrences. */
export function AcoesFiscalizacaoEdit() {
  return (
    <ResourceEdit documents occurrences>
      <AcoesFiscalizacaoInputs mode="edit" />
      <ActionStatePanel />
    </ResourceEdit>
  );
}
