import { useState } from 'react';
import { Edit, SimpleForm, useRecordContext, useRefresh } from 'react-admin';
import { FormModeContext } from '@kit/formMode';
import { BackLink, EditToolbar, StaleRecordDialog, UnsavedChangesReporter } from '@kit';
import { InitialAdminDialog } from './InitialAdminDialog';
import { TenantInputs } from './TenantInputs';
import { DeleteTenantButton } from './DeleteTenantButton';
import { useSaveTenant } from './useSaveTenant';

/**
 * `/clientes/{id}`: opens read-only; 'Editar' turns editing on (spaces included), 'Salvar' saves and
 * shows once the administrator of each space the save created; 'Excluir' confirms and says where the
 * databases are kept.
 */
export function ClientesEdit() {
  return (
    <>
      <BackLink />
      <Edit actions={false} mutationMode="pessimistic" redirect={false}>
        <TenantEditForm />
      </Edit>
    </>
  );
}

function TenantEditForm() {
  const record = useRecordContext();
  const [editing, setEditing] = useState(false);
  const refresh = useRefresh();
  const { save, admins, clearAdmins, stale, clearStale } = useSaveTenant(record?.id);
  const submit = async (values: Record<string, unknown>) => {
    const errors = await save(values);
    if (!errors) setEditing(false);
    return errors;
  };
  return (
    <FormModeContext.Provider value={{ readOnly: !editing }}>
      <SimpleForm onSubmit={submit} sx={{ maxWidth: 960 }} noValidate toolbar={<EditToolbar editing={editing} setEditing={setEditing} deleteButton={editing ? null : <DeleteTenantButton />} />}>
        <UnsavedChangesReporter enabled={editing} />
        <TenantInputs mode="edit" />
      </SimpleForm>
      <InitialAdminDialog admins={admins} onClose={clearAdmins} />
      <StaleRecordDialog message={stale} onReload={refresh} onClose={clearStale} />
    </FormModeContext.Provider>
  );
}
