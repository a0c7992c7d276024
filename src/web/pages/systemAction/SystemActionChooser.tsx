import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MaterialFrame } from '@kit/material/MaterialFrame';
import { http } from '../../services';
import { failureOf } from '../bare/failure';
import { screenResources } from '../../resources/screens';
import { useSystemActionTarget } from './target';

interface Option { id: number; name: string }
interface Task { id: number; description: string; action: string; task?: { concluded: boolean } }
interface Affected { record_id: number; label: string | null; deleted: boolean }

/**
 * `/acao/{module}?fluxo=&tarefa=&voltar=`: a task's 'Editar' or 'Vincular' system action (its kind is
 * the task's action, read from the run). The records the run created, edited or linked before (the
 * affected entity look-up) come first; a search finds any other. 'Editar' opens the chosen record's
 * form under `/acao/{module}/{id}`; 'Vincular' links the chosen records to the task
 * (`/api/system_actions_link`, several at once through `…_batch`) and returns to the run.
 */
export function SystemActionChooser() {
  const { module = '' } = useParams();
  const { workflowId, taskTypeId, back, query } = useSystemActionTarget();
  const navigate = useNavigate();
  const notify = useNotify();
  const resource = screenResources.find((candidate) => candidate.name === module);
  const [task, setTask] = useState<Task | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<Option[]>([]);
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<{ text: string; options: Option[] }>({ text: '', options: [] });
  const [chosen, setChosen] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    (async () => {
      const { json } = await http<{ data: { current_step: { task_types: Task[] } | null } }>({ path: `/api/fluxo_trabalho/${workflowId}/actual` });
      const current = json.data.current_step?.task_types.find((row) => row.id === taskTypeId);
      if (!current || (current.action !== `${module}.update` && current.action !== `${module}.link`)) return setFailure('Esta tarefa não é uma ação do sistema deste cadastro na etapa atual do fluxo.');
      setTask(current);
      const affected = await http<{ data: Affected[] }>({ method: 'POST', path: '/api/system_actions_affected_entity', body: { system_triggered_entity_type: 'fluxo_trabalho', system_triggered_entity_id: workflowId, system_affected_entity_type: module } });
      const seen = new Set<number>();
      setEarlier(affected.json.data.filter((row) => !row.deleted && !seen.has(row.record_id) && seen.add(row.record_id)).map((row) => ({ id: row.record_id, name: row.label ?? String(row.record_id) })));
    })().catch((error) => setFailure(failureOf(error).message));
  }, [module, workflowId, taskTypeId]);

  useEffect(() => {
    const text = typed.trim();
    if (text.length < 2) return setFound({ text: '', options: [] });
    const timer = setTimeout(() => {
      http<{ data: Option[] }>({ path: `/api/${module}/combos?limit=20&filter=${encodeURIComponent(text)}` })
        .then(({ json }) => setFound({ text, options: json.data }))
        .catch((error) => notify(failureOf(error).message, { type: 'error' }));
    }, 250);
    return () => clearTimeout(timer);
  }, [typed, module, notify]);

  if (failure) return <MaterialFrame><Alert severity="error">{failure} <Link to={back}>Voltar ao fluxo</Link></Alert></MaterialFrame>;
  if (!task) return <Typography role="status">Carregando…</Typography>;
  const editing = task.action.endsWith('.update');
  const singular = (resource?.label.singular ?? module).toLocaleLowerCase('pt-BR');
  const edit = (record: Option) => navigate(`/acao/${module}/${record.id}?${query}`);
  const toggle = (record: Option, on: boolean) => setChosen(on ? [...chosen.filter((row) => row.id !== record.id), record] : chosen.filter((row) => row.id !== record.id));
  const link = async () => {
    setBusy(true);
    try {
      const item = (record: Option) => ({ workflow_id: workflowId, task_type_id: taskTypeId, module, record_id: record.id });
      const { json } = chosen.length === 1
        ? await http<{ message: string }>({ method: 'POST', path: '/api/system_actions_link', body: item(chosen[0]) })
        : await http<{ message: string }>({ method: 'POST', path: '/api/system_actions_link_batch', body: { items: chosen.map(item) } });
      notify(json.message, { type: 'success' });
      navigate(back);
    } catch (error) {
      const refused = failureOf(error);
      notify(Object.values(refused.fields)[0] ?? refused.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const row = (record: Option) =>
    editing ? (
      <Box key={record.id} sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography sx={{ flex: 1 }}>{record.name}</Typography>
        <Button type="button" size="small" onClick={() => edit(record)} aria-label={`Editar ${record.name}`}>Editar</Button>
      </Box>
    ) : (
      <FormControlLabel key={record.id} sx={{ display: 'flex' }} label={record.name} control={<Checkbox checked={chosen.some((row) => row.id === record.id)} onChange={(event) => toggle(record, event.target.checked)} />} />
    );

  return (
    <MaterialFrame>
      <Box component="article" aria-label="Ação do sistema" sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
        <Typography variant="h5" component="h1">{editing ? 'Editar' : 'Vincular'} {singular}</Typography>
        <Typography>Tarefa: {task.description}</Typography>
        {earlier.length > 0 ? (
          <Paper component="section" aria-label="Registros deste fluxo" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">Registros deste fluxo</Typography>
            {earlier.map(row)}
          </Paper>
        ) : null}
        <Paper component="section" aria-label="Buscar registro" sx={{ p: 2 }}>
          <TextField label={`Buscar ${singular}`} value={typed} onChange={(event) => setTyped(event.target.value)} helperText="Digite ao menos 2 letras." margin="dense" fullWidth />
          {found.options.filter((option) => !earlier.some((record) => record.id === option.id)).map(row)}
          {found.text !== '' && found.text === typed.trim() && found.options.length === 0 ? <Typography>Nenhum Resultado</Typography> : null}
        </Paper>
        {!editing ? <Typography aria-live="polite">{chosen.length === 0 ? 'Nenhum registro escolhido.' : `Escolhidos: ${chosen.map((record) => record.name).join(', ')}`}</Typography> : null}
        <Box sx={{ display: 'flex', gap: 2 }}>
          {!editing ? <Button type="button" variant="contained" disabled={busy || chosen.length === 0} onClick={() => void link()}>Vincular</Button> : null}
          <Button type="button" color="inherit" onClick={() => navigate(back)}>Voltar ao fluxo</Button>
        </Box>
      </Box>
    </MaterialFrame>
  );
}
