import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';

/** Aberta and Aguardando confirmação: the states a cancellation takes (docs/RECEIVABLES.md §3). */
const CANCELLABLE = new Set([1, 6]);

/**
 * 'Cancelar conta' on a control account's view, to whoever may cancel: the reason asked in a dialog,
 * `POST /api/control_account/{id}/cancelamento`, the server's refusal shown on the reason (422) or as
 * its message (a paid or consolidated account).
 */
export function CancelAccountButton() {
  const record = useRecordContext();
  const { canAccess: mayCancel } = useCanAccess({ resource: 'control_account', action: 'cancel' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record || !mayCancel || !CANCELLABLE.has(Number(record.status))) return null;
  const close = () => {
    setOpen(false);
    setProblem(null);
  };
  const cancel = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await http({ method: 'POST', path: `/api/control_account/${record.id}/cancelamento`, body: { motivo: reason.trim() } });
      notify('Conta cancelada.', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      const failure = failureOf(error);
      setProblem(Object.values(failure.fields).flat()[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ mb: 2, ml: record.status === 6 ? 1 : 0 }}>
        Cancelar conta
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="cancel-account-title">
        <DialogTitle id="cancel-account-title">Cancelar a conta {String(record.formatted_number ?? '')}</DialogTitle>
        <DialogContent>
          <TextField
            label="Motivo do cancelamento"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? 'O cancelamento é definitivo.'}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Voltar</Button>
          <Button variant="contained" color="error" disabled={busy} onClick={() => void cancel()}>
            Confirmar cancelamento
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
