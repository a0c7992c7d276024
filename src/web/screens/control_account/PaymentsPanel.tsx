import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link } from 'react-router-dom';
import { useRecordContext, useRefresh } from 'react-admin';
import { choices } from '@generated/web/pagamentos/choices';
import { formatDate, formatMoney } from '../../kit/format';
import { Money } from './Money';
import { ReverseButton, ReverseDialog } from './ReverseButton';

/** A payment as the account's view answers it (`payments`, docs/API.md 'Payments and reversal'). */
interface AccountPayment {
  id: number;
  date: string;
  amount: string;
  means: number;
  credit: string;
  status: number;
  reversal_reason: string | null;
  applied: string;
  open_principal_after: string;
}

const nameOf = (list: readonly { id: number; name: string }[], id: number) => list.find((choice) => choice.id === id)?.name ?? String(id);

/**
 * The account's payments (its statement beside the balance history, docs/RECEIVABLES.md §9), oldest
 * first: number (to the payment's view), date, means, amount, what it applied here, the open principal
 * after it, the credit it left, its state; 'Estornar' on each one still standing. Cards on a phone.
 */
export function PaymentsPanel() {
  const record = useRecordContext();
  const refresh = useRefresh();
  const phone = useMediaQuery('(max-width:600px)');
  const payments = (record?.payments ?? []) as AccountPayment[];
  const [reversing, setReversing] = useState<AccountPayment | null>(null);
  if (!record) return null;
  const status = (payment: AccountPayment) =>
    `${nameOf(choices.status, payment.status)}${payment.status === 2 && payment.reversal_reason ? `: ${payment.reversal_reason}` : ''}`;
  const number = (payment: AccountPayment) => <Link to={`/pagamentos/${payment.id}`}>nº {payment.id}</Link>;
  return (
    <Box component="section" aria-label="Pagamentos da conta" sx={{ width: '100%' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>Pagamentos</Typography>
      {payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">Nenhum pagamento.</Typography>
      ) : phone ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {payments.map((payment) => (
            <Box component="li" key={payment.id} aria-label={`Pagamento nº ${payment.id}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}>
              <Typography variant="body2"><strong>{number(payment)}</strong> — {formatDate(payment.date)}, {nameOf(choices.means, payment.means)}</Typography>
              <Typography variant="body2">Valor: <Money value={payment.amount} /></Typography>
              <Typography variant="body2">Aplicado nesta conta: <Money value={payment.applied} /></Typography>
              <Typography variant="body2">Em aberto depois: <Money value={payment.open_principal_after} /></Typography>
              {Number(payment.credit) > 0 && <Typography variant="body2">Crédito: <Money value={payment.credit} /></Typography>}
              <Typography variant="body2">{status(payment)}</Typography>
              <Box><ReverseButton payment={payment} onClick={() => setReversing(payment)} /></Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label="Pagamentos" sx={{ '& td, & th': { whiteSpace: 'nowrap' }, '& td:nth-of-type(8)': { whiteSpace: 'normal' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Pagamento</TableCell>
              <TableCell>Data</TableCell>
              <TableCell>Meio</TableCell>
              <TableCell align="right">Valor</TableCell>
              <TableCell align="right">Aplicado nesta conta</TableCell>
              <TableCell align="right">Em aberto depois</TableCell>
              <TableCell align="right">Crédito</TableCell>
              <TableCell>Situação</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((payment) => (
              <TableRow key={payment.id}>
                <TableCell>{number(payment)}</TableCell>
                <TableCell>{formatDate(payment.date)}</TableCell>
                <TableCell>{nameOf(choices.means, payment.means)}</TableCell>
                <TableCell align="right">{formatMoney(payment.amount)}</TableCell>
                <TableCell align="right">{formatMoney(payment.applied)}</TableCell>
                <TableCell align="right">{formatMoney(payment.open_principal_after)}</TableCell>
                <TableCell align="right">{Number(payment.credit) > 0 ? formatMoney(payment.credit) : '—'}</TableCell>
                <TableCell>{status(payment)}</TableCell>
                <TableCell align="right"><ReverseButton payment={payment} onClick={() => setReversing(payment)} /></TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ReverseDialog payment={reversing} onClose={() => setReversing(null)} onDone={refresh} />
    </Box>
  );
}
