import { ResourceEdit } from '@kit';
import { InscricaoInputs } from '@generated/web/inscricao/Inputs';
import { SituationPanel } from './SituationPanel';

/** The generated registration form, with its situations and the move to a next one under it. */
export function InscricaoEdit() {
  return (
    <ResourceEdit documents>
      <InscricaoInputs mode="edit" />
      <SituationPanel />
    </ResourceEdit>
  );
}
