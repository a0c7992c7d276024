import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCanAccess, useRecordContext } from 'react-admin';
import { DateTextField, type FormTab } from '@kit';
import { councilDate } from '../../../../shared/council-clock';
import { formatCents } from '../../../../shared/decimals';
import { failureOf } from '../../../pages/bare/failure';
import { http } from '../../../services';
import { PartyAccountsTable } from './PartyAccountsTable';
import type { PartyAccounts, PartyRegularity } from '../../../../shared/contracts/receivables';
import { RegularityChip } from '../RegularityChip';

/** What a request answers, or why it failed (a field's message first). */
type Loaded<T> = { data: T } | { problem: string } | null;

function useLoaded<T>(path: string | null, query?: Record<string, string>): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(null);
  const key = JSON.stringify(query ?? {});
  useEffect(() => {
    // A date being typed shows no total until it is a whole date.
    setState(null);
    if (path === null) return;
    let live = true;
    http<{ data: T }>({ path, query: JSON.parse(key) as Record<string, string> })
      .then(({ json }) => live && setState({ data: json.data }))
      .catch((error: unknown) => {
        const failure = failureOf(error);
        if (live) setState({ problem: Object.values(failure.fields).flat()[0] ?? failure.message });
      });
    return () => {
      live = false;
    };
  }, [path, key]);
  return state;
}

const problemOf = (state: Loaded<unknown>) => (state && 'problem' in state ? <Alert severity="error">{state.problem}</Alert> : null);

/**
 * A person's or company's finances (docs/RECEIVABLES.md §9): its regularity, its open balance at a
 * chosen date, its credit not yet used and its control accounts with their balances today.
 */
export function PartyFinance() {
  const record = useRecordContext();
  const party = record?.party_id == null ? null : encodeURIComponent(String(record.party_id));
  const [date, setDate] = useState<string | null>(() => councilDate());
  const accounts = useLoaded<PartyAccounts>(party && `/api/partes/${party}/contas`);
  const regularity = useLoaded<PartyRegularity>(party && `/api/partes/${party}/regularidade`);
  const balance = useLoaded<{ total: string }>(party && date ? `/api/partes/${party}/saldo` : null, date ? { data: date } : undefined);
  if (party === null) return null;
  return (
    <Box component="section" aria-label="Financeiro" sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 2, pb: 2 }}>
      <Box component="section" aria-label="Regularidade financeira" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">Regularidade financeira</Typography>
        {regularity && 'data' in regularity && (
          <RegularityChip regularity={regularity.data} />
        )}
        {problemOf(regularity)}
      </Box>
      <Box component="section" aria-label="Saldo em aberto" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <DateTextField label="Saldo em aberto em" value={date} onChange={setDate} size="small" fullWidth={false} sx={{ width: 200 }} slotProps={{ inputLabel: { shrink: true } }} />
        {balance && 'data' in balance && (
          <Typography>
            Saldo em aberto:{' '}
            <Box component="output" aria-label="Saldo em aberto na data" sx={{ fontWeight: 600 }}>R$ {formatCents(balance.data.total)}</Box>
          </Typography>
        )}
        {problemOf(balance)}
      </Box>
      {accounts && 'data' in accounts && (
        <>
          <Typography component="p" aria-label="Crédito disponível">Crédito disponível: <strong>R$ {formatCents(accounts.data.credit)}</strong></Typography>
          <Box component="section" aria-label="Contas de controle">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Contas de controle</Typography>
            <PartyAccountsTable accounts={accounts.data.accounts} />
          </Box>
        </>
      )}
      {problemOf(accounts)}
    </Box>
  );
}

/** The *Financeiro* tab of a person's or company's form, to whoever may see control accounts; none to the others. */
export function usePartyFinanceTabs(): FormTab[] {
  const { canAccess } = useCanAccess({ resource: 'control_account', action: 'show' });
  return canAccess ? [{ name: 'financeiro', label: 'Financeiro', content: <PartyFinance /> }] : [];
}
