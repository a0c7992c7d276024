import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import { Link, useNavigate } from 'react-router-dom';
import { List, Pagination, SearchInput, TopToolbar, useCanAccess, useListContext } from 'react-admin';
import { MaterialFrame } from '../../kit/material/MaterialFrame';
import { byStatusOrder, formatCheckDate, formatResponseTime, statusChip } from './status';

/** How often the open grid asks again, so a monitor's new status shows without reloading. */
const REFRESH_MS = 10_000;

/**
 * The monitors grid in the spec's status order (deleted, not yet checked, down, warning, up): status as a
 * coloured chip, last check DD/MM/YYYY HH:mm:ss, response time and the reason of the last failure.
 */
export function MonitoresList() {
  return (
    <MaterialFrame>
      <MonitorGrid />
    </MaterialFrame>
  );
}

function MonitorGrid() {
  return (
    <List
      sort={{ field: 'uptime_status', order: 'ASC' }}
      perPage={100}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Pesquisar" slotProps={{ htmlInput: { 'aria-label': 'Pesquisar' } }} />]}
      actions={<MonitorActions />}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
    >
      <MonitorTable />
    </List>
  );
}

function MonitorActions() {
  const { canAccess } = useCanAccess({ resource: 'monitores', action: 'create' });
  return (
    <TopToolbar>
      {canAccess && (
        <Button component={Link} to="/monitores/inserir" variant="contained" startIcon={<AddIcon />}>
          Inserir
        </Button>
      )}
    </TopToolbar>
  );
}

const HEADERS = ['Situação', 'Sistema', 'Serviço', 'URL', 'Última verificação', 'Tempo de resposta', 'Motivo da falha'];

function MonitorTable() {
  const { data = [], isPending, refetch } = useListContext();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  const rows = byStatusOrder(data);
  return (
    <Table size="small" aria-label="Monitores">
      <TableHead>
        <TableRow>
          {HEADERS.map((header) => (
            <TableCell key={header}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {!isPending && rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={HEADERS.length}>Nenhum monitor.</TableCell>
          </TableRow>
        )}
        {rows.map((monitor) => {
          const chip = statusChip(monitor.uptime_status);
          return (
            <TableRow key={monitor.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/monitores/${monitor.id}`)}>
              <TableCell>
                <Chip size="small" label={chip.label} color={chip.color} />
              </TableCell>
              <TableCell>{monitor.system_name}</TableCell>
              <TableCell>{monitor.service_name}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{monitor.url}</TableCell>
              <TableCell>{formatCheckDate(monitor.uptime_last_check_date)}</TableCell>
              <TableCell>{formatResponseTime(monitor.uptime_check_last_response_time)}</TableCell>
              <TableCell>{monitor.uptime_check_failure_reason ?? ''}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
