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

/**
 * 'Estornar' on a payment still standing, to whoever may reverse (`controlAccount.reverse`): the reason
 * asked in a dialog (required, up to 1,000 characters), `POST /api/pagamentos/{id}/estorno`; a 422 on
 * the reason, a refusal (a later payment, a used credit, a consolidated date, an account cancelled
 * since) as the server's message. `onDone` reads the records again.
 */
export function ReverseButton({ payment, onDone, size = 'small' }: { payment: ReversiblePayment; onDone: () => void; size?: 'small' | 'medium' }) {
  const { canAccess: mayReverse } = useCanAccess({ resource: 'control_account', action: 'reverse' });
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [busy, setBusy] = useState(false);
  if (mayReverse !== true || payment.status !== 1) return null;
  const titleId = `reverse-payment-${payment.id}`;
  const reverse = async () => {
    setBusy(true);
    setRefusal(NO_REFUSAL);
    try {
      await http({ method: 'POST', path: `/api/pagamentos/${payment.id}/estorno`, body: { reason: reason.trim() } });
      notify(`Pagamento nº ${payment.id} estornado.`, { type: 'success' });
      setOpen(false);
      onDone();
    } catch (error) {
      setRefusal(refusalOf(error, ['reason']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size={size} variant="outlined" color="warning" onClick={() => { setReason(''); setRefusal(NO_REFUSAL); setOpen(true); }}>
        Estornar
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Estornar o pagamento nº {payment.id}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            O pagamento de {formatMoney(payment.amount)} em {formatDate(payment.date)} será desfeito por inteiro: cada conta volta ao valor em aberto e à situação de antes.
          </DialogContentText>
          {refusal.message && <Alert severity="error" sx={{ mb: 2 }}>{refusal.message}</Alert>}
          <TextField
            label="Motivo do estorno"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
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
          <Button onClick={() => setOpen(false)}>Voltar</Button>
          <Button variant="contained" color="warning" disabled={busy} onClick={() => void reverse()}>
            Confirmar estorno
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
