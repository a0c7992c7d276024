import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCanAccess, useGetList, useRecordContext } from 'react-admin';
import type { FieldSpec } from '@kit';
import { inputs as actionInputs } from '@generated/web/acoes_fiscalizacao/form';
import { formatDate } from '../../kit/format';
import { useReferenceNames } from '../../kit/list/useReferenceNames';

const ACTIONS = 'acoes_fiscalizacao';
const TYPE: FieldSpec = actionInputs('edit').inspection_action_type_id;
const cell = { px: 1, py: 0.5, textAlign: 'left', borderBottom: 1, borderColor: 'divider', fontSize: '0.875rem' } as const;

/** The situation of an action as its screen says it. */
export const actionSituation = (row: { canceled?: unknown; concluded?: unknown }) => (row.canceled === true ? 'Cancelada' : row.concluded === true ? 'Concluída' : 'Em andamento');

/**
 * The actions sub-area of an inspection (spec 002 §2): its actions, each opening its own screen, and
 * 'Nova ação', the action's insert form with this inspection filled.
 */
export function InspectionActions() {
  const inspection = useRecordContext();
  const id = inspection?.id;
  const { canAccess: mayList } = useCanAccess({ resource: ACTIONS, action: 'list' });
  const { canAccess: mayCreate } = useCanAccess({ resource: ACTIONS, action: 'create' });
  const { data } = useGetList(ACTIONS, { filter: { inspection_id: id }, pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } }, { enabled: id != null && mayList === true });
  const names = useReferenceNames([TYPE], data ?? []);
  if (id == null || !mayList) return null;
  const insert = `/${ACTIONS}/inserir?${new URLSearchParams({ source: JSON.stringify({ inspection_id: id }) })}`;
  return (
    <Box component="section" aria-label="Ações da fiscalização" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: '1 1 auto' }}>
          Ações
        </Typography>
        {mayCreate ? (
          <Button component={Link} to={insert} variant="outlined">
            Nova ação
          </Button>
        ) : null}
      </Box>
      {data && data.length === 0 ? <Typography variant="body2">Nenhuma ação nesta fiscalização.</Typography> : null}
      {data && data.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Box component="table" aria-label="Ações da fiscalização" sx={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {['Número', 'Tipo de ação', 'Início', 'Término', 'Situação'].map((label) => (
                  <Box component="th" key={label} sx={cell}>{label}</Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.id}>
                  <Box component="td" sx={cell}>
                    <Link to={`/${ACTIONS}/${encodeURIComponent(String(row.id))}`}>{String(row.formatted_number ?? row.id)}</Link>
                  </Box>
                  <Box component="td" sx={cell}>{names[TYPE.reference!.module]?.[String(row.inspection_action_type_id)] ?? ''}</Box>
                  <Box component="td" sx={cell}>{formatDate(row.start_date)}</Box>
                  <Box component="td" sx={cell}>{formatDate(row.end_date)}</Box>
                  <Box component="td" sx={cell}>{actionSituation(row)}</Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
