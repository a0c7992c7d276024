import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useFormReadOnly } from '../../kit/formMode';
import { failureOf } from '../../pages/bare/failure';
import { http } from '../../services';

/**
 * 'Importar histórico (CSV)' on a series being viewed (to whoever may update it): the file's text
 * goes to `POST /api/series_indicador/{id}/histories/import`; the whole file is imported or nothing,
 * and what is wrong is listed a line per message, as the server says it.
 */
export function ImportHistory() {
  const record = useRecordContext();
  const viewing = useFormReadOnly();
  const { canAccess } = useCanAccess({ resource: 'series_indicador', action: 'update' });
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  if (!record || !viewing || !canAccess) return null;
  const send = async (file: File) => {
    setBusy(true);
    setProblems([]);
    try {
      const { json } = await http<{ message: string }>({ method: 'POST', path: `/api/series_indicador/${record.id}/histories/import`, body: { csv: await file.text() } });
      notify(json.message, { type: 'success' });
      refresh();
    } catch (error) {
      const failure = failureOf(error);
      const messages = Object.values(failure.fields).flat();
      setProblems(messages.length ? messages : [failure.message]);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box sx={{ mt: 2, mb: 1, width: '100%' }}>
      <input ref={input} type="file" accept=".csv,text/csv" hidden aria-label="Arquivo CSV do histórico" onChange={(event) => event.target.files?.[0] && void send(event.target.files[0])} />
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>
        Importar histórico (CSV)
      </Button>
      <Box component="p" sx={{ typography: 'body2', color: 'text.secondary', mt: 0.5, mb: 0 }}>
        Uma linha por data: DD/MM/AAAA;número-índice;variação acumulada (%), com vírgula nas decimais. Uma data já no histórico recebe os números do arquivo.
      </Box>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          O arquivo não foi importado:
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
