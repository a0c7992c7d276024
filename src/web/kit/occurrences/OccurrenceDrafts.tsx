import type { FormEvent, ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { OccurrenceTypeOption } from './occurrences';

/** One occurrence being typed, and the messages on its fields (by field name). */
export interface OccurrenceDraft {
  type: string;
  date: string;
  number: string;
  notes: string;
  errors: Record<string, string>;
}

export const emptyDraft = (): OccurrenceDraft => ({ type: '', date: '', number: '', notes: '', errors: {} });

/** Whether the draft's type asks for a typed number (its sequence does not number by itself). */
export const asksNumber = (draft: OccurrenceDraft, types: OccurrenceTypeOption[]) => {
  const chosen = types.find((type) => String(type.id) === draft.type);
  return chosen ? !chosen.sequence_auto_numbering : false;
};

interface OccurrenceDraftsProps {
  drafts: OccurrenceDraft[];
  types: OccurrenceTypeOption[];
  onChange(drafts: OccurrenceDraft[]): void;
  onSubmit(event: FormEvent): void;
}

/**
 * The form registering one or more occurrences at once: a group of fields per occurrence ('Ocorrência
 * 1', 'Ocorrência 2', …), 'Adicionar outra' and 'Remover', one button saving them all or none.
 */
export function OccurrenceDrafts({ drafts, types, onChange, onSubmit }: OccurrenceDraftsProps) {
  const set = (index: number, change: Partial<OccurrenceDraft>) => onChange(drafts.map((draft, i) => (i === index ? { ...draft, ...change } : draft)));
  const field = (label: string, input: ReactElement, error?: string) => (
    <label className="occurrence-field" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <span>{label}</span>
      {input}
      {error && <span role="alert" style={{ color: '#b3261e' }}>{error}</span>}
    </label>
  );
  const several = drafts.length > 1;
  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Registrar ocorrência" sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {drafts.map((draft, index) => (
        <Box component="fieldset" key={index} aria-label={`Ocorrência ${index + 1}`} sx={{ border: several ? 1 : 0, borderColor: 'divider', borderRadius: 1, p: several ? 1.5 : 0, m: 0, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
          {several && <legend>Ocorrência {index + 1}</legend>}
          {field('Tipo de ocorrência', (
            <select value={draft.type} onChange={(event) => set(index, { type: event.target.value })}>
              <option value="" />
              {types.map((type) => <option key={type.id} value={type.id}>{type.name}</option>)}
            </select>
          ), draft.errors.occurrence_type_id)}
          {field('Data', <input value={draft.date} placeholder="DD/MM/AAAA" inputMode="numeric" onChange={(event) => set(index, { date: event.target.value })} />, draft.errors.date)}
          {asksNumber(draft, types) && field('Número', <input value={draft.number} maxLength={255} onChange={(event) => set(index, { number: event.target.value })} />, draft.errors.number)}
          {field('Observações - Opcional', <input value={draft.notes} maxLength={5000} onChange={(event) => set(index, { notes: event.target.value })} />, draft.errors.notes)}
          {several && (
            <Button size="small" onClick={() => onChange(drafts.filter((_, i) => i !== index))} aria-label={`Remover a ocorrência ${index + 1}`}>
              Remover
            </Button>
          )}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button onClick={() => onChange([...drafts, emptyDraft()])}>Adicionar outra</Button>
        <Button type="submit" variant="outlined">{several ? `Registrar ${drafts.length} ocorrências` : 'Registrar ocorrência'}</Button>
      </Box>
    </Box>
  );
}
