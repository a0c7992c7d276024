import { useRef } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { formatDecimal, parseTypedDecimal } from '../../../shared/decimals';

/**
 * An exact decimal typed the pt-BR way (`1.234,5678`: dots group thousands, the comma is the point)
 * and kept in the form as the API's text (`'1234.5678'`), never as a JS number. What the person typed
 * stays on screen while they type (a trailing comma or zero is not taken away); on leaving the field
 * it is shown formatted. Text that is no number stays in the form as typed, so the check says so.
 */
export function DecimalInput(props: TextInputProps) {
  const typed = useRef<string | null>(null);
  return (
    <TextInput
      {...props}
      parse={(text: string) => {
        typed.current = text;
        const value = parseTypedDecimal(text);
        return value === undefined ? text : value;
      }}
      format={(value: unknown) => {
        if (typed.current !== null) {
          const fromTyped = parseTypedDecimal(typed.current);
          if (value === (fromTyped === undefined ? typed.current : fromTyped)) return typed.current;
        }
        return formatDecimal(value);
      }}
      onBlur={() => {
        typed.current = null;
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
