import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../kit/plain/ConfirmDialog';
import { formatDate, formatDateTime } from '../../kit/format';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import { useMayExecute } from './permissions';
import { systemAction } from '../../providers/systemAction';

interface Task { id: number; start_date: string | null; end_date: string | null; started: boolean; concluded: boolean; notes: string | null; action: string }
interface TaskType { id: number; description: string; action: string; type: 'in' | 'step' | 'out'; required: boolean; one_time_action?: boolean; task_order: number; task?: Task; entities?: LinkedRecord[] }
interface Step { id: number; step_type_id: number; name: string; step_number: number; phase_denomination: string | null; start_date: string | null; end_date: string | null; concluded: boolean; has_next_steps: boolean; task_types: TaskType[] }
interface Run {
  id: number; workflow_type_name: string; name: string; notes: string | null; formatted_number: string | null; number: number | null;
  status: '1' | '2' | '3' | '4'; status_label: string; concluded: boolean; start_date: string | null; end_date: string | null; duration: number | null; current_step: Step | null;
}
interface NextStep { id: number; name: string; step_number: number; phase_denomination: string; task_types: TaskType[] }
interface LinkedRecord { id: number; module: string; module_label: string; record_id: number; label: string | null; deleted: boolean }
interface HistoryLine { id: number; date: string; event: string; description: string; step_name: string | null; notes: string | null; user_name: string | null; entities: LinkedRecord[] }

/** The records a task created, edited or linked: each opens its record; a deleted one says so. */
function Records({ entities }: { entities: LinkedRecord[] }) {
  return (
    <>
      {entities.map((entity, index) => (
        <span key={entity.id}>
          {index > 0 ? ', ' : ''}
          {entity.deleted ? `${entity.module_label} ${entity.record_id} (excluído)` : <Link to={`/${entity.module}/${entity.record_id}`}>{entity.module_label}: {entity.label}</Link>}
        </span>
      ))}
    </>
  );
}

// The dialog that starts a run loads with a task that starts one ('workflow.init_workflow').
const StartWorkflow = lazy(() => import('./StartWorkflow').then((m) => ({ default: m.StartWorkflow })));

/**
 * A task's system action (spec 002 §2): 'Criar' opens `/acao/{module}/inserir`, 'Editar' and
 * 'Vincular' `/acao/{module}` (the record to edit, or those to link); 'workflow.init_workflow' starts
 * another run, the task's record, and opens it. Each comes back to this run; a one-time action done
 * once is offered no more (the server refuses it too).
 */
function ActionLink({ run, task }: { run: number; task: TaskType }) {
  if (task.action === 'workflow.init_workflow') {
    return <Suspense fallback={null}><StartWorkflow label="Executar ação" attributes={{ workflow_id: run, task_type_id: task.id }} /></Suspense>;
  }
  const [, module, kind] = /^([a-z0-9_]+)\.(store|update|link)$/.exec(task.action) ?? [];
  if (!module) return null;
  const query = `fluxo=${run}&tarefa=${task.id}&voltar=${encodeURIComponent(`/fluxo_trabalho/${run}`)}`;
  return <Link to={`/acao/${module}${kind === 'store' ? '/inserir' : ''}?${query}`}>Executar ação</Link>;
}

const TASK_TYPES: Record<TaskType['type'], string> = { in: 'Entrada', step: 'Execução', out: 'Saída' };

/**
 * A table on a phone (below 600 px): each row a block of its cells, one a line, each named by its
 * column (`data-label`), empty ones left out, so the page keeps the phone's width where six or seven
 * columns side by side made it 700 px wide.
 */
const STACKED_ON_PHONE = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { display: 'grid', gridTemplateColumns: '6.5rem minmax(0, 1fr)', columnGap: 1, border: 0, px: 0, py: 0.25, overflowWrap: 'anywhere' },
    '& td::before': { content: 'attr(data-label)', color: 'text.secondary' },
    '& td:empty': { display: 'none' },
    '& td[data-label=""]': { display: 'flex', flexWrap: 'wrap', gap: 1 },
    '& td[data-label=""]::before': { display: 'none' },
  },
} as const;

type StatusMove = 'pause' | 'resume' | 'cancel' | 'finish';
const MOVES: Record<StatusMove, { label: string; title: string; content: string; path: string }> = {
  pause: { label: 'Pausar', title: 'Pausar fluxo', content: 'Deseja realmente pausar este fluxo de trabalho?', path: 'status/3' },
  resume: { label: 'Retomar', title: 'Retomar fluxo', content: 'Deseja realmente retomar este fluxo de trabalho?', path: 'status/1' },
  cancel: { label: 'Cancelar fluxo', title: 'Cancelar fluxo', content: 'Deseja realmente cancelar este fluxo de trabalho? Um fluxo cancelado não pode ser retomado.', path: 'status/2' },
  finish: { label: 'Concluir fluxo', title: 'Concluir fluxo', content: 'Deseja realmente concluir este fluxo de trabalho? A conclusão não pode ser desfeita.', path: 'finish' },
};

