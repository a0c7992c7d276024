import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import FormHelperText from '@mui/material/FormHelperText';

interface BareFieldProps {
  id: string;
  label: string;
  type: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  error?: string;
}

/** An outlined text field built from its parts (MUI's TextField would bring selects and menus along). */
export function BareField({ id, label, onChange, error, ...input }: BareFieldProps) {
  return (
    <FormControl variant="outlined" required fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={`${label} *`} onChange={(e) => onChange(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
