import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useDataProvider, type RaRecord } from 'react-admin';
import { formatMoment } from '../../kit/format';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';

const PENDENCIES = 'pendencias_acao_fiscalizacao';

/** A pendency as the dialog names it: its number (or #id) and its deadline. */
const pendencyLabel = (row: RaRecord) =>
  `${String(row.formatted_number ?? `#${String(row.id)}`)}${row.deadline_moment ? `, prazo ${formatMoment(String(row.deadline_moment))}` : ', sem prazo'}`;

/**
 * 'Concluir ação': the conclusion cannot be undone, and a concluded action takes no change, so the
 * dialog lists the action's open pendencies and the person chooses: resolve them with the action, on
 * its end date ('Resolver as pendências abertas na data de término'), or go back and resolve them one
 * by one. Concluding with open pendencies without that choice is refused by the server, whose message
 * (naming them) shows under the choice.
 */
export function ConcludeDialog({ action, open, onClose, onDone }: { action: RaRecord; open: boolean; onClose: () => void; onDone: (message: string) => void }) {
  const provider = useDataProvider();
  const [pending, setPending] = useState<RaRecord[] | null>(null);
  const [resolve, setResolve] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openPendencies = () =>
    provider
      .getList(PENDENCIES, { filter: { inspection_action_id: action.id, concluded: false }, pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } })
      .then(({ data }) => data, () => [] as RaRecord[]);

  useEffect(() => {
    if (!open) return;
    setResolve(false);
    setRefusal(null);
    setPending(null);
    let active = true;
    void openPendencies().then((data) => active && setPending(data));
    return () => {
      active = false;
    };
  }, [open, action.id]);

  const conclude = async () => {
    setBusy(true);
    try {
      const { json } = await http({ method: 'POST', path: '/api/acoes_fiscalizacao/conclude', body: { ids: [action.id], resolve_pendencies: resolve } });
      onDone((json as { message?: string }).message ?? 'Ação de fiscalização concluída com sucesso');
    } catch (error) {
      const failure = failureOf(error);
      setRefusal(failure.fields.resolve_pendencies ?? failure.fields.end_date ?? failure.message);
      // Pendencies added since the dialog opened: list them, so the choice covers them too.
      if (failure.fields.resolve_pendencies) setPending(await openPendencies());
    } finally {
      setBusy(false);
    }
  };

  const count = pending?.length ?? 0;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="concluir-acao" fullWidth maxWidth="sm">
      <DialogTitle id="concluir-acao">Concluir ação</DialogTitle>
      <DialogContent>
        <DialogContentText>Deseja realmente concluir esta ação de fiscalização? A conclusão não pode ser desfeita: a ação não poderá mais ser alterada.</DialogContentText>
        {count > 0 ? (
          <>
            <Alert severity="warning" sx={{ mt: 2 }} aria-label="Pendências abertas">
              {count === 1 ? 'Esta ação tem uma pendência aberta:' : `Esta ação tem ${count} pendências abertas:`}
              <ul>
                {pending!.map((row) => (
                  <li key={row.id}>{pendencyLabel(row)}</li>
                ))}
              </ul>
              Resolva-as antes, ou resolva-as com a conclusão, na data de término da ação.
            </Alert>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={resolve} onChange={(event) => { setResolve(event.target.checked); setRefusal(null); }} />}
              label={count === 1 ? 'Resolver a pendência aberta na data de término' : `Resolver as ${count} pendências abertas na data de término`}
            />
          </>
        ) : null}
        {refusal ? <FormHelperText error role="alert">{refusal}</FormHelperText> : null}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={onClose} disabled={busy}>Não</Button>
        <Button type="button" variant="contained" onClick={() => void conclude()} disabled={busy || pending === null}>Sim</Button>
      </DialogActions>
    </Dialog>
  );
}
