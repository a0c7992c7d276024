import { ResourceEdit } from '../../kit';
import { DocumentActions } from './DocumentActions';
import { DocumentInputs } from './DocumentInputs';

/** `/documento/{id}`: the document (opens read-only) with 'Baixar', 'Arquivar' and 'Desarquivar' while it is viewed. */
export function DocumentoEdit() {
  return (
    <ResourceEdit>
      <DocumentActions />
      <DocumentInputs mode="edit" />
    </ResourceEdit>
  );
}
