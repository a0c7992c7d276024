import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import type { PartyRegularity } from '../../../shared/contracts/receivables';
import { http } from '../../services';
import { RegularityChip } from '../financeiro/RegularityChip';

/**
 * Under a registration: whether its person is up to date with the council today (docs/RECEIVABLES.md
 * §8), 'Em dia' or 'Em débito: R$ 1.234,56 desde 31/03/2026'. Nothing for whoever may not see it.
 */
export function RegularityPanel() {
  const record = useRecordContext();
  const [state, setState] = useState<PartyRegularity | null>(null);
  const party = record?.party_id;
  const version = String(record?.updated_at ?? '');

  useEffect(() => {
    if (party == null) return;
    let live = true;
    http<{ data: PartyRegularity }>({ path: `/api/partes/${encodeURIComponent(String(party))}/regularidade` })
      .then(({ json }) => live && setState(json.data))
      .catch(() => live && setState(null));
    return () => {
      live = false;
    };
  }, [party, version]);

  if (!state) return null;
  return (
    <Box component="section" aria-label="Regularidade financeira" sx={{ width: '100%', mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2">Regularidade financeira</Typography>
      <RegularityChip regularity={state} />
    </Box>
  );
}
