import GeneratedEdit from '@generated/web/usuarios/Edit';
import { useSaveAnswer } from '../../providers/saveAnswers';
import { SpaceAccountsDialog, spaceAccountsOf } from './SpaceAccountsDialog';

/**
 * The generated user form, with the one-time passwords of the accounts its last save opened in other
 * spaces (an insert opens this form, so its answer is shown here too).
 */
export function UsuariosEdit() {
  const [answer, clear] = useSaveAnswer('usuarios');
  return (
    <>
      <GeneratedEdit />
      <SpaceAccountsDialog accounts={spaceAccountsOf(answer)} onClose={clear} />
    </>
  );
}
