import { ResourceEdit } from '@kit';
import { FiscalizacoesInputs } from '@generated/web/fiscalizacoes/Inputs';
import { InspectionActions } from './InspectionActions';

/** `/fiscalizacoes/{id}`: the generated form, the inspection's actions, its documents and occurrences. */
export function FiscalizacoesEdit() {
  return (
    <ResourceEdit documents occurrences panels={<InspectionActions />}>
      <FiscalizacoesInputs mode="edit" />
    </ResourceEdit>
  );
}
