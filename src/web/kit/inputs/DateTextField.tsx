import { useEffect, useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatDate } from '../format';
import { parseTypedDate } from './DateTextInput';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** The date as the API writes it (`YYYY-MM-DD`), or null. */
  value: string | null;
  /** The date typed, once whole and a real day (`YYYY-MM-DD`); null while it is not. */
  onChange: (value: string | null) => void;
};

/**
 * A date outside a record form (a calculation's due date), typed and shown DD/MM/AAAA as the forms'
 * dates are: never the browser's own date input, which speaks the browser's language
 * (mm/dd/yyyy in an English one).
 * @example <DateTextField label="Vencimento" value={due} onChange={setDue} />
 */
export function DateTextField({ value, onChange, ...props }: Props) {
  const [typed, setTyped] = useState(value && ISO_DATE.test(value) ? formatDate(value) : '');
  // A value set from outside (a reset) shows as typed; what is being typed stays as typed.
  useEffect(() => {
    if (value && ISO_DATE.test(value)) setTyped((shown) => (parseTypedDate(shown) === value ? shown : formatDate(value)));
  }, [value]);
  return (
    <TextField
      {...props}
      type="text"
      value={typed}
      placeholder="DD/MM/AAAA"
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'numeric', ...(props.slotProps?.htmlInput as object) } }}
      onChange={(event) => {
        const parsed = parseTypedDate(event.target.value);
        setTyped(parsed && ISO_DATE.test(parsed) ? formatDate(parsed) : (parsed ?? ''));
        onChange(parsed && ISO_DATE.test(parsed) ? parsed : null);
      }}
    />
  );
}
