import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

interface InitialStep { id: number; name: string; step_number: number; workflow_type_id: number; workflow_type_name: string }

/**
 * 'Iniciar fluxo': a type (by its first step), a name and notes; the new run opens at once. From a
 * run's task whose action is 'workflow.init_workflow', the start carries `system_action_attributes`:
 * the new run becomes that task's record.
 */
export function StartWorkflow({ label = 'Iniciar fluxo', attributes }: { label?: string; attributes?: { workflow_id: number; task_type_id: number } }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [steps, setSteps] = useState<InitialStep[]>([]);
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    http<{ data: InitialStep[] }>({ path: '/api/fluxo_trabalho/initial_steps' })
      .then(({ json }) => setSteps(json.data))
      .catch((error) => notify(failureOf(error).message, { type: 'error' }));
  }, [open, notify]);
  const start = async () => {
    const step = steps.find((row) => String(row.id) === chosen);
    if (!step) {
      setErrors({ workflow_type_id: 'O campo Tipo de fluxo de trabalho é obrigatório.' });
      return;
    }
    setBusy(true);
    try {
      const { json } = await http<{ data: { id: number }; message: string }>({ method: 'PUT', path: `/api/fluxo_trabalho/init/${step.workflow_type_id}/${step.id}`, body: { name, notes, ...(attributes ? { system_action_attributes: attributes } : {}) } });
      notify(json.message, { type: 'success' });
      navigate(`/fluxo_trabalho/${json.data.id}`);
    } catch (error) {
      const failure = failureOf(error);
      setErrors(failure.fields);
      if (Object.keys(failure.fields).length === 0 || failure.fields.system_action_attributes) notify(failure.fields.system_action_attributes ?? failure.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant={attributes ? 'text' : 'contained'} size={attributes ? 'small' : 'medium'} onClick={() => { setErrors({}); setOpen(true); }}>{label}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="iniciar-fluxo" fullWidth maxWidth="sm">
        <DialogTitle id="iniciar-fluxo">Iniciar fluxo</DialogTitle>
        <DialogContent>
          <TextField select label="Tipo de fluxo de trabalho" value={chosen} onChange={(event) => { setChosen(event.target.value); setErrors({}); }} error={!!errors.workflow_type_id || !!errors.step_type_id} helperText={errors.workflow_type_id ?? errors.step_type_id ?? ' '} margin="dense" fullWidth required>
            {steps.map((step) => <MenuItem key={step.id} value={String(step.id)}>{step.workflow_type_name}</MenuItem>)}
          </TextField>
          <TextField label="Nome - Opcional" value={name} onChange={(event) => setName(event.target.value)} error={!!errors.name} helperText={errors.name ?? 'Sem nome, o fluxo leva o nome do tipo.'} margin="dense" fullWidth slotProps={{ htmlInput: { maxLength: 255 } }} />
          <TextField label="Observações - Opcional" value={notes} onChange={(event) => setNotes(event.target.value)} error={!!errors.notes} helperText={errors.notes ?? ' '} margin="dense" fullWidth multiline minRows={3} />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setOpen(false)} disabled={busy}>Voltar</Button>
          <Button type="button" variant="contained" onClick={() => void start()} disabled={busy}>Iniciar</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

