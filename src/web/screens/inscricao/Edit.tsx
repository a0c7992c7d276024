import { ResourceEdit } from '@kit';
import { InscricaoEditInputs } from './EditInputs';
import { CertificatesPanel } from './CertificatesPanel';
import { RegularityPanel } from './RegularityPanel';
import { SituationPanel } from './SituationPanel';

/** The generated registration form (its drawn numbers not editable), with its person's regularity, its situations and the move to a next one under it, then its certificates. */
export function InscricaoEdit() {
  return (
    <ResourceEdit documents>
      <InscricaoEditInputs />
      <RegularityPanel />
      <SituationPanel />
      <CertificatesPanel />
    </ResourceEdit>
  );
}
