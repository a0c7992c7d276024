import { useEffect } from 'react';
import { Create, SimpleForm } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BackLink, CreateToolbar, UnsavedChangesReporter } from '@kit';
import { InitialAdminDialog } from './InitialAdminDialog';
import { TenantInputs } from './TenantInputs';
import { useSaveTenant } from './useSaveTenant';

/** `/clientes/inserir`: a tenant and its first spaces; after saving, each new space's administrator once, then the record. */
export function ClientesCreate() {
  const navigate = useNavigate();
  const { save, admins, saved, clearAdmins } = useSaveTenant();
  // Once saved (and the one-time passwords, if any, were seen), the new record opens.
  useEffect(() => {
    if (saved && admins.length === 0) navigate(`/clientes/${saved.id}`);
  }, [saved, admins, navigate]);
  return (
    <>
      <BackLink />
      <Create>
        <SimpleForm onSubmit={save} sx={{ maxWidth: 960 }} noValidate toolbar={<CreateToolbar />}>
          <UnsavedChangesReporter enabled={!saved} />
          <TenantInputs mode="create" />
        </SimpleForm>
      </Create>
      <InitialAdminDialog admins={admins} onClose={clearAdmins} />
    </>
  );
}
