import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useInput, type Validator } from 'react-admin';
import { usePermissionCatalogue, type PermissionEntry } from '../permissions/catalogue';

interface Props {
  source: string;
  label: string;
  validate?: Validator[];
  readOnly?: boolean;
  fullWidth?: boolean;
}

const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Every typed word must appear in the pt-BR label, the technical name or the area, accents and case
 * aside: 'usuarios alterar' and 'user.update' both find 'Usuários — alterar'.
 */
export function filterPermissions(entries: PermissionEntry[], typed: string): PermissionEntry[] {
  const words = plain(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const haystack = plain(`${entry.label} ${entry.name} ${entry.areaLabel}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** A permission chosen from the catalogue, grouped by menu area, filtered as the person types. */
export function PermissionInput({ source, label, validate, readOnly, fullWidth = true }: Props) {
  const catalogue = usePermissionCatalogue();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const value = catalogue?.find((e) => e.name === field.value) ?? null;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <Autocomplete
      options={catalogue ?? []}
      loading={!catalogue}
      loadingText="Carregando…"
      noOptionsText="Nenhuma permissão encontrada"
      groupBy={(entry) => entry.areaLabel}
      getOptionLabel={(entry) => entry.label}
      isOptionEqualToValue={(a, b) => a.name === b.name}
      filterOptions={(entries, state) => filterPermissions(entries, state.inputValue)}
      value={value}
      onChange={(_, entry) => field.onChange(entry?.name ?? null)}
      onBlur={field.onBlur}
      readOnly={readOnly}
      forcePopupIcon={!readOnly}
      fullWidth={fullWidth}
      sx={{ minWidth: 280, flex: 2 }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={label}
          required={isRequired}
          error={Boolean(error)}
          helperText={error ?? ' '}
          size="small"
          // Before the catalogue arrives the stored name still shows.
          inputProps={{ ...params.inputProps, value: value ? value.label : catalogue ? params.inputProps.value : (field.value ?? '') }}
        />
      )}
    />
  );
}
