import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { KindInput } from '../../kit';
import { entrySpec, valuesFor, type MetadataEntry, type MetadataValue } from './metadata';

/**
 * The metadata the chosen document type asks for: one input per entry (Sim/Não, text, date, whole or
 * decimal number), required as the entry says. Choosing another type keeps the values of the entries
 * both share. The server checks the same rules and names an entry's error at `metadata.N.value`.
 */
export function MetadataInputs({ label }: { label: string }) {
  const dataProvider = useDataProvider();
  const { getValues, setValue } = useFormContext();
  const typeId = useWatch({ name: 'document_type_id' }) as number | null | undefined;
  const [entries, setEntries] = useState<MetadataEntry[] | null>(null);

  useEffect(() => {
    if (!typeId) return setEntries(null);
    let active = true;
    dataProvider
      .getOne('tipo_documento', { id: typeId })
      .then(({ data }) => {
        if (!active) return;
        const loaded = (data.metadata ?? []) as MetadataEntry[];
        setEntries(loaded);
        const next = valuesFor(loaded, getValues('metadata') as MetadataValue[] | null);
        setValue('metadata', next, { shouldDirty: false });
      })
      .catch(() => active && setEntries([]));
    return () => {
      active = false;
    };
  }, [dataProvider, typeId, getValues, setValue]);

  return (
    <Box component="fieldset" aria-label={label} sx={{ border: 0, p: 0, m: 0, mb: 1, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 1 }}>
        {label}
      </Typography>
      {!typeId && (
        <Typography variant="body2" color="text.secondary">
          Escolha o tipo de documento para preencher os metadados.
        </Typography>
      )}
      {entries && entries.length === 0 && typeId && (
        <Typography variant="body2" color="text.secondary">
          Este tipo de documento não pede metadados.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))', columnGap: 2, width: '100%' }}>
        {(entries ?? []).map((entry, index) => (
          <KindInput key={entry.id} {...entrySpec(entry, index)} />
        ))}
      </Box>
    </Box>
  );
}
