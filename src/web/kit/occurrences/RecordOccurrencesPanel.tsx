import { useCallback, useEffect, useState, type FormEvent, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCanAccess, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { ConfirmDialog } from '../plain/ConfirmDialog';
import { sentDate, shownDate, useRecordOccurrences, type OccurrenceFailure, type OccurrenceTypeOption, type RecordOccurrence } from './occurrences';

/**
 * 'Ocorrências' under a record's form (a module with `x-occurrences`): the record's occurrences, the
 * newest first, with their number and type; whoever may edit the record registers one more (its number
 * drawn from the type's sequence, or typed where the sequence does not number by itself) and deletes
 * one after a confirmation.
 */
export function RecordOccurrencesPanel() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const { canAccess: mayAdd } = useCanAccess({ resource: resource ?? '', action: 'edit' });
  const provider = useRecordOccurrences();
  const [rows, setRows] = useState<RecordOccurrence[] | null>(null);
  const [types, setTypes] = useState<OccurrenceTypeOption[]>([]);
  const [form, setForm] = useState({ type: '', date: '', number: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<RecordOccurrence | null>(null);
  const [busy, setBusy] = useState(false);
  const id = record?.id;

  const load = useCallback(() => {
    if (id == null || !resource || !provider.occurrences) return;
    provider.occurrences(resource, id).then(setRows, (error: { message?: string }) => notify(error?.message ?? 'Não foi carregar os dados', { type: 'error' }));
  }, [provider, resource, id, notify]);
  useEffect(load, [load]);
  useEffect(() => {
    if (mayAdd && provider.occurrenceTypes) provider.occurrenceTypes().then(setTypes, () => setTypes([]));
  }, [provider, mayAdd]);

  if (id == null || !resource) return null;
  const chosen = types.find((type) => String(type.id) === form.type);
  const typed = chosen ? !chosen.sequence_auto_numbering : false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!provider.addOccurrences) return;
    const missing: Record<string, string> = {};
    if (!form.type) missing.occurrence_type_id = 'O campo Tipo de ocorrência é obrigatório.';
    if (!form.date.trim()) missing.date = 'O campo Data é obrigatório.';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      await provider.addOccurrences(resource, id, [{ occurrence_type_id: Number(form.type), date: sentDate(form.date), notes: form.notes || undefined, number: typed ? form.number : undefined }]);
      setForm({ type: '', date: '', number: '', notes: '' });
      notify('Ocorrência incluída com sucesso', { type: 'success' });
      load();
    } catch (error) {
      const failure = error as OccurrenceFailure;
      setErrors(Object.fromEntries(Object.entries(failure.errors ?? {}).map(([path, messages]) => [path.replace(/^occurrences\.0\./, ''), messages[0]])));
      notify(failure.message ?? 'Houve um erro ao tentar processar a sua requisição', { type: 'error' });
    }
  };

  const remove = async () => {
    if (!deleting || !provider.deleteOccurrences) return;
    setBusy(true);
    try {
      await provider.deleteOccurrences(resource, [deleting.id]);
      notify('Ocorrência excluída com sucesso', { type: 'success' });
      load();
    } catch (error) {
      notify((error as { message?: string })?.message ?? 'Houve um erro ao tentar processar a sua requisição', { type: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const field = (label: string, input: ReactElement, error?: string) => (
    <label className="occurrence-field" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <span>{label}</span>
      {input}
      {error && <span role="alert" style={{ color: '#b3261e' }}>{error}</span>}
    </label>
  );

  return (
    <Box component="section" aria-label="Ocorrências" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Ocorrências
      </Typography>
      {rows && rows.length === 0 && <Typography color="text.secondary">Nenhuma ocorrência.</Typography>}
      {rows && rows.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <Box component="li" key={row.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <strong>{shownDate(row.date)}</strong>
              <span>{row.occurrence_type}</span>
              {row.formatted_number && <span>Nº {row.formatted_number}</span>}
              {row.notes && <Typography component="span" color="text.secondary">{row.notes}</Typography>}
              {mayAdd && (
                <Button size="small" color="error" sx={{ ml: 'auto' }} onClick={() => setDeleting(row)} aria-label={`Excluir a ocorrência de ${shownDate(row.date)}`}>
                  Excluir
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {mayAdd && (
        <Box component="form" onSubmit={submit} noValidate aria-label="Registrar ocorrência" sx={{ mt: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          {field('Tipo de ocorrência', (
            <select value={form.type} onChange={(event) => setForm({ ...form, type: event.target.value })}>
              <option value="" />
              {types.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
            </select>
          ), errors.occurrence_type_id)}
          {field('Data', <input value={form.date} placeholder="DD/MM/AAAA" inputMode="numeric" onChange={(event) => setForm({ ...form, date: event.target.value })} />, errors.date)}
          {typed && field('Número', <input value={form.number} maxLength={255} onChange={(event) => setForm({ ...form, number: event.target.value })} />, errors.number)}
          {field('Observações - Opcional', <input value={form.notes} maxLength={5000} onChange={(event) => setForm({ ...form, notes: event.target.value })} />, errors.notes)}
          <Button type="submit" variant="outlined">Registrar ocorrência</Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting != null}
        title="Excluir ocorrência"
        content={deleting ? `Deseja realmente excluir a ocorrência ${deleting.occurrence_type} de ${shownDate(deleting.date)}?` : ''}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        busy={busy}
      />
    </Box>
  );
}
