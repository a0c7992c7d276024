import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { ConfirmDialog } from './plain/ConfirmDialog';

/** Record deletion messages, shared with the list's bulk delete so both read alike. */
export const DELETED_ONE = 'Registro excluído com sucesso';

/**
 * 'Excluir' on a record form: the same confirmation dialog as the list's bulk delete, then back to
 * the list with the same toast.
 */
export function DeleteRecordButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const redirect = useRedirect();
  const [remove, { isPending }] = useDelete();
  if (!record || !resource) return null;
  const confirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(DELETED_ONE, { type: 'success' });
          redirect('list', resource);
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error).message || 'Houve um erro ao tentar processar a sua requisição', { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)}>
        Excluir
      </Button>
      <ConfirmDialog
        open={open}
        busy={isPending}
        title="Excluir registro"
        content="Deseja realmente excluir este registro?"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
