import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link } from 'react-router-dom';
import { choices } from '@generated/web/control_account/choices';
import { formatCents } from '../../../../shared/decimals';
import { formatDate } from '../../../kit/format';
import type { PartyAccount } from '../../../../shared/contracts/receivables';

export const NO_ACCOUNTS = 'Nenhuma conta de controle desta pessoa.';

const statusName = (status: number | null) => choices.status.find((choice) => choice.id === status)?.name ?? '';
const money = (value: string | null) => (value === null ? '—' : `R$ ${formatCents(value)}`);
const day = (value: string | null) => (value ? formatDate(value) : '—');
const overdueChip = <Chip label="Vencida" color="error" size="small" />;
const accountLink = (account: PartyAccount) => <Link to={`/control_account/${account.id}/show`}>{account.formatted_number}</Link>;

/**
 * A party's control accounts, each its number opening the account's view: a table on a wide screen,
 * one card an account on a phone (seven columns do not fit 390 px).
 */
export function PartyAccountsTable({ accounts }: { accounts: PartyAccount[] }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (accounts.length === 0) return <p>{NO_ACCOUNTS}</p>;
  if (phone) {
    return (
      <Box component="ul" aria-label="Contas de controle" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {accounts.map((account) => (
          <Box component="li" key={account.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <strong>{accountLink(account)}</strong>
              {account.overdue && overdueChip}
            </Box>
            <div>{[account.exercise, account.debt_type, statusName(account.status)].filter(Boolean).join(' · ')}</div>
            <div>Vencimento {day(account.due_date)} · Saldo hoje {money(account.balance)}</div>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Table size="small" aria-label="Contas de controle">
      <TableHead>
        <TableRow>
          <TableCell>Número</TableCell>
          <TableCell>Exercício</TableCell>
          <TableCell>Tipo de débito</TableCell>
          <TableCell>Situação</TableCell>
          <TableCell>Vencimento</TableCell>
          <TableCell align="right">Saldo hoje</TableCell>
          <TableCell>Vencida</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {accounts.map((account) => (
          <TableRow key={account.id}>
            <TableCell>{accountLink(account)}</TableCell>
            <TableCell>{account.exercise ?? '—'}</TableCell>
            <TableCell>{account.debt_type ?? '—'}</TableCell>
            <TableCell>{statusName(account.status)}</TableCell>
            <TableCell>{day(account.due_date)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{money(account.balance)}</TableCell>
            <TableCell>{account.overdue ? overdueChip : 'Não'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
