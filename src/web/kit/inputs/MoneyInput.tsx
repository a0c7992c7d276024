import InputAdornment from '@mui/material/InputAdornment';
import { TextInput, type TextInputProps } from 'react-admin';
import { formatMoneyDigits, parseTypedMoney } from '../format';

/** Money typed like a cash register (digits shift in from the cents), shown `R$ 1.234,56`, sent `1234.56`. */
export function MoneyInput(props: TextInputProps) {
  return (
    <TextInput
      {...props}
      parse={(typed: string) => parseTypedMoney(typed)}
      format={(value: unknown) => formatMoneyDigits(value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">R$</InputAdornment>, inputMode: 'numeric' } }}
    />
  );
}
