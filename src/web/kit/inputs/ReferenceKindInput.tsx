import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  type Validator,
} from 'react-admin';
import type { FieldSpec } from '../types';
import { COMBOS_META } from '../combos';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
  many?: boolean;
  alwaysOn?: boolean;
}

/**
 * A reference (or many-to-many) field fed by the referenced module's combos. With `dependsOn` the
 * options are filtered by another field of the form and the choice is cleared when that field changes.
 */
export function ReferenceKindInput({ spec, label, validate, readOnly, many }: Props) {
  const module = spec.reference?.module ?? spec.source;
  const dependsOn = spec.reference?.dependsOn;
  const parentValue = useWatch({ name: dependsOn?.field ?? '__none__', disabled: !dependsOn });
  useClearWhenParentChanges(spec.source, dependsOn ? parentValue : undefined);
  const filter = dependsOn && parentValue != null && parentValue !== '' ? { [dependsOn.param]: parentValue } : {};
  const common = { source: spec.source, reference: module, filter, queryOptions: { meta: COMBOS_META } };
  const inputProps = {
    label,
    validate,
    readOnly,
    optionText: 'name',
    filterToQuery: (text: string) => ({ q: text }),
    disabled: readOnly || (dependsOn !== undefined && (parentValue == null || parentValue === '')),
    helperText: spec.helperText ?? false,
    noOptionsText: 'Nenhum Resultado',
    sx: { minWidth: 240 },
  };
  return many ? (
    <ReferenceArrayInput {...common}>
      <AutocompleteArrayInput {...inputProps} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput {...common}>
      <AutocompleteInput {...inputProps} />
    </ReferenceInput>
  );
}

function useClearWhenParentChanges(source: string, parentValue: unknown) {
  const form = useFormContext();
  const previous = useRef(parentValue);
  useEffect(() => {
    if (previous.current !== parentValue && previous.current !== undefined) {
      form.setValue(source, null, { shouldDirty: true });
    }
    previous.current = parentValue;
  }, [form, source, parentValue]);
}
