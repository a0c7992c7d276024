import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useCanAccess, useNotify } from 'react-admin';
import { formatDate, formatMoney } from '../../kit/format';
import { http } from '../../services';
import { NO_REFUSAL, refusalOf, type Refusal } from './refusal';

const REASON_MAX = 1000;

export interface ReversiblePayment {
  id: number;
  date: string;
  amount: string;
  status: number;
}

/** Whether the signed-in person may reverse payments (`controlAccount.reverse`); the server decides each one. */
export function useMayReverse(): boolean {
  const { canAccess } = useCanAccess({ resource: 'control_account', action: 'reverse' });
  return canAccess === true;
}

/**
 * 'Estornar' on a payment still standing, to whoever may reverse: opens the reversal dialog
 * (`ReverseDialog`, below) kept by the caller, so that a layout change (a table becoming cards) keeps it open.
 */
export function ReverseButton({ payment, onClick, size = 'small' }: { payment: ReversiblePayment; onClick: () => void; size?: 'small' | 'medium' }) {
  const mayReverse = useMayReverse();
  if (!mayReverse || payment.status !== 1) return null;
  return (
    <Button size={size} variant="outlined" color="warning" onClick={onClick} aria-label={`Estornar o pagamento nº ${payment.id}`}>
      Estornar
    </Button>
  );
}

/**
 * The reversal of `payment` (null: closed): the reason asked (required, up to 1,000 characters),
 * `POST /api/pagamentos/{id}/estorno`; a 422 on the reason, a refusal (a later payment, a used credit,
 * a consolidated date, an account cancelled since) as the server's message. `onDone` reads the records again.
 */
export function ReverseDialog({ payment, onClose, onDone }: { payment: ReversiblePayment | null; onClose: () => void; onDone: () => void }) {
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ReversiblePayment | null>(payment);
  // A new payment to reverse starts blank; the one closing keeps its text while the dialog fades.
  if (payment && payment.id !== shown?.id) {
    setShown(payment);
    setReason('');
    setRefusal(NO_REFUSAL);
  }
  const reverse = async () => {
    if (!payment) return;
    setBusy(true);
    setRefusal(NO_REFUSAL);
    try {
      await http({ method: 'POST', path: `/api/pagamentos/${payment.id}/estorno`, body: { reason: reason.trim() } });
      notify(`Pagamento nº ${payment.id} estornado.`, { type: 'success' });
      setShown(null);
      onClose();
      onDone();
    } catch (error) {
      setRefusal(refusalOf(error, ['reason']));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setShown(null);
    onClose();
  };
  const titleId = 'reverse-payment-title';
  return (
    <Dialog open={payment !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {shown && (
        <>
          <DialogTitle id={titleId}>Estornar o pagamento nº {shown.id}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              O pagamento de {formatMoney(shown.amount)} em {formatDate(shown.date)} será desfeito por inteiro: cada conta volta ao valor em aberto e à situação de antes.
            </DialogContentText>
            {refusal.message && <Alert severity="error" sx={{ mb: 2 }}>{refusal.message}</Alert>}
            <TextField
              label="Motivo do estorno"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (refusal.fields.reason) setRefusal(NO_REFUSAL);
              }}
              error={Boolean(refusal.fields.reason)}
              helperText={refusal.fields.reason ?? `${reason.length} de ${REASON_MAX} caracteres`}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Voltar</Button>
            <Button variant="contained" color="warning" disabled={busy} onClick={() => void reverse()}>
              Confirmar estorno
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
