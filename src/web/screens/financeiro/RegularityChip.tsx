import Chip from '@mui/material/Chip';
import type { PartyRegularity } from '../../../shared/contracts/receivables';

/** 'Em dia' (outlined, green) or 'Em débito: R$ 1.234,56 desde 31/03/2026' (filled, red), wrapping on a phone. */
export function RegularityChip({ regularity }: { regularity: Pick<PartyRegularity, 'regular' | 'label'> }) {
  return (
    <Chip
      label={regularity.label}
      color={regularity.regular ? 'success' : 'error'}
      variant={regularity.regular ? 'outlined' : 'filled'}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
    />
  );
}
