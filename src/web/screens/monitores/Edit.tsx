import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import GeneratedEdit from '@generated/web/monitores/Edit';
import { http } from '../../services';
import { failureOf } from '../../pages/bare/failure';
import { formatCheckDate, formatResponseTime, statusChip } from './status';

interface CheckedMonitor {
  uptime_status?: string;
  uptime_last_check_date?: string | null;
  uptime_check_last_response_time?: number | null;
  uptime_check_failure_reason?: string | null;
}

/** The generated monitor form with 'Verificar agora' above it: one check at once, then the record reloads. */
export function MonitoresEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const refresh = useRefresh();
  const [checking, setChecking] = useState(false);
  const [last, setLast] = useState<CheckedMonitor | null>(null);
  const check = async () => {
    setChecking(true);
    try {
      const { json } = await http<{ data: CheckedMonitor }>({ method: 'POST', path: `/api/monitores/${encodeURIComponent(String(id))}/check` });
      setLast(json.data);
      notify(`Verificação concluída: ${statusChip(json.data?.uptime_status).label}.`, { type: 'info' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setChecking(false);
    }
  };
  const chip = last ? statusChip(last.uptime_status) : null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }} role="group" aria-label="Verificação">
        <Button variant="outlined" startIcon={checking ? <CircularProgress size={16} /> : <RefreshIcon />} onClick={check} disabled={checking}>
          Verificar agora
        </Button>
        {last && chip && (
          <Box component="span" role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <Chip size="small" label={chip.label} color={chip.color} />
            {formatCheckDate(last.uptime_last_check_date)} {formatResponseTime(last.uptime_check_last_response_time)} {last.uptime_check_failure_reason ?? ''}
          </Box>
        )}
      </Box>
      <GeneratedEdit />
    </>
  );
}
