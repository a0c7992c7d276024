import { OnceDialog, SecretLine } from '../platform/OnceDialog';
import type { SaveAnswer } from '../../providers/saveAnswers';

export interface SpaceAccount {
  tenant_name: string;
  email: string;
  password: string;
}

/** The accounts a save opened in other spaces (`space_accounts` of its answer), each with its one-time password. */
export function spaceAccountsOf(answer: SaveAnswer | null): SpaceAccount[] {
  const list = answer?.space_accounts;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is SpaceAccount => typeof item?.tenant_name === 'string' && typeof item?.email === 'string' && typeof item?.password === 'string',
  );
}

/** Shown once after a save that gave the person an account in another space. */
export function SpaceAccountsDialog({ accounts, onClose }: { accounts: SpaceAccount[]; onClose: () => void }) {
  if (accounts.length === 0) return null;
  return (
    <OnceDialog title="Acesso aos novos espaços" warning="Anote as senhas: elas não serão mostradas novamente." onClose={onClose}>
      {accounts.map((account) => (
        <div key={account.tenant_name}>
          <SecretLine label="Espaço" value={account.tenant_name} />
          <SecretLine label="E-mail" value={account.email} />
          <SecretLine label="Senha provisória" value={account.password} />
        </div>
      ))}
      <p>No primeiro acesso a cada espaço, a pessoa deverá trocar a senha.</p>
    </OnceDialog>
  );
}
