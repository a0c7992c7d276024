import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { councilDate } from '../../../shared/council-clock';
import { formatMoney } from '../../kit/format';
import { PageTitle } from '../../layout/PageTitle';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';
import { CLASS_LABELS, STATE_LABELS, type GenerationRun } from './labels';

const POLL_MS = 1_000;

/**
 * The annual generation (docs/RECEIVABLES.md §4): a year's dry run (counts and totals per class,
 * reason, category and range), then 'Gerar anuidades', which queues the commit naming that dry run and
 * follows its progress (registrations done / total) until it ends, showing what it billed.
 */
export default function GenerationPage() {
  const [year, setYear] = useState(String(Number(councilDate(Date.now()).slice(0, 4)) + 1));
  const [dry, setDry] = useState<GenerationRun | null>(null);
  const [commit, setCommit] = useState<GenerationRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const { message, fields } = failureOf(failure);
      setError(Object.values(fields).flat()[0] ?? message);
    } finally {
      setBusy(false);
    }
  };
  const simulate = () => run(async () => {
    setCommit(null);
    const { json } = await http<{ data: GenerationRun }>({ method: 'POST', path: '/api/control_account/geracao/simulacao', body: { year: Number(year) } });
    setDry(json.data);
  });
  const generate = () => run(async () => {
    const { json } = await http<{ data: GenerationRun }>({ method: 'POST', path: '/api/control_account/geracao', body: { year: Number(year), dry_run_id: dry?.id ?? null } });
    setCommit(json.data);
  });

  // The commit's progress, read until it ends.
  useEffect(() => {
    if (!commit || commit.state === 'done' || commit.state === 'failed') return;
    const timer = setTimeout(async () => {
      try {
        const { json } = await http<{ data: GenerationRun }>({ path: `/api/control_account/geracao/${commit.id}` });
        setCommit(json.data);
      } catch (failure) {
        setError(failureOf(failure).message);
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [commit]);

  const blocked = dry?.totals.lines.some((line) => line.class === 'blocked') ?? false;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <PageTitle title="Geração de anuidades" />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField label="Exercício" value={year} onChange={(event) => { setYear(event.target.value); setDry(null); setCommit(null); }} size="small" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <Button variant="outlined" onClick={simulate} disabled={busy}>Simular</Button>
          <Button variant="contained" onClick={generate} disabled={busy || !dry || blocked || (commit !== null && commit.state !== 'failed')}>Gerar anuidades</Button>
        </CardContent>
      </Card>
      {error && <Alert severity="error">{error}</Alert>}
      {blocked && <Alert severity="warning">Há inscrições sem valor da contribuição: cadastre os valores do exercício antes de gerar.</Alert>}
      {commit && <Progress run={commit} />}
      {commit?.state === 'done' && <Totals title={`Resultado da geração de ${commit.year}`} run={commit} />}
      {dry && <Totals title={`Simulação de ${dry.year}: ${dry.totals.registrations} inscrições`} run={dry} />}
    </Box>
  );
}

function Progress({ run }: { run: GenerationRun }) {
  const percent = run.total > 0 ? Math.min(100, (run.done / run.total) * 100) : 0;
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          Geração de {run.year}: {STATE_LABELS[run.state]}
        </Typography>
        <LinearProgress variant={run.state === 'queued' ? 'indeterminate' : 'determinate'} value={percent} aria-label="Progresso da geração" sx={{ my: 1 }} />
        <Typography variant="body2" role="status">
          {run.done} de {run.total} inscrições
        </Typography>
        {run.error_reason && <Alert severity="error" sx={{ mt: 1 }}>{run.error_reason}</Alert>}
      </CardContent>
    </Card>
  );
}

function Totals({ title, run }: { title: string; run: GenerationRun }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Classe</TableCell>
              <TableCell>Motivo</TableCell>
              <TableCell>Categoria</TableCell>
              <TableCell>Faixa</TableCell>
              <TableCell align="right">Inscrições</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {run.totals.lines.map((line) => (
              <TableRow key={`${line.class}|${line.reason}|${line.category}|${line.range}`}>
                <TableCell>{CLASS_LABELS[line.class] ?? line.class}</TableCell>
                <TableCell>{line.reason}</TableCell>
                <TableCell>{line.category}</TableCell>
                <TableCell>{line.range}</TableCell>
                <TableCell align="right">{line.count}</TableCell>
                <TableCell align="right">{formatMoney(line.total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
