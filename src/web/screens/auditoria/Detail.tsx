import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Labeled, Show, useRecordContext } from 'react-admin';
import { KindField } from '@kit';
import { formatDateTime } from '@kit/format';
import { eventName, fieldLabel, moduleName } from './events';
import { fieldChanges } from './changes';

/** One audit entry: who did what, when, on which record, and each field's value before and after. */
export function AuditoriaDetail() {
  return (
    <Show actions={false} title={<DetailTitle />}>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Summary />
        <Changes />
      </Stack>
    </Show>
  );
}

function DetailTitle() {
  const record = useRecordContext();
  return <span>{record ? `Auditoria: ${eventName(record.event)}` : 'Auditoria'}</span>;
}

function Summary() {
  const record = useRecordContext();
  if (!record) return null;
  const item = (label: string, value: string) => (
    <Labeled label={label}>
      <Typography variant="body2">{value}</Typography>
    </Labeled>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {item('Evento', eventName(record.event))}
      <KindField source="user_id" kind="reference" label="Usuário" reference={{ module: 'usuarios' }} />
      {item('Módulo', moduleName(record.module))}
      {item('Registro', record.record_id == null ? '' : String(record.record_id))}
      {item('Data', formatDateTime(record.created_at))}
    </Box>
  );
}

function Changes() {
  const record = useRecordContext();
  if (!record) return null;
  const changes = fieldChanges(record.old_values, record.new_values);
  if (changes.length === 0) return <Typography variant="body2">Nenhum valor registrado.</Typography>;
  return (
    <Table size="small" aria-label="Valores antes e depois" sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          <TableCell component="th">Campo</TableCell>
          <TableCell component="th">Antes</TableCell>
          <TableCell component="th">Depois</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field} sx={change.changed ? { bgcolor: 'rgba(255, 235, 59, 0.15)' } : undefined}>
            <TableCell sx={{ fontWeight: change.changed ? 600 : 400 }}>{fieldLabel(record.module, change.field)}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{change.before}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{change.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
