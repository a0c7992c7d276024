import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCanAccess, useNotify, useRecordContext, useResourceContext } from 'react-admin';
import { ConfirmDialog } from '../plain/ConfirmDialog';
import { asksNumber, emptyDraft, OccurrenceDrafts, type OccurrenceDraft } from './OccurrenceDrafts';
import { sentDate, shownDate, useRecordOccurrences, type OccurrenceFailure, type OccurrenceTypeOption, type RecordOccurrence } from './occurrences';

const FAILED = 'Houve um erro ao tentar processar a sua requisição';

/** The drafts again, each with the messages the batch's refusal gives its fields (`occurrences.1.date`). */
const withFailure = (drafts: OccurrenceDraft[], failure: OccurrenceFailure): OccurrenceDraft[] =>
  drafts.map((draft, index) => {
    const errors: Record<string, string> = {};
    for (const [path, messages] of Object.entries(failure.errors ?? {})) {
      const match = /^occurrences\.(\d+)(?:\.(\w+))?$/.exec(path);
      if (match && Number(match[1]) === index) errors[match[2] ?? 'occurrence_type_id'] = messages[0];
    }
    return { ...draft, errors };
  });

/**
 * 'Ocorrências' under a record's form (a module with `x-occurrences`): the record's occurrences, the
 * newest first, with their number and type; whoever may edit the record registers one or several at
 * once (all or none; each number drawn from its type's sequence, or typed where the sequence does not
 * number by itself) and deletes one, or those selected, after a confirmation.
 */
export function RecordOccurrencesPanel() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const { canAccess: mayAdd } = useCanAccess({ resource: resource ?? '', action: 'edit' });
  const provider = useRecordOccurrences();
  const [rows, setRows] = useState<RecordOccurrence[] | null>(null);
  const [types, setTypes] = useState<OccurrenceTypeOption[]>([]);
  const [drafts, setDrafts] = useState<OccurrenceDraft[]>([emptyDraft()]);
  const [selected, setSelected] = useState<number[]>([]);
  const [deleting, setDeleting] = useState<RecordOccurrence[] | null>(null);
  const [busy, setBusy] = useState(false);
  const id = record?.id;

  const load = useCallback(() => {
    if (id == null || !resource || !provider.occurrences) return;
    provider.occurrences(resource, id).then((listed) => {
      setRows(listed);
      setSelected((ids) => ids.filter((kept) => listed.some((row) => row.id === kept)));
    }, (error: { message?: string }) => notify(error?.message ?? 'Não foi possível carregar os dados', { type: 'error' }));
  }, [provider, resource, id, notify]);
  useEffect(load, [load]);
  useEffect(() => {
    if (mayAdd && provider.occurrenceTypes) provider.occurrenceTypes().then(setTypes, () => setTypes([]));
  }, [provider, mayAdd]);

  if (id == null || !resource) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!provider.addOccurrences) return;
    const checked = drafts.map((draft) => {
      const errors: Record<string, string> = {};
      if (!draft.type) errors.occurrence_type_id = 'O campo Tipo de ocorrência é obrigatório.';
      if (!draft.date.trim()) errors.date = 'O campo Data é obrigatório.';
      return { ...draft, errors };
    });
    setDrafts(checked);
    if (checked.some((draft) => Object.keys(draft.errors).length)) return;
    try {
      await provider.addOccurrences(resource, id, drafts.map((draft) => ({
        occurrence_type_id: Number(draft.type), date: sentDate(draft.date), notes: draft.notes || undefined, number: asksNumber(draft, types) ? draft.number : undefined,
      })));
      notify(drafts.length === 1 ? 'Ocorrência incluída com sucesso' : 'Ocorrências incluídas com sucesso', { type: 'success' });
      setDrafts([emptyDraft()]);
      load();
    } catch (error) {
      const failure = error as OccurrenceFailure;
      setDrafts(withFailure(drafts, failure));
      notify(failure.message ?? FAILED, { type: 'error' });
    }
  };

  const remove = async () => {
    if (!deleting || !provider.deleteOccurrences) return;
    setBusy(true);
    try {
      await provider.deleteOccurrences(resource, deleting.map((row) => row.id));
      notify(deleting.length === 1 ? 'Ocorrência excluída com sucesso' : 'Ocorrências excluídas com sucesso', { type: 'success' });
      load();
    } catch (error) {
      notify((error as { message?: string })?.message ?? FAILED, { type: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const toggle = (row: RecordOccurrence) => setSelected((ids) => (ids.includes(row.id) ? ids.filter((kept) => kept !== row.id) : [...ids, row.id]));
  const question = (chosen: RecordOccurrence[]) =>
    chosen.length === 1 ? `Deseja realmente excluir a ocorrência ${chosen[0].occurrence_type} de ${shownDate(chosen[0].date)}?` : `Deseja realmente excluir as ${chosen.length} ocorrências selecionadas?`;

  return (
    <Box component="section" aria-label="Ocorrências" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Ocorrências
      </Typography>
      {rows && rows.length === 0 && <Typography color="text.secondary">Nenhuma ocorrência.</Typography>}
      {mayAdd && selected.length > 0 && (
        <Button color="error" onClick={() => setDeleting((rows ?? []).filter((row) => selected.includes(row.id)))}>
          Excluir selecionadas ({selected.length})
        </Button>
      )}
      {rows && rows.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row) => (
            <Box component="li" key={row.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              {mayAdd && <input type="checkbox" checked={selected.includes(row.id)} onChange={() => toggle(row)} aria-label={`Selecionar a ocorrência de ${shownDate(row.date)}`} />}
              <strong>{shownDate(row.date)}</strong>
              <span>{row.occurrence_type}</span>
              {row.formatted_number && <span>Nº {row.formatted_number}</span>}
              {row.notes && <Typography component="span" color="text.secondary">{row.notes}</Typography>}
              {mayAdd && (
                <Button size="small" color="error" sx={{ ml: 'auto' }} onClick={() => setDeleting([row])} aria-label={`Excluir a ocorrência de ${shownDate(row.date)}`}>
                  Excluir
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
      {mayAdd && <OccurrenceDrafts drafts={drafts} types={types} onChange={setDrafts} onSubmit={(event) => void submit(event)} />}
      <ConfirmDialog
        open={deleting != null}
        title={deleting && deleting.length > 1 ? 'Excluir ocorrências' : 'Excluir ocorrência'}
        content={deleting ? question(deleting) : ''}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        busy={busy}
      />
    </Box>
  );
}
