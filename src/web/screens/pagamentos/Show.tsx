import { useState } from 'react';
import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { useGetOne, useRefresh } from 'react-admin';
import GeneratedShow from '@generated/web/pagamentos/Show';
import { ReverseButton, ReverseDialog, type ReversiblePayment } from '../control_account/ReverseButton';

/**
 * A payment as the generated view shows it, and under it 'Estornar' while it stands, to whoever may
 * reverse (../control_account/ReverseButton.tsx; the account's statement offers it too).
 */
export function PagamentosShow() {
  const { id } = useParams();
  const refresh = useRefresh();
  const [reversing, setReversing] = useState(false);
  const { data } = useGetOne<ReversiblePayment>('pagamentos', { id: Number(id) }, { enabled: id != null });
  return (
    <>
      <GeneratedShow />
      {data && (
        <Box component="section" aria-label="Estorno do pagamento" sx={{ px: 2, pb: 2 }}>
          <ReverseButton payment={data} onClick={() => setReversing(true)} size="medium" />
          <ReverseDialog payment={reversing ? data : null} onClose={() => setReversing(false)} onDone={refresh} />
        </Box>
      )}
    </>
  );
}
