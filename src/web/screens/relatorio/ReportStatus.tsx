import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import PrintIcon from '@mui/icons-material/Print';
import { useGetOne, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { saveBlob } from '../../kit/files';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';

const STATUS = { 1: 'Aguardando', 2: 'Imprimindo', 3: 'Impresso', 4: 'Erros' } as const;
type Status = keyof typeof STATUS;
/** How often a report not yet printed is asked for again. */
const POLL_MS = 1_000;

interface Printed {
  file: string;
  name: string;
  extension: string;
}

const MIME: Record<string, string> = { pdf: 'application/pdf', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' };

/**
 * The report's status, asked for again every second while it waits or prints, with a progress bar;
 * 'Relatório gerado com sucesso' when it turns Impresso, then 'Imprimir' (a PDF opens in a new tab,
 * the others download); the reason when it ends in Erros.
 */
export function ReportStatus() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const pending = record?.status === 1 || record?.status === 2;
  const { data } = useGetOne('relatorio', { id: record?.id }, { enabled: record?.id != null && pending, refetchInterval: pending ? POLL_MS : false });
  const status = ((data?.status ?? record?.status) as Status | undefined) ?? 1;
  const seen = useRef<Status | undefined>(record?.status as Status | undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (seen.current === status) return;
    const was = seen.current;
    seen.current = status;
    if (was === 1 || was === 2) {
      if (status === 3) notify('Relatório gerado com sucesso', { type: 'success' });
      refresh();
    }
  }, [status, notify, refresh]);

  if (!record) return null;
  const print = async () => {
    setBusy(true);
    // Opened now, while the click still counts as the person's: a PDF is shown there once it arrives.
    const tab = record.file_extension === 'pdf' ? window.open('', '_blank') : null;
    try {
      const { json } = await http<{ data: Printed }>({ path: `/api/relatorio/${encodeURIComponent(String(record.id))}/print` });
      const bytes = Uint8Array.from(atob(json.data.file), (c) => c.charCodeAt(0));
      const blob = new Blob([bytes], { type: MIME[json.data.extension] ?? 'application/octet-stream' });
      if (tab) tab.location.href = URL.createObjectURL(blob);
      else saveBlob(blob, json.data.name);
    } catch (error) {
      tab?.close();
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box role="status" aria-label="Situação do relatório" sx={{ width: '100%', mb: 2, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <strong data-testid="report-status">{STATUS[status]}</strong>
        {status === 3 && (
          <Button variant="contained" startIcon={<PrintIcon />} onClick={print} disabled={busy}>
            Imprimir
          </Button>
        )}
      </Box>
      {(status === 1 || status === 2) && <LinearProgress variant={status === 1 ? 'query' : 'indeterminate'} aria-label={STATUS[status]} />}
      {status === 4 && <Alert severity="error">{String(data?.error_reason ?? record.error_reason ?? 'O relatório não pôde ser gerado.')}</Alert>}
    </Box>
  );
}
