import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
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

// Typing matches the pt-BR label, the technical name or the area ('usuarios alterar', 'user.update').
const filterOptions = createFilterOptions<PermissionEntry>({
  ignoreAccents: true,
  stringify: (entry) => `${entry.label} ${entry.name} ${entry.areaLabel}`,
});

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
      filterOptions={filterOptions}
      value={value}
      onChange={(_, entry) => field.onChange(entry?.name ?? null)}
      onBlur={field.onBlur}
      readOnly={readOnly}
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
