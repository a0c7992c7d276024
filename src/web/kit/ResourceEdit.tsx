import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import CloseIcon from '@mui/icons-material/Close';
import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useEditContext,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type HttpError,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FormModeContext } from './formMode';
import { isStaleSave, StaleRecordDialog } from './StaleRecordDialog';
import { UnsavedChangesReporter } from './UnsavedChangesReporter';
import { BackLink } from './BackLink';
import { useReturnAfterInsert } from './returnAfterInsert';
import { DeleteRecordButton } from './DeleteRecordButton';
import { RecordDocuments } from './documents/RecordDocuments';
import { RecordOccurrencesPanel } from './occurrences/RecordOccurrencesPanel';
import { RecordHistoryPanel } from './history/RecordHistoryPanel';

/**
 * The record form at `/{resource}/{id}`: it opens read-only; 'Editar' turns on editing, 'Salvar' saves
 * and returns to viewing, 'Excluir' deletes after a confirmation. A save carries the version the form
 * opened (the data provider sends it); when someone else changed the record since, the server refuses
 * it and a dialog offers to reload the record into the form. `ownRecordKept` (a module of accounts)
 * offers no 'Excluir' on the signed-in person's own record; `transform` shapes the body as on insert;
 * `documents` (a module with `x-documents`) lists the record's documents under the form, `occurrences`
 * (a module with `x-occurrences`) its occurrences; `panels` shows a module's own parts of the record
 * (its own forms and lists, outside the record's form) between the form and its documents. Every
 * record shows its history of changes last. Opened with `?voltar=/path`, it opens for editing and
 * returns there after saving. `locked` says why a record cannot be edited in its state (an inspection
 * action concluded): no 'Editar' then, the reason in its place. A save the server refuses for being
 * made over someone else's change offers to reload; any other refusal shows its message.
 */
export function ResourceEdit({
  children,
  ownRecordKept = false,
  documents = false,
  occurrences = false,
  transform,
  panels,
  locked,
}: {
  children: ReactNode;
  panels?: ReactNode;
  /** Why the record, in its state, cannot be edited (null or undefined: it can). */
  locked?: (record: RaRecord) => string | null | undefined;
  ownRecordKept?: boolean;
  documents?: boolean;
  occurrences?: boolean;
  transform?: (data: Record<string, unknown>) => Record<string, unknown>;
}) {
  // Opened from another screen to edit (`?voltar=/path`: a workflow's 'Editar' system action), the
  // form opens for editing and goes back there once saved.
  const back = useReturnAfterInsert();
  const redirect = useRedirect();
  const [editing, setEditing] = useState(back !== null);
  const [stale, setStale] = useState<string | null>(null);
  const notify = useNotify();
  return (
    <>
      <BackLink />
      <Edit
        // The record opens read-only already: react-admin's 'show' button would only repeat it.
        actions={false}
        // On a phone the form's toolbar is fixed to the bottom of the screen: the panels under the
        // form end above it, or their last line could not be reached.
        sx={{ pb: { xs: 9, sm: 0 } }}
        mutationMode="pessimistic"
        redirect={false}
        transform={transform}
        mutationOptions={{
          onSuccess: () => {
            notify('Registro salvo com sucesso', { type: 'success' });
            setEditing(false);
            if (back) redirect(back);
          },
          onError: (error) => {
            const failure = error as HttpError;
            if (isStaleSave(failure)) return setStale(failure.message);
            // As react-admin does by default: field errors (422) show on their fields, others in a toast.
            if (Object.keys(failure?.body?.errors ?? {}).length === 0) {
              notify(failure?.message || 'ra.notification.http_error', { type: 'error' });
            }
          },
        }}
      >
        <FormModeContext.Provider value={{ readOnly: !editing }}>
          <SimpleForm
            sx={{ maxWidth: 960 }}
            noValidate
            toolbar={<EditToolbar editing={editing} setEditing={setEditing} ownRecordKept={ownRecordKept} locked={locked} />}
          >
            <UnsavedChangesReporter enabled={editing} />
            <ReloadWhenStale message={stale} onClose={() => setStale(null)} />
            {children}
          </SimpleForm>
        </FormModeContext.Provider>
        {panels}
        {documents && <RecordDocuments />}
        {occurrences && <RecordOccurrencesPanel />}
        <RecordHistoryPanel />
      </Edit>
    </>
  );
}

/** The stale-save dialog of an edit form: 'Recarregar' reads the record again, and the form takes it. */
function ReloadWhenStale({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { refetch } = useEditContext();
  return <StaleRecordDialog message={message} onReload={() => refetch()} onClose={onClose} />;
}

interface EditToolbarProps {
  editing: boolean;
  setEditing: (editing: boolean) => void;
  /** Replaces the standard 'Excluir' (shown to those who may delete); `null` shows none. */
  deleteButton?: ReactNode;
  /** No 'Excluir' when the record is the signed-in person's own account. */
  ownRecordKept?: boolean;
  /** Why the record cannot be edited in its state: no 'Editar', the reason said instead. */
  locked?: (record: RaRecord) => string | null | undefined;
}

/** 'Editar' / 'Salvar' + 'Cancelar' and the delete action of a record form that opens read-only. */
export function EditToolbar({ editing, setEditing, deleteButton, ownRecordKept = false, locked }: EditToolbarProps) {
  const resource = useResourceContext();
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const own = ownRecordKept && identity != null && record != null && String(identity.id) === String(record.id);
  const form = useFormContext();
  const { canAccess: canUpdate } = useCanAccess({ resource, action: 'update' });
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const cancel = () => {
    form.reset();
    setEditing(false);
  };
  const lockedBecause = record && locked ? locked(record) : null;
  return (
    <Toolbar sx={{ gap: 2 }}>
      {editing ? (
        <>
          <SaveButton label="Salvar" />
          <Button color="inherit" startIcon={<CloseIcon />} onClick={cancel}>
            Cancelar
          </Button>
        </>
      ) : lockedBecause ? (
        canUpdate && (
          <Typography variant="body2" color="text.secondary" role="note" aria-label="Edição indisponível">
            {lockedBecause}
          </Typography>
        )
      ) : (
        canUpdate && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Editar
          </Button>
        )
      )}
      <span style={{ flex: 1 }} />
      {canDelete && !own && (deleteButton !== undefined ? deleteButton : <DeleteRecordButton />)}
    </Toolbar>
  );
}
