import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useFormReadOnly } from '../../kit/formMode';
import { ConfirmDialog } from '../../kit/plain/ConfirmDialog';
import { formatDate } from '../../kit/format';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import { ConcludeDialog } from './ConcludeDialog';

export const REASON_REQUIRED = 'O campo Motivo do cancelamento é obrigatório.';

type Move = 'reactivate';

const QUESTIONS: Record<Move, { title: string; content: string }> = {
  reactivate: { title: 'Reativar ação', content: 'Deseja realmente reativar esta ação de fiscalização? O motivo e as observações do cancelamento serão apagados.' },
};

/**
 * Under an inspection action being viewed: its state (cancelled with its reason, concluded) and, to
 * whoever may update it, 'Cancelar ação' (a dialog asking the reason and notes), 'Reativar ação' (after
 * a confirmation) and 'Concluir ação' (a confirmation naming the open pendencies and asking what becomes
 * of them: ConcludeDialog). The server decides every move (docs/INSPECTIONS.md).
 */
export function ActionStatePanel() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess } = useCanAccess({ resource: 'acoes_fiscalizacao', action: 'update' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Move | null>(null);
  const [concluding, setConcluding] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const path = `/api/acoes_fiscalizacao/${encodeURIComponent(String(record.id))}`;

  const run = async (request: () => Promise<{ json: { message?: string } }>, done: () => void) => {
    setBusy(true);
    try {
      const { json } = await request();
      notify(json.message ?? 'Ação de fiscalização salva.', { type: 'success' });
      done();
      refresh();
    } catch (error) {
      const failure = failureOf(error);
      const onReason = failure.fields.cancellation_reason;
      if (onReason) setReasonError(onReason);
      else notify(failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => {
    if (reason.trim() === '') {
      setReasonError(REASON_REQUIRED);
      return;
    }
    void run(() => http({ method: 'PUT', path: `${path}/cancel`, body: { cancellation_reason: reason, cancellation_notes: notes } }), () => setCancelling(false));
  };
  const confirm = (move: Move) => void run(() => http({ method: 'PUT', path: `${path}/${move}`, body: {} }), () => setAsking(null));
  const open = () => {
    setReason('');
    setNotes('');
    setReasonError(null);
    setCancelling(true);
  };
  const movable = viewing && canAccess;

  return (
    <Box component="section" aria-label="Situação da ação" sx={{ width: '100%', mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">Situação</Typography>
        {movable && !record.canceled && !record.concluded ? (
          <>
            <Button type="button" variant="outlined" onClick={open}>Cancelar ação</Button>
            <Button type="button" variant="outlined" onClick={() => setConcluding(true)}>Concluir ação</Button>
          </>
        ) : null}
        {movable && record.canceled ? <Button type="button" variant="outlined" onClick={() => setAsking('reactivate')}>Reativar ação</Button> : null}
      </Box>
      {record.canceled ? (
        <Alert severity="warning">
          Cancelada. Motivo: {String(record.cancellation_reason ?? '')}
          {record.cancellation_notes ? ` · ${String(record.cancellation_notes)}` : ''}
        </Alert>
      ) : record.concluded ? (
        <Alert severity="success">Concluída{record.end_date ? ` em ${formatDate(record.end_date)}` : ''}.</Alert>
      ) : (
        <Typography>Em andamento.</Typography>
      )}
      <Dialog open={cancelling} onClose={() => setCancelling(false)} aria-labelledby="cancelar-acao" fullWidth maxWidth="sm">
        <DialogTitle id="cancelar-acao">Cancelar ação</DialogTitle>
        <DialogContent>
          <TextField
            label="Motivo do cancelamento"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            error={reasonError !== null}
            helperText={reasonError ?? ' '}
            slotProps={{ htmlInput: { maxLength: 255 } }}
            margin="dense"
            fullWidth
            required
            autoFocus
          />
          <TextField label="Observações do cancelamento - Opcional" value={notes} onChange={(event) => setNotes(event.target.value)} margin="dense" fullWidth multiline minRows={3} />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setCancelling(false)} disabled={busy}>Voltar</Button>
          <Button type="button" variant="contained" onClick={cancel} disabled={busy}>Confirmar cancelamento</Button>
        </DialogActions>
      </Dialog>
      <ConcludeDialog
        action={record}
        open={concluding}
        onClose={() => setConcluding(false)}
        onDone={(message) => {
          notify(message, { type: 'success' });
          setConcluding(false);
          refresh();
        }}
      />
      <ConfirmDialog open={asking !== null} busy={busy} title={asking ? QUESTIONS[asking].title : ''} content={asking ? QUESTIONS[asking].content : ''} onConfirm={() => asking && confirm(asking)} onClose={() => setAsking(null)} />
    </Box>
  );
}
