import { ResourceEdit } from '../../kit';
import { SequenceInputs } from './SequenceInputs';

/** `/sequencias/{id}`: the sequence form (opens read-only) with 'Gerar número' while it is viewed. */
export function SequenciasEdit() {
  return (
    <ResourceEdit>
      <SequenceInputs mode="edit" />
    </ResourceEdit>
  );
}
