import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { SequenciasInputs } from '../../../../generated/web/sequencias/Inputs';
import type { FormInputsProps, KindInputProps } from '../../kit';

export type InputElement = ReactElement<KindInputProps>;

/**
 * The generated inputs of the sequence form by field name, so this screen places them itself while
 * their labels, rules and defaults stay the schema's. `SequenciasInputs` renders plain `KindInput`
 * elements and uses no hooks, so calling it returns them as they are.
 */
export function generatedInputs(mode: FormInputsProps['mode']): Record<string, InputElement> {
  const fragment = SequenciasInputs({ mode }) as ReactElement<{ children: ReactNode }>;
  const inputs: Record<string, InputElement> = {};
  for (const child of Children.toArray(fragment.props.children)) {
    if (isValidElement<KindInputProps>(child)) inputs[child.props.source] = child;
  }
  return inputs;
}
