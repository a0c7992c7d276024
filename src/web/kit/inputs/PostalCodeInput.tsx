import { useRef, useState, type ReactNode } from 'react';
import { useSourceContext } from 'ra-core';
import type { TextInputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { PostalCodeFill } from '../types';
import { siblingPath } from '../conditions';
import { completeCode, fillPairs, POSTAL_CODE_NOTES, usePostalCodeLookup, type PostalAddress } from '../postalCode';
import { MaskedTextInput } from './MaskedTextInput';

type Note = { text: string; warning: boolean } | null;

/**
 * A postal code that fills its address (`x-postal-code`): when the person leaves a complete code
 * other than the one the form holds the address of, it asks `GET /api/cep/{cep}` and fills the named
 * fields of the same form or sub-list row. When the code is unknown or the lookup fails, those fields
 * are cleared, stay typeable, and a message under the code says to fill them in.
 */
export function PostalCodeInput({ fill, mask, helperText, ...props }: TextInputProps & { fill: PostalCodeFill; mask: string }) {
  const provider = usePostalCodeLookup();
  const form = useFormContext();
  const { getSource } = useSourceContext();
  const path = getSource(props.source);
  // The code whose address the form holds: the loaded record's, then the last one asked for.
  const holds = useRef<string | null | undefined>(undefined);
  if (holds.current === undefined) holds.current = completeCode(form.getValues(path));
  const turn = useRef(0);
  const [note, setNote] = useState<Note>(null);

  const fillWith = (address: PostalAddress | null) => {
    for (const [key, field] of fillPairs(fill)) {
      form.setValue(siblingPath(path, field), address?.[key] ?? null, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  const lookUp = async () => {
    const digits = completeCode(form.getValues(path));
    if (!digits || digits === holds.current || !provider.lookUpPostalCode) return;
    holds.current = digits;
    const mine = ++turn.current;
    setNote({ text: POSTAL_CODE_NOTES.asking, warning: false });
    try {
      const address = await provider.lookUpPostalCode(digits);
      if (mine !== turn.current) return;
      fillWith(address);
      setNote(null);
    } catch (error) {
      if (mine !== turn.current) return;
      fillWith(null);
      const status = (error as { status?: number } | null)?.status;
      setNote({ text: status === 404 ? POSTAL_CODE_NOTES.notFound : POSTAL_CODE_NOTES.failed, warning: true });
    }
  };

  const shown: ReactNode = note ? (
    <Box component="span" role="status" sx={{ color: note.warning ? 'warning.dark' : 'text.secondary' }}>
      {note.text}
    </Box>
  ) : helperText;
  return (
    <MaskedTextInput
      {...props}
      mask={mask}
      helperText={shown}
      onBlur={() => void lookUp()}
      onChange={() => {
        // A code being typed again: the note was about the one before.
        if (note?.warning) setNote(null);
      }}
    />
  );
}
