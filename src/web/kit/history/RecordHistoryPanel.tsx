import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEditContext, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { ConfirmDialog } from '../plain/ConfirmDialog';
import { formatDateTime } from '../format';
import { useRecordHistory, type RecordVersion } from './recordHistory';

const FAILED = 'Houve um erro ao tentar processar a sua requisição';

/** The reason a restore was refused, as the server words it (each field named by its label). */
const refusal = (error: unknown) => {
  const failure = error as { message?: string; body?: { message?: string } };
  return failure?.body?.message ?? failure?.message ?? FAILED;
};

/**
 * 'Histórico de alterações' under every record's form, read when opened: each change, the newest
 * first, with who made it and when, field by field (before → after); whoever may edit the record
 * brings it back to an earlier version after a confirmation. A restore is a save like any other:
 * the record's rules apply, and a refusal says why.
 */
export function RecordHistoryPanel() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const { refetch } = useEditContext();
  const notify = useNotify();
  const provider = useRecordHistory();
  const [rows, setRows] = useState<RecordVersion[] | null>(null);
  const [restoring, setRestoring] = useState<RecordVersion | null>(null);
  const [busy, setBusy] = useState(false);
  const id = record?.id;

  const load = useCallback(() => {
    if (id == null || !resource || !provider.versions) return;
    provider.versions(resource, id).then(setRows, (error: { message?: string }) => notify(error?.message ?? 'Não foi possível carregar os dados', { type: 'error' }));
  }, [provider, resource, id, notify]);

  if (id == null || !resource || !provider.versions) return null;

  const restore = async () => {
    if (!restoring || !provider.restoreVersion) return;
    setBusy(true);
    try {
      await provider.restoreVersion(resource, id, restoring.id);
      notify('Versão restaurada com sucesso.', { type: 'success' });
      await refetch();
      load();
    } catch (error) {
      notify(refusal(error), { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  return (
    <Box component="section" aria-label="Histórico de alterações" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <details className="record-history" onToggle={(event) => (event.currentTarget as HTMLDetailsElement).open && load()}>
        <Typography component="summary" variant="h6">Histórico de alterações</Typography>
        {rows && rows.length === 0 && <Typography color="text.secondary">Nenhuma alteração registrada.</Typography>}
        {rows && rows.length > 0 && (
          <ol className="record-history-rows">
            {rows.map((row) => {
              const when = formatDateTime(row.created_at);
              return (
                <li key={row.id}>
                  <div className="record-history-head">
                    <strong>{row.event_label}</strong>
                    <span>{when}</span>
                    <span>{row.user_name ?? 'Sistema'}</span>
                    {row.restorable && (
                      <Button size="small" sx={{ ml: 'auto' }} onClick={() => setRestoring(row)} aria-label={`Restaurar esta versão, de ${when}`}>
                        Restaurar esta versão
                      </Button>
                    )}
                  </div>
                  {row.changes.length > 0 && (
                    <table className="record-history-changes">
                      <thead>
                        <tr><th scope="col">Campo</th><th scope="col">Antes</th><th scope="col">Depois</th></tr>
                      </thead>
                      <tbody>
                        {row.changes.map((change) => (
                          <tr key={change.field}>
                            <th scope="row">{change.label}</th>
                            <td><del>{change.before}</del></td>
                            <td><ins>{change.after}</ins></td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </details>
      <ConfirmDialog
        open={restoring != null}
        title="Restaurar versão"
        content={restoring ? `Deseja realmente restaurar o registro como estava em ${formatDateTime(restoring.created_at)}? A restauração fica registrada no histórico.` : ''}
        onConfirm={() => void restore()}
        onClose={() => setRestoring(null)}
        busy={busy}
      />
    </Box>
  );
}
