import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { THEME_PALETTE } from '../../../shared/palette';
import type { Parameter } from './parameterRows';

interface Props {
  parameter: Parameter;
  id: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string | null) => void;
}

const swatch = (colour: string) => (
  <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 16, height: 16, mr: 1, borderRadius: '50%', border: '1px solid rgba(0,0,0,.3)', bgcolor: colour, verticalAlign: 'middle' }} />
);

/** The value of one parameter, with the input its type asks for: a number, a text, yes/no, or a palette colour. */
export function ParameterValueInput({ parameter, id, error, disabled, onChange }: Props) {
  const common = { id, label: `Valor de ${parameter.label}`, size: 'small' as const, fullWidth: true, disabled, error: Boolean(error), helperText: error ?? ' ' };
  const value = parameter.value ?? '';
  if (parameter.type === 'color' || parameter.type === 'boolean') {
    const options = parameter.type === 'color'
      ? THEME_PALETTE.map((colour) => ({ value: colour.value, label: colour.label, colour: colour.value }))
      : [{ value: 'true', label: 'Sim', colour: null }, { value: 'false', label: 'Não', colour: null }];
    return (
      <TextField {...common} select value={value} onChange={(event) => onChange(event.target.value || null)}>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.colour && swatch(option.colour)}
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  const integer = parameter.type === 'integer';
  return (
    <TextField
      {...common}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      slotProps={{ htmlInput: integer ? { inputMode: 'numeric', min: parameter.minimum ?? undefined, max: parameter.maximum ?? undefined } : { maxLength: 255 } }}
    />
  );
}
