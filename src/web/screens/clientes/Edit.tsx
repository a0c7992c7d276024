import { useState } from 'react';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import CloseIcon from '@mui/icons-material/Close';
import { Edit, SaveButton, SimpleForm, Toolbar, useCanAccess, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormModeContext } from '../../kit/formMode';
import { UnsavedChangesReporter } from '../../kit';
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
    <Edit actions={false} mutationMode="pessimistic" redirect={false}>
      <TenantEditForm />
    </Edit>
  );
}

function TenantEditForm() {
  const record = useRecordContext();
  const [editing, setEditing] = useState(false);
  const { save, admins, clearAdmins } = useSaveTenant(record?.id);
  const submit = async (values: Record<string, unknown>) => {
    const errors = await save(values);
    if (!errors) setEditing(false);
    return errors;
  };
  return (
    <FormModeContext.Provider value={{ readOnly: !editing }}>
      <SimpleForm onSubmit={submit} sx={{ maxWidth: 960 }} toolbar={<TenantToolbar editing={editing} setEditing={setEditing} />}>
        <UnsavedChangesReporter enabled={editing} />
        <TenantInputs />
      </SimpleForm>
      <InitialAdminDialog admins={admins} onClose={clearAdmins} />
    </FormModeContext.Provider>
  );
}

function TenantToolbar({ editing, setEditing }: { editing: boolean; setEditing: (editing: boolean) => void }) {
  const form = useFormContext();
  const { canAccess: canUpdate } = useCanAccess({ resource: 'clientes', action: 'update' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'clientes', action: 'delete' });
  const cancel = () => {
    form.reset();
    setEditing(false);
  };
  return (
    <Toolbar sx={{ gap: 2 }}>
      {editing ? (
        <>
          <SaveButton label="Salvar" />
          <Button startIcon={<CloseIcon />} onClick={cancel}>
            Cancelar
          </Button>
        </>
      ) : (
        canUpdate && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Editar
          </Button>
        )
      )}
      <span style={{ flex: 1 }} />
      {canDelete && !editing && <DeleteTenantButton />}
    </Toolbar>
  );
}
