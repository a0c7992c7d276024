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
  /** Optional fields (the login's 'Espaço') lose the asterisk. */
  required?: boolean;
  helperText?: string;
}

/** An outlined text field built from its parts (MUI's TextField would bring selects and menus along). */
export function BareField({ id, label, onChange, error, required = true, helperText, ...input }: BareFieldProps) {
  const help = error ?? helperText;
  return (
    <FormControl variant="outlined" required={required} fullWidth error={Boolean(error)}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={required ? `${label} *` : label} onChange={(e) => onChange(e.target.value)} aria-describedby={help ? `${id}-help` : undefined} {...input} />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}
