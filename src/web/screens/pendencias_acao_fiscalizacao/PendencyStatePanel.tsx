import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCanAccess, useGetOne, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatDate } from '../../kit/format';
import { formErrors } from '../../pages/bare/failure';
import { RESOLVE_FORM, resolvePendencies, SubForm, today } from '../acoes_fiscalizacao/SubForm';

/**
 * Under a pendency's form: pending or resolved (on its date, with its notes) and, to whoever may
 * update pendencies, 'Resolver pendência' (the date, today by default, and notes), as the action's
 * screen offers it. A pendency of a cancelled action is not resolved (reactivate the action); one left
 * open by an action concluded before conclusions checked pendencies still is.
 */
export function PendencyStatePanel() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource: 'pendencias_acao_fiscalizacao', action: 'update' });
  const action = useGetOne('acoes_fiscalizacao', { id: record?.inspection_action_id }, { enabled: record?.inspection_action_id != null });
  const notify = useNotify();
  const refresh = useRefresh();
  const [resolving, setResolving] = useState(false);
  if (!record) return null;
  const resolvable = canAccess === true && record.concluded !== true && action.data != null && action.data.canceled !== true;

  const resolve = async (values: Record<string, unknown>) => {
    try {
      const answer = await resolvePendencies([record.id], values);
      notify(answer.message ?? 'Pendência resolvida com sucesso', { type: 'success' });
      setResolving(false);
      refresh();
      return undefined;
    } catch (error) {
      return formErrors(error, notify);
    }
  };

  return (
    <Box component="section" aria-label="Situação da pendência" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">Situação</Typography>
        {resolvable ? <Button type="button" variant="outlined" onClick={() => setResolving(true)}>Resolver pendência</Button> : null}
      </Box>
      {record.concluded === true ? (
        <Alert severity="success">
          Resolvida em {formatDate(record.end_date)}.{record.end_notes ? ` ${String(record.end_notes)}` : ''}
        </Alert>
      ) : action.data?.canceled === true ? (
        <Alert severity="warning">Pendente. A ação está cancelada: reative-a para resolver a pendência.</Alert>
      ) : (
        <Typography>Pendente.</Typography>
      )}
      <SubForm title="Resolver pendência" open={resolving} fields={RESOLVE_FORM} record={{ end_date: today() }} submitLabel="Resolver" onClose={() => setResolving(false)} onSubmit={resolve} />
    </Box>
  );
}
