import { ResourceEdit } from '@kit';
import { PendenciasAcaoFiscalizacaoInputs } from '@generated/web/pendencias_acao_fiscalizacao/Inputs';
import { PendencyStatePanel } from './PendencyStatePanel';

/** `/pendencias_acao_fiscalizacao/{id}`: the generated form and, under it (outside the form: the resolution is a form of its own), whether the pendency is resolved, with 'Resolver pendência'. */
export function PendenciasAcaoFiscalizacaoEdit() {
  return (
    <ResourceEdit panels={<PendencyStatePanel />}>
      <PendenciasAcaoFiscalizacaoInputs mode="edit" />
    </ResourceEdit>
  );
}
