import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { http } from '../../services';

interface Regularity { regular: boolean; label: string }

/**
 * Under a registration: whether its person is up to date with the council today (docs/RECEIVABLES.md
 * §8), 'Em dia' or 'Em débito: R$ 1.234,56 desde 31/03/2026'. Nothing for whoever may not see it.
 */
export function RegularityPanel() {
  const record = useRecordContext();
  const [state, setState] = useState<Regularity | null>(null);
  const party = record?.party_id;
  const version = String(record?.updated_at ?? '');

  useEffect(() => {
    if (party == null) return;
    let live = true;
    http<{ data: Regularity }>({ path: `/api/partes/${encodeURIComponent(String(party))}/regularidade` })
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
      <Chip label={state.label} color={state.regular ? 'success' : 'error'} variant={state.regular ? 'outlined' : 'filled'} sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }} />
    </Box>
  );
}
