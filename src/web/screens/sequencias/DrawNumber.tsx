import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PinIcon from '@mui/icons-material/Pin';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmDialog } from '../../kit/plain/ConfirmDialog';
import { useFormReadOnly } from '../../kit/formMode';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import type { DrawnNumber as Drawn } from '../../../shared/contracts/sequences';


const where = (drawn: Drawn) => (drawn.book === null ? '' : ` · livro ${drawn.book}, folha ${drawn.leaf}, ordem ${drawn.order}`);

/**
 * 'Gerar número' on a sequence being viewed (to whoever may update it): after a confirmation, takes
 * the next number by hand (`POST /api/sequencias/{id}/next`), for a process the council handles on
 * paper, shows it formatted, and reloads the record.
 */
export function DrawNumber() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess } = useCanAccess({ resource: 'sequencias', action: 'update' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  if (!record || !viewing || !canAccess) return null;
  const draw = async () => {
    setBusy(true);
    try {
      const { json } = await http<{ data: Drawn }>({ method: 'POST', path: `/api/sequencias/${encodeURIComponent(String(record.id))}/next`, body: {} });
      setDrawn(json.data);
      notify(`Número gerado: ${json.data.formatted_number}`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Box role="group" aria-label="Gerar número" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2, width: '100%' }}>
      <Button variant="outlined" startIcon={<PinIcon />} onClick={() => setAsking(true)} disabled={busy || record.inactivated === true}>
        Gerar número
      </Button>
      {drawn && (
        <Alert severity="success" sx={{ py: 0, flex: '1 1 260px' }}>
          Número gerado: <strong data-testid="drawn-number">{drawn.formatted_number}</strong>
          {where(drawn)}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title="Gerar número"
        content={`Gerar o próximo número de "${String(record.name ?? '')}"? O número fica reservado para quem o pediu e não volta para a sequência.`}
        onConfirm={draw}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
