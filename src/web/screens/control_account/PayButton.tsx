import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InputAdornment from '@mui/material/InputAdornment';
import { DateTextField } from '@kit';
import { choices } from '@generated/web/pagamentos/choices';
import { useCanAccess, useRecordContext, useRefresh } from 'react-admin';
import { councilDate } from '../../../shared/council-clock';
import { brDate } from '../../../shared/dates';
import { formatMoney, formatMoneyDigits, parseTypedMoney } from '../../kit/format';
import { http } from '../../services';
import { Money } from './Money';
import { NO_REFUSAL, refusalOf, type Refusal } from './refusal';

const FIELDS = ['date', 'amount', 'means', 'notes'];
/** A payment by hand: every means but 5 Crédito, which the server applies itself (docs/RECEIVABLES.md §7). */
const MEANS = choices.means.filter((choice) => choice.id !== 5);

interface Paid {
  id: number;
  credit: string;
  status: number;
  open_principal: string;
}

/**
 * 'Pagar' on an open control account's view, to whoever may pay (`controlAccount.pay`): the date (the
 * council's today), the amount (the account's balance on that date, as `GET …/saldo` answers it, until
 * the person types another), the means and a note; `POST /api/control_account/pagamento`, then the
 * account's new state (Paga, or the open principal left) and the credit an overpayment created. A 422
 * shows on its field, a 409 (the account being paid at once by another payment) as a message.
 */
export function PayButton() {
  const record = useRecordContext();
  const { canAccess: mayPay } = useCanAccess({ resource: 'control_account', action: 'pay' });
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const [typed, setTyped] = useState(false);
  const [balance, setBalance] = useState<string | null>(null);
  const [means, setMeans] = useState('3');
  const [notes, setNotes] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);
  const id = record?.id;

  // The balance on the chosen date, the amount's default until one is typed.
  useEffect(() => {
    if (!open || paid || !date || id == null) return;
    let active = true;
    setBalance(null);
    http<{ data: { total: string } }>({ path: `/api/control_account/${id}/saldo`, query: { data: date } })
      .then(({ json }) => {
        if (!active) return;
        setBalance(json.data.total);
        if (!typed) setAmount(json.data.total);
      })
      .catch((error) => active && setRefusal(refusalOf(error, FIELDS)));
    return () => {
      active = false;
    };
  }, [open, paid, date, id, typed]);

  if (!record) return null;
  // Paying needs an open account; the dialog stays while it shows what a payment just did.
  const offered = mayPay === true && Number(record.status) === 1;
  const start = () => {
    setDate(councilDate());
    setAmount(null);
    setTyped(false);
    setMeans('3');
    setNotes('');
    setRefusal(NO_REFUSAL);
    setPaid(null);
    setOpen(true);
  };
  const pay = async () => {
    setBusy(true);
    setRefusal(NO_REFUSAL);
    try {
      const body = { date, amount: amount ?? '', means: Number(means), control_account_ids: [Number(record.id)], notes: notes.trim() || null };
      const { json } = await http<{ data: { id: number; credit: string } }>({ method: 'POST', path: '/api/control_account/pagamento', body });
      const account = await http<{ data: { status: number; open_principal: string } }>({ path: `/api/control_account/${record.id}` });
      setPaid({ id: json.data.id, credit: json.data.credit, status: Number(account.json.data.status), open_principal: account.json.data.open_principal });
      refresh();
    } catch (error) {
      setRefusal(refusalOf(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const error = (field: string) => refusal.fields[field];
  // A field changed drops the server's word on it.
  const changed = (field: string) => {
    if (refusal.fields[field]) setRefusal({ ...refusal, fields: Object.fromEntries(Object.entries(refusal.fields).filter(([key]) => key !== field)) });
  };
  return (
    <>
      {offered && (
        <Button variant="contained" onClick={start} sx={{ mb: 2, mr: 1 }}>
          Pagar
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="pay-account-title">
        <DialogTitle id="pay-account-title">Pagar a conta {String(record.formatted_number ?? '')}</DialogTitle>
        <DialogContent>
          {paid ? (
            <Stack spacing={1} role="status" aria-label="Pagamento registrado">
              <Typography>Pagamento nº {paid.id} registrado.</Typography>
              <Typography>
                {paid.status === 2 ? 'A conta está paga.' : <>Valor original em aberto: <Money value={paid.open_principal} />.</>}
              </Typography>
              {Number(paid.credit) > 0 && <Alert severity="info">Crédito do devedor criado: <Money value={paid.credit} />.</Alert>}
            </Stack>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {refusal.message && <Alert severity="error">{refusal.message}</Alert>}
              <DateTextField
                label="Data do pagamento"
                value={date}
                onChange={(value) => {
                  changed('date');
                  setDate(value);
                }}
                error={Boolean(error('date'))}
                helperText={error('date') ?? ' '}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                label="Valor"
                value={formatMoneyDigits(amount)}
                onChange={(event) => {
                  changed('amount');
                  setTyped(true);
                  setAmount(parseTypedMoney(event.target.value));
                }}
                error={Boolean(error('amount'))}
                helperText={error('amount') ?? (balance && date ? `Saldo em ${brDate(date)}: ${formatMoney(balance)}` : ' ')}
                fullWidth
                slotProps={{ input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> }, htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField select label="Meio" value={means} onChange={(event) => { changed('means'); setMeans(event.target.value); }} error={Boolean(error('means'))} helperText={error('means') ?? ' '} fullWidth>
                {MEANS.map((choice) => <MenuItem key={choice.id} value={String(choice.id)}>{choice.name}</MenuItem>)}
              </TextField>
              <TextField
                label="Observação - Opcional"
                value={notes}
                onChange={(event) => {
                  changed('notes');
                  setNotes(event.target.value);
                }}
                error={Boolean(error('notes'))}
                helperText={error('notes') ?? ' '}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {paid ? (
            <Button variant="contained" onClick={() => setOpen(false)}>Fechar</Button>
          ) : (
            <>
              <Button onClick={() => setOpen(false)}>Voltar</Button>
              <Button variant="contained" disabled={busy} onClick={() => void pay()}>Confirmar pagamento</Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
