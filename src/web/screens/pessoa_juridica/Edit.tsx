import { ResourceEdit } from '@kit';
import { PessoaJuridicaInputs } from '@generated/web/pessoa_juridica/Inputs';
import { EmployeesPanel } from './EmployeesPanel';

/** The generated legal entity's form, with the persons it employs under it. */
export function PessoaJuridicaEdit() {
  return (
    <ResourceEdit documents>
      <PessoaJuridicaInputs mode="edit" />
      <EmployeesPanel />
    </ResourceEdit>
  );
}
