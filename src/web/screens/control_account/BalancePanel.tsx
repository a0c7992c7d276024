import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DateTextField } from '@kit';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { councilDate } from '../../../shared/council-clock';
import { formatCents } from '../../../shared/decimals';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';
import { CancelAccountButton } from './CancelAccountButton';
import { PayButton } from './PayButton';

interface Balance {
  days_late: number;
  total: string;
  totalised: { label: string; amount: string }[];
}

/**
 * 'Saldo em' a chosen date on a control account's view (docs/RECEIVABLES.md §9): the lines as the
 * revenue setting's totalisation groups them and the total, from `GET /api/control_account/{id}/saldo`;
 * 'Confirmar lançamento' on an account awaiting confirmation, to whoever may post; 'Pagar'
 * (./PayButton.tsx) and 'Cancelar conta' (./CancelAccountButton.tsx).
 */
export function BalancePanel() {
  const record = useRecordContext();
  const { canAccess: mayPost } = useCanAccess({ resource: 'control_account', action: 'post' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [date, setDate] = useState<string | null>(() => councilDate());
  const [balance, setBalance] = useState<Balance | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const calculate = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const { json } = await http<{ data: Balance }>({ method: 'GET', path: `/api/control_account/${record.id}/saldo`, query: { data: date ?? '' } });
      setBalance(json.data);
    } catch (error) {
      const failure = failureOf(error);
      setBalance(null);
      setProblem(Object.values(failure.fields).flat()[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await http({ method: 'POST', path: `/api/control_account/${record.id}/confirmar` });
      notify('Lançamento confirmado.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label="Saldo em uma data" sx={{ mt: 2, mb: 1, width: '100%' }}>
      {record.status === 6 && mayPost && (
        <Button variant="contained" disabled={busy} onClick={() => void confirm()} sx={{ mb: 2 }}>
          Confirmar lançamento
        </Button>
      )}
      <PayButton />
      <CancelAccountButton />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <DateTextField label="Saldo em" value={date} onChange={setDate} size="small" slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="outlined" disabled={busy || !date} onClick={() => void calculate()}>
          Calcular saldo
        </Button>
      </Box>
      {problem && <Alert severity="error" sx={{ mt: 1 }}>{problem}</Alert>}
      {balance && (
        <Box component="table" sx={{ mt: 1, borderCollapse: 'collapse', '& td': { py: 0.25, pr: 3 } }}>
          <tbody>
            {balance.totalised.map((line) => (
              <tr key={line.label}>
                <td>{line.label}</td>
                <td>R$ {formatCents(line.amount)}</td>
              </tr>
            ))}
            <tr>
              <td><strong>Total</strong></td>
              <td><strong>R$ {formatCents(balance.total)}</strong></td>
            </tr>
            <tr>
              <td>Dias de atraso</td>
              <td>{balance.days_late}</td>
            </tr>
          </tbody>
        </Box>
      )}
    </Box>
  );
}