function taskState(task: Task | undefined): string {
  if (!task) return '';
  if (task.concluded) return `Concluída em ${formatDateTime(task.end_date)}`;
  if (task.started) return `Iniciada em ${formatDateTime(task.start_date)}`;
  return 'Não iniciada';
}

/**
 * `/fluxo_trabalho/{id}`: a run's state (number, type, status, dates, duration in days), its current
 * step with its tasks (start, finish with notes), the next steps once the step is done (each with
 * its optional tasks to copy), the status moves (each after a confirmation) and the history, whose
 * 'Tarefa executada' lines open the records the task created, edited or linked. The
 * server decides every move (docs/WORKFLOWS.md); a refusal shows its message. On a phone the tables'
 * rows stack their cells.
 */
export function WorkflowExecution() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const mayExecute = useMayExecute();
  const [run, setRun] = useState<Run | null>(null);
  const [next, setNext] = useState<NextStep[]>([]);
  const [history, setHistory] = useState<HistoryLine[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<StatusMove | null>(null);
  const [finishing, setFinishing] = useState<TaskType | null>(null);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [optional, setOptional] = useState<Record<number, boolean>>({});
  const base = `/api/fluxo_trabalho/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    try {
      const [actual, steps, lines] = await Promise.all([
        http<{ data: Run }>({ path: `${base}/actual` }),
        http<{ data: NextStep[] }>({ path: `${base}/next_steps` }),
        http<{ data: HistoryLine[] }>({ path: `${base}/history` }),
      ]);
      setRun(actual.json.data);
      setNext(steps.json.data);
      setHistory(lines.json.data);
    } catch (error) {
      setFailure(failureOf(error).message);
    }
  }, [base]);
  useEffect(() => void load(), [load]);
  // Back from a system action (`/acao/`): it is over.
  useEffect(() => systemAction.end(), []);

  /** Sends a move; on success tells its message and reads the run again; a refusal keeps the screen as it was. */
  const move = async (path: string, body: unknown = {}, onFields?: (fields: Record<string, string>) => boolean) => {
    setBusy(true);
    try {
      const { json } = await http<{ message: string }>({ method: 'PUT', path: `${base}/${path}`, body });
      notify(json.message, { type: 'success' });
      await load();
      return true;
    } catch (error) {
      const refused = failureOf(error);
      if (!onFields?.(refused.fields)) notify(Object.values(refused.fields)[0] ?? refused.message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!run) return <Typography role="status">Carregando…</Typography>;
  const step = run.current_step;
  const active = run.status === '1';
  const movable = mayExecute && active;
  const stepOptions = (target: NextStep) => target.task_types.filter((task) => !task.required);

  return (
    <Box component="article" aria-label="Execução do fluxo" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{run.formatted_number ? `${run.formatted_number} · ` : ''}{run.name}</Typography>
        <span className={`chip chip-${run.status === '1' ? 'success' : run.status === '4' ? 'info' : 'warning'}`} aria-label="Situação">{run.status_label}</span>
        <span className="grow" />
        <Link to="/fluxo_trabalho">Voltar à lista</Link>
      </Box>
      <Paper component="section" aria-label="Dados do fluxo" sx={{ p: 2 }}>
        <Typography>Tipo: {run.workflow_type_name}</Typography>
        <Typography>Início: {formatDate(run.start_date)}{run.end_date ? ` · Término: ${formatDate(run.end_date)}` : ''} · Duração: {run.duration ?? 0} {run.duration === 1 ? 'dia' : 'dias'}</Typography>
        {run.notes ? <Typography>Observações: {run.notes}</Typography> : null}
        {mayExecute && (run.status === '1' || run.status === '3') ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
            {run.status === '1' ? <Button type="button" variant="outlined" onClick={() => setAsking('pause')}>{MOVES.pause.label}</Button> : null}
            {run.status === '3' ? <Button type="button" variant="outlined" onClick={() => setAsking('resume')}>{MOVES.resume.label}</Button> : null}
            <Button type="button" variant="outlined" color="error" onClick={() => setAsking('cancel')}>{MOVES.cancel.label}</Button>
            {run.status === '1' && step?.concluded && !step.has_next_steps ? <Button type="button" variant="contained" onClick={() => setAsking('finish')}>{MOVES.finish.label}</Button> : null}
          </Box>
        ) : null}
        {run.status === '3' ? <Alert severity="warning" sx={{ mt: 1 }}>Fluxo pausado: retome-o para continuar.</Alert> : null}
      </Paper>

      {step ? (
        <Paper component="section" aria-label="Etapa atual" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">Etapa atual: {step.step_number} - {step.name}</Typography>
          <Typography>Fase: {step.phase_denomination ?? '—'} · {step.concluded ? 'Etapa concluída' : 'Etapa em andamento'}</Typography>
          <Table size="small" aria-label="Tarefas da etapa" sx={STACKED_ON_PHONE}>
            <TableHead>
              <TableRow><TableCell>Ordem</TableCell><TableCell>Tarefa</TableCell><TableCell>Tipo</TableCell><TableCell>Situação</TableCell><TableCell>Observações</TableCell><TableCell>Registros</TableCell><TableCell /></TableRow>
            </TableHead>
            <TableBody>
              {step.task_types.map((task) => (
                <TableRow key={task.id}>
                  <TableCell data-label="Ordem">{task.task_order}</TableCell>
                  <TableCell data-label="Tarefa">{task.description}{task.required ? '' : ' (opcional)'}</TableCell>
                  <TableCell data-label="Tipo">{TASK_TYPES[task.type]}</TableCell>
                  <TableCell data-label="Situação">{taskState(task.task)}</TableCell>
                  <TableCell data-label="Observações">{task.task?.notes ?? ''}</TableCell>
                  <TableCell data-label="Registros">{(task.entities ?? []).length > 0 ? <Records entities={task.entities ?? []} /> : null}</TableCell>
                  <TableCell data-label="">
                    {movable && task.task && !task.task.started ? <Button type="button" size="small" disabled={busy} onClick={() => void move(`init_task/${task.id}`)}>Iniciar tarefa</Button> : null}
                    {movable && task.task && !task.task.concluded && !(task.one_time_action && (task.entities ?? []).length > 0) ? <ActionLink run={run.id} task={task} /> : null}
                    {movable && task.task?.started && !task.task.concluded ? <Button type="button" size="small" disabled={busy} onClick={() => { setNotes(''); setNotesError(null); setFinishing(task); }}>Concluir tarefa</Button> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}

      {next.length > 0 ? (
        <Paper component="section" aria-label="Próximas etapas" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">Próximas etapas</Typography>
          {!step?.concluded ? <Typography>Conclua as tarefas obrigatórias da etapa atual para seguir.</Typography> : null}
          {next.map((target) => (
            <Box key={target.id} sx={{ mt: 1 }}>
              <Typography>{target.step_number} - {target.name} ({target.phase_denomination})</Typography>
              {stepOptions(target).map((task) => (
                <FormControlLabel key={task.id} label={`Copiar a tarefa opcional ${task.description}`} control={<Checkbox checked={optional[task.id] ?? true} onChange={(event) => setOptional({ ...optional, [task.id]: event.target.checked })} />} />
              ))}
              {movable && step?.concluded ? (
                <Button type="button" variant="outlined" disabled={busy} onClick={() => void move(`init_step/${target.id}`, { tasks_to_copy: stepOptions(target).filter((task) => optional[task.id] ?? true).map((task) => task.id) })}>
                  Iniciar etapa {target.step_number}
                </Button>
              ) : null}
            </Box>
          ))}
        </Paper>
      ) : null}

      <Paper component="section" aria-label="Histórico" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">Histórico</Typography>
        <Table size="small" aria-label="Histórico do fluxo" sx={STACKED_ON_PHONE}>
          <TableHead>
            <TableRow><TableCell>Data</TableCell><TableCell>Evento</TableCell><TableCell>Etapa</TableCell><TableCell>Usuário</TableCell><TableCell>Observações</TableCell><TableCell>Registros</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {history.map((line) => (
              <TableRow key={line.id}>
                <TableCell data-label="Data">{formatDateTime(line.date)}</TableCell>
                <TableCell data-label="Evento">{line.description}</TableCell>
                <TableCell data-label="Etapa">{line.step_name ?? ''}</TableCell>
                <TableCell data-label="Usuário">{line.user_name ?? ''}</TableCell>
                <TableCell data-label="Observações">{line.notes ?? ''}</TableCell>
                <TableCell data-label="Registros">{(line.entities ?? []).length > 0 ? <Records entities={line.entities ?? []} /> : null}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      <Dialog open={finishing !== null} onClose={() => setFinishing(null)} aria-labelledby="concluir-tarefa" fullWidth maxWidth="sm">
        <DialogTitle id="concluir-tarefa">Concluir tarefa{finishing ? `: ${finishing.description}` : ''}</DialogTitle>
        <DialogContent>
          <TextField label="Observações - Opcional" value={notes} onChange={(event) => { setNotes(event.target.value); setNotesError(null); }} error={notesError !== null} helperText={notesError ?? ' '} margin="dense" fullWidth multiline minRows={3} slotProps={{ htmlInput: { maxLength: 4000 } }} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setFinishing(null)} disabled={busy}>Voltar</Button>
          <Button
            type="button"
            variant="contained"
            disabled={busy}
            onClick={() => finishing && void move(`finish_task/${finishing.id}`, { notes }, (fields) => {
              if (!fields.notes) return false;
              setNotesError(fields.notes);
              return true;
            }).then((done) => done && setFinishing(null))}
          >
            Concluir tarefa
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={asking !== null}
        busy={busy}
        title={asking ? MOVES[asking].title : ''}
        content={asking ? MOVES[asking].content : ''}
        onConfirm={() => asking && void move(MOVES[asking].path).then(() => setAsking(null))}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
