import GeneratedEdit from '@generated/web/pessoa_fisica/Edit';
import { DefaultEmployer } from './DefaultEmployer';

/** The generated person form, a work relation added to it working for the institution unless changed. */
export function PessoaFisicaEdit() {
  return (
    <DefaultEmployer>
      <GeneratedEdit />
    </DefaultEmployer>
  );
}
