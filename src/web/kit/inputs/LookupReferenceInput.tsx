import { useRef, useState, type ReactNode } from 'react';
import { useSourceContext } from 'ra-core';
import type { Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { isCnpj, isCpf } from '../../../shared/validators';
import type { FieldSpec, TaxIdLookup } from '../types';
import { siblingPath } from '../conditions';
import { applyMask, KIND_MASKS } from '../format';
import { TAX_ID_LOOKUP_NOTES, useTaxIdLookup } from '../taxIdLookup';
import { ReferenceKindInput } from './ReferenceKindInput';

type Note = { text: string; warning: boolean } | null;

const COMPLETE = { cpf: isCpf, cnpj: isCnpj } as const;

/**
 * A reference with a CPF or CNPJ box before it (`x-lookup`): leaving the box with a complete, valid
 * number asks `GET /api/{module}/{by}/{number}` and chooses the record found; when none is, the
 * other fields of the form or sub-list row go back to their defaults (spec 001 §8: a failed
 * legal-entity look-up clears the work form) and 'Nenhum Resultado' shows under the box. The box is
 * not saved: the reference is.
 */
export function LookupReferenceInput({ spec, lookup, label, validate, readOnly }: { spec: FieldSpec; lookup: TaxIdLookup; label: string; validate: Validator[]; readOnly: boolean }) {
  const provider = useTaxIdLookup();
  const form = useFormContext();
  const { getSource } = useSourceContext();
  const path = getSource(spec.source);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState<Note>(null);
  const asked = useRef<string | null>(null);
  const turn = useRef(0);

  const clearAll = () => {
    form.setValue(path, null, { shouldDirty: true });
    for (const [name, value] of Object.entries(lookup.clears)) form.setValue(siblingPath(path, name), value, { shouldDirty: true });
  };

  const lookUp = async () => {
    if (!COMPLETE[lookup.by](typed) || typed === asked.current || !provider.lookUpTaxId) return;
    asked.current = typed;
    const mine = ++turn.current;
    setNote({ text: TAX_ID_LOOKUP_NOTES.asking, warning: false });
    try {
      const found = await provider.lookUpTaxId(lookup.module, lookup.by, typed.replace(/[^0-9A-Za-z]/g, ''));
      if (mine !== turn.current) return;
      form.setValue(path, found[lookup.answer] ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      setNote(null);
    } catch (error) {
      if (mine !== turn.current) return;
      const status = (error as { status?: number } | null)?.status;
      clearAll();
      setNote({ text: status === 404 ? TAX_ID_LOOKUP_NOTES.notFound : TAX_ID_LOOKUP_NOTES.failed, warning: true });
    }
  };

  const shown: ReactNode = note ? (
    <Box component="span" role="status" sx={{ color: note.warning ? 'warning.dark' : 'text.secondary' }}>
      {note.text}
    </Box>
  ) : undefined;
  return (
    <>
      {readOnly ? null : (
        <TextField
          label={lookup.label}
          value={typed}
          size="small"
          margin="dense"
          sx={{ minWidth: 200 }}
          helperText={shown ?? (lookup.by === 'cnpj' ? 'Numérico ou alfanumérico' : ' ')}
          onChange={(event) => {
            setTyped(event.target.value ? applyMask(KIND_MASKS[lookup.by], event.target.value) : '');
            if (note?.warning) setNote(null);
          }}
          onBlur={() => void lookUp()}
        />
      )}
      <ReferenceKindInput spec={spec} label={label} validate={validate} readOnly={readOnly} />
    </>
  );
}
