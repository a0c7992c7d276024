import { OnceDialog, SecretLine } from '../platform/OnceDialog';
import type { InitialAdmin } from '../platform/answers';

/** The first administrator of each space just created, with the one-time password, shown once. */
export function InitialAdminDialog({ admins, onClose }: { admins: InitialAdmin[]; onClose: () => void }) {
  if (admins.length === 0) return null;
  return (
    <OnceDialog title="Administrador do novo espaço" warning="Anote a senha: ela não será mostrada novamente." onClose={onClose}>
      {admins.map((admin) => (
        <div key={admin.email + (admin.space ?? '')}>
          {admin.space && <SecretLine label="Espaço" value={admin.space} />}
          <SecretLine label="E-mail" value={admin.email} />
          <SecretLine label="Senha provisória" value={admin.password} />
        </div>
      ))}
      <p>No primeiro acesso, o administrador deverá trocar esta senha.</p>
    </OnceDialog>
  );
}
