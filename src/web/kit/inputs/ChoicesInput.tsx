import { AutocompleteArrayInput, type Validator } from 'react-admin';
import { inListOrder } from '../../../shared/choices';
import type { Choice } from '../types';
import { AUTOCOMPLETE_BEHAVIOUR } from './autocomplete';

interface Props {
  source: string;
  label: string;
  choices: Choice[];
  validate: Validator[];
  readOnly: boolean;
  helperText: React.ReactNode;
  defaultValue?: unknown;
  fullWidth: boolean;
}

/**
 * Several values of a fixed list (kind `choices`): the chosen ones as chips, the others offered as
 * one types. The value is kept as the server keeps it, each once and in the schema's order, so a
 * saved record reads back as the form held it.
 */
export function ChoicesInput({ choices, defaultValue, ...props }: Props) {
  const order = choices.map((c) => c.id);
  return (
    <AutocompleteArrayInput
      {...props}
      defaultValue={Array.isArray(defaultValue) ? defaultValue : undefined}
      choices={choices}
      translateChoice={false}
      parse={(value: unknown) => inListOrder(Array.isArray(value) ? value : [], order)}
      {...AUTOCOMPLETE_BEHAVIOUR}
    />
  );
}
