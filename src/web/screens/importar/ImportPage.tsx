import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MaterialFrame } from '@kit/material/MaterialFrame';
import { saveBlob } from '@kit/download';
import { FilePicker } from '@kit/inputs/FilePicker';
import { PageTitle } from '../../layout/PageTitle';
import { dataProvider } from '../../services';
import { resourceNamed } from '../../resources/catalog';
import type { ImportRow, SheetImport } from '../../providers/imports';
import { ACTION_LABELS, rowMessages, STATUS_LABELS } from './labels';

const api = dataProvider;

/**
 * A module's spreadsheet import (docs/IMPORTS.md): the template, the upload, each column of the file
 * matched to a field, the dry run (what each row would do, with the form's messages, and the rows in
 * error as a file), then 'Importar', whose progress is followed until the job ends.
 */
export default function ImportPage() {
  const { module = '' } = useParams();
  const resource = resourceNamed(module);
  const plural = resource?.label.plural ?? module;
  const [sheet, setSheet] = useState<SheetImport | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<{ data: ImportRow[]; total: number } | null>(null);
  const [page, setPage] = useState(1);
  const [only, setOnly] = useState('');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Houve um erro ao tentar processar a sua requisição');
    } finally {
      setBusy(false);
    }
  };
  const download = (path: string, name: string) => run(async () => {
    const { blob, name: given } = await api.download(path);
    saveBlob(blob, given ?? name);
  });

  // The dry run's rows, a page at a time.
  useEffect(() => {
    if (!sheet || sheet.status === 'draft') return;
    let current = true;
    api.sheetRows(module, sheet.id, page, only || undefined).then((answer) => current && setRows(answer), () => undefined);
    return () => {
      current = false;
    };
  }, [module, sheet?.id, sheet?.status, page, only]);

  // The commit's progress, until the job ends.
  useEffect(() => {
    if (!sheet || (sheet.status !== 'queued' && sheet.status !== 'running')) return;
    const timer = setTimeout(() => {
      api.sheetImport(module, sheet.id).then(setSheet, () => undefined);
    }, 1000);
    return () => clearTimeout(timer);
  }, [module, sheet]);

  const upload = () => run(async () => {
    if (!file) return;
    setRows(null);
    setSheet(await api.uploadSheet(module, file));
  });
  const remap = (index: number, key: string) => run(async () => {
    const mapping = { ...sheet!.mapping };
    if (key) mapping[String(index)] = key;
    else delete mapping[String(index)];
    setSheet(await api.mapSheet(module, sheet!.id, mapping));
  });
  const check = () => run(async () => {
    setPage(1);
    setSheet(await api.checkSheet(module, sheet!.id));
  });
  const commit = () => run(async () => setSheet(await api.commitSheet(module, sheet!.id)));

  const header = (column: string) => sheet?.columns.find((c) => c.key === column)?.header ?? column;
  const toWrite = sheet ? sheet.counts.create + sheet.counts.update : 0;

  return (
    <MaterialFrame>
      <PageTitle title={`Importar ${plural}`} />
      <Box sx={{ display: 'grid', gap: 2, p: { xs: 1, sm: 2 }, maxWidth: 1200 }}>
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h6" component="h2">1. Planilha</Typography>
            <Typography variant="body2">
              Baixe o modelo com as colunas do cadastro, preencha uma linha por registro (datas DD/MM/AAAA, valores com vírgula, Sim/Não, opções e cadastros relacionados pelo nome) e envie em CSV ou Excel.
              {sheet?.natural_key ? ` Uma linha cujo ${header(sheet.natural_key)} já está cadastrado${sheet.natural_key_within.length ? ` com o mesmo valor de ${sheet.natural_key_within.map(header).join(', ')}` : ''} atualiza o registro.` : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => download(`/api/${module}/import/template?format=xlsx`, `Modelo - ${plural}.xlsx`)}>Baixar modelo (Excel)</Button>
              <Button variant="outlined" onClick={() => download(`/api/${module}/import/template?format=csv`, `Modelo - ${plural}.csv`)}>Baixar modelo (CSV)</Button>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <FilePicker label="Planilha" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" file={file} onChange={setFile} disabled={busy} />
              <Button variant="contained" disabled={!file || busy} onClick={upload}>Enviar planilha</Button>
            </Box>
          </CardContent>
        </Card>
        {error && <Alert severity="error">{error}</Alert>}
        {busy && <LinearProgress aria-label="Processando" />}
        {sheet && (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="h6" component="h2">2. Colunas de {sheet.file_name} ({sheet.total_rows.toLocaleString('pt-BR')} linhas)</Typography>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(260px, 1fr))' } }}>
                {sheet.headers.map((text, index) => (
                  <TextField
                    key={index}
                    select
                    size="small"
                    label={text || `Coluna ${index + 1}`}
                    value={sheet.mapping[String(index)] ?? ''}
                    disabled={busy || !['draft', 'checked'].includes(sheet.status)}
                    onChange={(event) => remap(index, event.target.value)}
                  >
                    <MenuItem value="">— Não importar —</MenuItem>
                    {sheet.columns.map((column) => (
                      <MenuItem key={column.key} value={column.key}>{column.header}</MenuItem>
                    ))}
                  </TextField>
                ))}
              </Box>
              <Box>
                <Button variant="contained" disabled={busy || !['draft', 'checked'].includes(sheet.status)} onClick={check}>Simular importação</Button>
              </Box>
            </CardContent>
          </Card>
        )}
        {sheet && sheet.status !== 'draft' && (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography variant="h6" component="h2">3. Simulação</Typography>
              <Box role="list" aria-label="Resumo da simulação" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                {(['create', 'update', 'skip', 'error'] as const).map((action) => (
                  <Typography role="listitem" key={action} variant="body1">{ACTION_LABELS[action]}: <strong>{sheet.counts[action].toLocaleString('pt-BR')}</strong></Typography>
                ))}
              </Box>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <TextField select size="small" label="Mostrar" value={only} sx={{ minWidth: 200 }} onChange={(event) => { setOnly(event.target.value); setPage(1); }}>
                  <MenuItem value="">Todas as linhas</MenuItem>
                  {(['create', 'update', 'skip', 'error'] as const).map((action) => <MenuItem key={action} value={action}>{ACTION_LABELS[action]}</MenuItem>)}
                </TextField>
                {sheet.counts.error > 0 && (
                  <Button variant="outlined" onClick={() => download(`/api/${module}/import/${sheet.id}/errors?format=xlsx`, 'Erros.xlsx')}>Baixar planilha de erros</Button>
                )}
              </Box>
              {rows && (
                <Box sx={{ overflowX: 'auto' }}>
                  <table className="rows read-only import-rows" aria-label="Linhas da planilha">
                    <thead>
                      <tr><th scope="col">Linha</th><th scope="col">Resultado</th><th scope="col">Mensagens</th></tr>
                    </thead>
                    <tbody>
                      {rows.data.map((row) => (
                        <tr key={row.line} data-action={row.action ?? ''}>
                          <td>{row.line}</td>
                          <td>{row.action ? ACTION_LABELS[row.action] : ''}</td>
                          <td>{rowMessages(row, header).map((message) => <div key={message}>{message}</div>)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
                    <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>Anterior</Button>
                    <Typography variant="body2">Página {page} de {Math.max(1, Math.ceil(rows.total / 50))}</Typography>
                    <Button size="small" disabled={page * 50 >= rows.total} onClick={() => setPage(page + 1)}>Próxima</Button>
                  </Box>
                </Box>
              )}
              {sheet.status === 'checked' && (
                <Box>
                  <Button variant="contained" color="secondary" disabled={busy || toWrite === 0} onClick={commit}>
                    Importar {toWrite.toLocaleString('pt-BR')} {toWrite === 1 ? 'linha' : 'linhas'}
                  </Button>
                </Box>
              )}
            </CardContent>
          </Card>
        )}
        {sheet && ['queued', 'running', 'done', 'failed'].includes(sheet.status) && (
          <Card>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6" component="h2">4. Importação</Typography>
              <Typography role="status" variant="body1">{STATUS_LABELS[sheet.status]} — {sheet.progress}%</Typography>
              <LinearProgress variant="determinate" value={sheet.progress} aria-label="Progresso da importação" />
              {sheet.status === 'done' && (
                <Typography variant="body2">
                  {sheet.counts.done.toLocaleString('pt-BR')} linhas importadas. <RouterLink to={`/${module}`}>Ver {plural}</RouterLink>
                </Typography>
              )}
              {sheet.error_reason && <Alert severity="error">{sheet.error_reason}</Alert>}
            </CardContent>
          </Card>
        )}
      </Box>
    </MaterialFrame>
  );
}
