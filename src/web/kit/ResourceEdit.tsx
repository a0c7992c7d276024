import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import CloseIcon from '@mui/icons-material/Close';
import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useNotify,
  useResourceContext,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormModeContext } from './formMode';
import { UnsavedChangesReporter } from './UnsavedChangesReporter';

/**
 * The record form at `/{resource}/{id}`: it opens read-only; 'Editar' turns on editing, 'Salvar' saves
 * and returns to viewing, 'Excluir' deletes after a confirmation.
 */
export function ResourceEdit({ children }: { children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const notify = useNotify();
  return (
    <Edit
      // The record opens read-only already: react-admin's 'show' button would only repeat it.
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('Registro salvo com sucesso', { type: 'success' });
          setEditing(false);
        },
      }}
    >
      <FormModeContext.Provider value={{ readOnly: !editing }}>
        <SimpleForm
          sx={{ maxWidth: 960 }}
          toolbar={<EditToolbar editing={editing} setEditing={setEditing} />}
        >
          <UnsavedChangesReporter enabled={editing} />
          {children}
        </SimpleForm>
      </FormModeContext.Provider>
    </Edit>
  );
}

interface EditToolbarProps {
  editing: boolean;
  setEditing: (editing: boolean) => void;
  /** Replaces the standard 'Excluir' (shown to those who may delete); `null` shows none. */
  deleteButton?: ReactNode;
}

/** 'Editar' / 'Salvar' + 'Cancelar' and the delete action of a record form that opens read-only. */
export function EditToolbar({ editing, setEditing, deleteButton }: EditToolbarProps) {
  const resource = useResourceContext();
  const form = useFormContext();
  const { canAccess: canUpdate } = useCanAccess({ resource, action: 'update' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
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
      {canDelete && (deleteButton !== undefined ? deleteButton : (
        <DeleteWithConfirmButton
          label="Excluir"
          mutationMode="pessimistic"
          confirmTitle="Excluir registro"
          confirmContent="Deseja realmente excluir este registro?"
        />
      ))}
    </Toolbar>
  );
}
