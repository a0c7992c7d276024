import { ResourceEdit } from '@kit';
import { PessoaFisicaInputs } from '@generated/web/pessoa_fisica/Inputs';
import { DefaultEmployer } from './DefaultEmployer';
import { RegistrationsPanel } from './RegistrationsPanel';

/**
 * The generated person form, a work relation added to it working for the institution unless changed,
 * and the person's registrations under it.
 */
export function PessoaFisicaEdit() {
  return (
    <DefaultEmployer>
      <ResourceEdit documents occurrences panels={<RegistrationsPanel />}>
        <PessoaFisicaInputs mode="edit" />
      </ResourceEdit>
    </DefaultEmployer>
  );
}
