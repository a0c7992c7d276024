import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useInput } from 'react-admin';
import { DateTextInput } from './DateTextInput';

/** A grant's expiry: a date (DD/MM/YYYY) or 'Permanente', which stores no date. */
export function ExpiryInput({ source, label, readOnly }: { source: string; label: string; readOnly?: boolean }) {
  const { field } = useInput({ source });
  const [permanent, setPermanent] = useState(field.value == null || field.value === '');
  const toggle = (checked: boolean) => {
    setPermanent(checked);
    if (checked) field.onChange(null);
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 300 }}>
      <FormControlLabel
        sx={{ mt: 0.5, whiteSpace: 'nowrap' }}
        control={<Checkbox checked={permanent} onChange={(e) => toggle(e.target.checked)} disabled={readOnly} size="small" />}
        label="Permanente"
      />
      {!permanent && <DateTextInput source={source} label={label} readOnly={readOnly} size="small" helperText={false} />}
    </Box>
  );
}
