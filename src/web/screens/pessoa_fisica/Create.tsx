import GeneratedCreate from '@generated/web/pessoa_fisica/Create';
import { DefaultEmployer } from './DefaultEmployer';

/** The generated person form, its new work relations working for the institution unless changed. */
export function PessoaFisicaCreate() {
  return (
    <DefaultEmployer>
      <GeneratedCreate />
    </DefaultEmployer>
  );
}
