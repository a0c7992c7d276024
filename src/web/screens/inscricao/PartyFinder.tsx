import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useFormContext } from 'react-hook-form';
import { TAX_ID_LOOKUP_NOTES, useTaxIdLookup } from '@kit';
import { applyMask, KIND_MASKS } from '../../kit/format';
import { isCnpj, isCpf } from '../../../shared/validators';

/** Where a person type's party is found and registered. */
export const PARTY_FORMS = {
  1: { module: 'pessoa_fisica', by: 'cpf', label: 'CPF', register: 'Cadastrar pessoa física', field: 'individual_registration', valid: isCpf },
  2: { module: 'pessoa_juridica', by: 'cnpj', label: 'CNPJ', register: 'Cadastrar pessoa jurídica', field: 'cnpj', valid: isCnpj },
} as const;

export type PersonType = keyof typeof PARTY_FORMS;

/**
 * Step 2: the party found by its CPF or CNPJ (spec 001 §7), its name shown once found; when nobody
 * holds the number, 'Nenhum Resultado' and a button to register the person or company on its own
 * form, coming back here with it (`onRegister` keeps the steps first).
 */
export function PartyFinder({ personType, taxId, onTaxId, onRegister }: { personType: PersonType; taxId: string; onTaxId: (value: string) => void; onRegister: (taxId: string) => void }) {
  const form = PARTY_FORMS[personType];
  const lookUp = useTaxIdLookup();
  const { setValue } = useFormContext();
  const [note, setNote] = useState<{ text: string; missing: boolean } | null>(null);
  const [found, setFound] = useState<string | null>(null);
  // The number last looked up: leaving the box again (for 'Cadastrar') does not ask twice.
  const asked = useRef<string | null>(null);

  const search = async () => {
    if (!form.valid(taxId) || !lookUp.lookUpTaxId || asked.current === taxId) return;
    asked.current = taxId;
    setNote({ text: TAX_ID_LOOKUP_NOTES.asking, missing: false });
    try {
      const record = await lookUp.lookUpTaxId(form.module, form.by, taxId.replace(/[^0-9A-Za-z]/g, ''));
      setValue('party_id', record.party_id, { shouldDirty: true, shouldValidate: true });
      setFound(String(record.name ?? ''));
      setNote(null);
    } catch (error) {
      const status = (error as { status?: number } | null)?.status;
      setValue('party_id', null, { shouldDirty: true });
      setFound(null);
      setNote({ text: status === 404 ? TAX_ID_LOOKUP_NOTES.notFound : TAX_ID_LOOKUP_NOTES.failed, missing: status === 404 });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
      <TextField
        label={form.label}
        value={taxId}
        size="small"
        margin="dense"
        sx={{ minWidth: 220 }}
        helperText={
          note ? (
            <Box component="span" role="status" sx={{ color: note.missing ? 'warning.dark' : 'text.secondary' }}>
              {note.text}
            </Box>
          ) : found ? (
            <Box component="span" role="status">Encontrado: {found}</Box>
          ) : (
            'Digite e saia do campo para buscar.'
          )
        }
        onChange={(event) => {
          onTaxId(event.target.value ? applyMask(KIND_MASKS[form.by], event.target.value) : '');
          asked.current = null;
          setNote(null);
        }}
        onBlur={() => void search()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void search();
          }
        }}
      />
      {note?.missing ? (
        <Button variant="outlined" startIcon={<PersonAddIcon />} sx={{ mt: 1 }} onClick={() => onRegister(taxId)}>
          {form.register}
        </Button>
      ) : null}
    </Box>
  );
}
