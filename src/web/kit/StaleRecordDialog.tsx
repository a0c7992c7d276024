import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The status of the API's answer to a save made over someone else's change. */
export const STALE_RECORD_STATUS = 409;
/** What tells that 409 from the others a save may get (an action already concluded, a record in use): its `code`. */
export const STALE_RECORD_CODE = 'stale_record';

/**
 * Whether a failed save was refused for being made over someone else's change (409 with the code
 * `stale_record`), which reloading resolves; any other refusal is shown with its own message.
 */
export function isStaleSave(error: unknown): boolean {
  const failure = error as { status?: unknown; body?: { code?: unknown } } | null;
  return failure?.status === STALE_RECORD_STATUS && failure.body?.code === STALE_RECORD_CODE;
}

interface StaleRecordDialogProps {
  /** The server's message; null keeps the dialog closed. */
  message: string | null;
  /** Reads the record again into the form (the changes typed here are dropped). */
  onReload: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * Tells that the record was changed by someone else since the form opened, and offers to reload it
 * ('Recarregar') or to go on editing (to copy what was typed) without saving.
 */
export function StaleRecordDialog({ message, onReload, onClose }: StaleRecordDialogProps) {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      onClose();
    } finally {
      setReloading(false);
    }
  };
  return (
    <Dialog open={message !== null} onClose={reloading ? undefined : onClose} aria-labelledby="stale-record-title" aria-describedby="stale-record-message">
      <DialogTitle id="stale-record-title">Registro alterado</DialogTitle>
      <DialogContent>
        <DialogContentText id="stale-record-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={reloading}>
          Continuar editando
        </Button>
        <Button variant="contained" onClick={reload} disabled={reloading} autoFocus>
          Recarregar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
