import { ResourceCreate } from '../../kit';
import { SequenceInputs } from './SequenceInputs';

/** `/sequencias/inserir`: the generated inputs in rows, the live mask preview and the book blocks that follow 'Possui livro'. */
export function SequenciasCreate() {
  return (
    <ResourceCreate>
      <SequenceInputs mode="create" />
    </ResourceCreate>
  );
}
