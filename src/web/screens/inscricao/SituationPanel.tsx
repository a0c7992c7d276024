import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { DateTextField } from '@kit';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { councilDate } from '../../../shared/council-clock';
import { useFormReadOnly } from '../../kit/formMode';
import { formatDate, formatDateTime } from '../../kit/format';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

interface NextSituation { id: number; name: string; default: boolean; disable_number: boolean }
interface Entry { situation: string; previous_situation: string | null; situation_date: string; user: string | null; created_at: string }

export const SITUATION_MOVED = 'Situação alterada.';

/** Today on the council's calendar, as the date input takes it. */
const today = () => councilDate();

/**
 * Under a registration being viewed: its situations through time, and 'Mudar situação' (to whoever
 * may update it), offering only the next situations of the current one, the main one chosen, dated
 * today unless changed. The move is an edit of the record (versions and audit as any edit).
 */
export function SituationPanel() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess } = useCanAccess({ resource: 'inscricao', action: 'update' });
  const provider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [history, setHistory] = useState<Entry[]>([]);
  const [options, setOptions] = useState<NextSituation[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [date, setDate] = useState(today());
  const [busy, setBusy] = useState(false);
  const id = record?.id;
  const version = String(record?.updated_at ?? '');

  useEffect(() => {
    if (id === undefined) return;
    void http<{ data: Entry[] }>({ path: `/api/inscricao/${encodeURIComponent(String(id))}/situacoes` }).then(({ json }) => setHistory(json.data));
  }, [id, version]);

  if (!record) return null;
  const open = async () => {
    const { json } = await http<{ data: NextSituation[] }>({ path: `/api/inscricao/${encodeURIComponent(String(record.id))}/proximas_situacoes` });
    setOptions(json.data);
    setChosen(json.data.find((option) => option.default)?.id ?? json.data[0]?.id ?? null);
    setDate(today());
  };
  const move = async () => {
    if (chosen === null) return;
    setBusy(true);
    try {
      await provider.update('inscricao', { id: record.id, data: { ...record, situation_id: chosen, situation_date: date }, previousData: record });
      notify(SITUATION_MOVED, { type: 'success' });
      setOptions(null);
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label="Situações da inscrição" sx={{ width: '100%', mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">Situações</Typography>
        {viewing && canAccess ? (
          <Button type="button" variant="outlined" startIcon={<SwapHorizIcon />} onClick={() => void open()}>
            Mudar situação
          </Button>
        ) : null}
      </Box>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {history.map((entry) => (
          <li key={entry.created_at + entry.situation}>
            <strong>{entry.situation}</strong> desde {formatDate(entry.situation_date)}
            {entry.previous_situation ? ` (antes: ${entry.previous_situation})` : ''} · {entry.user ?? 'sistema'}, {formatDateTime(entry.created_at)}
          </li>
        ))}
      </Box>
      <Dialog open={options !== null} onClose={() => setOptions(null)} aria-labelledby="mudar-situacao" fullWidth maxWidth="xs">
        <DialogTitle id="mudar-situacao">Mudar situação</DialogTitle>
        <DialogContent>
          {options?.length === 0 ? (
            <Typography>A situação atual não tem próximas situações.</Typography>
          ) : (
            <RadioGroup aria-label="Próxima situação" value={chosen === null ? '' : String(chosen)} onChange={(event) => setChosen(Number(event.target.value))}>
              {options?.map((option) => (
                <FormControlLabel key={option.id} value={String(option.id)} control={<Radio />} label={option.default ? `${option.name} (principal)` : option.name} />
              ))}
            </RadioGroup>
          )}
          <DateTextField label="Data da situação" value={date} onChange={(value) => setDate(value ?? '')} margin="dense" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setOptions(null)}>Cancelar</Button>
          <Button type="button" variant="contained" disabled={busy || chosen === null || !date} onClick={() => void move()}>
            Confirmar
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
