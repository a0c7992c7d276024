import { TextInput, type TextInputProps } from 'react-admin';
import { applyMask } from '../format';

/**
 * A text input that applies a mask as the person types and keeps the masked text as the value
 * (the API accepts punctuated CPF, CNPJ, CEP and phones). `mask` may depend on what was typed.
 */
export function MaskedTextInput({ mask, ...props }: TextInputProps & { mask: string | ((typed: string) => string) }) {
  const maskFor = (typed: string) => (typeof mask === 'function' ? mask(typed) : mask);
  return (
    <TextInput
      {...props}
      parse={(typed: string) => (typed ? applyMask(maskFor(typed), typed) : null)}
      format={(value: unknown) => (value == null ? '' : String(value))}
    />
  );
}
