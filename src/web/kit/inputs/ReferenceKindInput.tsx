import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  useChoicesContext,
  useGetList,
  type Validator,
} from 'react-admin';
import { useSourceContext } from 'ra-core';
import type { FieldSpec } from '../types';
import { siblingPath } from '../conditions';
import { MORE_OPTIONS_HINT, TYPE_AHEAD_LIMIT, optionsSource } from '../combos';
import { AUTOCOMPLETE_BEHAVIOUR, ONE_CHOICE_BEHAVIOUR } from './autocomplete';
import { requiredCheck } from '../validation';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
  many?: boolean;
  alwaysOn?: boolean;
}

/**
 * A reference (or many-to-many) field fed by the referenced module's combos (its named `combo` when
 * the schema says so); an external field by its options route. With `dependsOn` the options are
 * filtered by another field of the form (of the same row in a sub-list) and the choice is cleared when
 * that field changes alone. The options follow what is typed (asked of the server,
 * debounced); a large module (`typeAhead`) is asked for a few at a time. Whenever the server says more
 * match than came, the field says 'Digite para refinar…' instead of cutting the list silently. On
 * edit the chosen option's name is fetched by its id. A dependent field `requiredWhenOffered` is
 * required while its options, so filtered, are any (its label loses ' - Opcional' and an empty value
 * is refused before saving, as the server refuses it), optional while there are none.
 */
export function ReferenceKindInput({ spec, label, validate, readOnly, many }: Props) {
  const { reference: module, meta } = optionsSource(spec);
  const dependsOn = spec.reference?.dependsOn;
  // In a sub-list row the field it depends on is the row's own (`addresses.0.uf_id`).
  const { getSource } = useSourceContext();
  const path = getSource(spec.source);
  const parentValue = useWatch({ name: dependsOn ? siblingPath(path, dependsOn.field) : '__none__', disabled: !dependsOn });
  useClearWhenParentChanges(path, dependsOn ? parentValue : undefined, !dependsOn);
  const offered = useRequiredWhenOffered(spec, parentValue);
  const filter = {
    ...(dependsOn && parentValue != null && parentValue !== '' ? { [dependsOn.param]: parentValue } : {}),
    ...(spec.reference?.combo ? { combo: spec.reference.combo } : {}),
    ...(spec.reference?.typeAhead ? { limit: TYPE_AHEAD_LIMIT } : {}),
  };
  const common = { source: spec.source, reference: module, filter, queryOptions: { meta } };
  const inputProps = {
    label: offered ? spec.label : label,
    validate: offered ? [requiredCheck(spec), ...validate] : validate,
    readOnly,
    optionText: 'name',
    filterToQuery: (text: string) => ({ q: text }),
    disabled: readOnly || (dependsOn !== undefined && (parentValue == null || parentValue === '')),
    helperText: spec.helperText,
    ...AUTOCOMPLETE_BEHAVIOUR,
    sx: { minWidth: 240 },
  };
  return many ? (
    <ReferenceArrayInput {...common}>
      <OptionsInput many inputProps={inputProps} />
    </ReferenceArrayInput>
  ) : (
    <ReferenceInput {...common}>
      <OptionsInput inputProps={inputProps} />
    </ReferenceInput>
  );
}

/**
 * Whether a `requiredWhenOffered` field is required now: its parent holds a record and the combo,
 * filtered by it, offers at least one option (one asked for, `limit=1`).
 */
function useRequiredWhenOffered(spec: FieldSpec, parentValue: unknown): boolean {
  const dependsOn = spec.reference?.dependsOn;
  const { reference: module, meta } = optionsSource(spec);
  const enabled = dependsOn?.requiredWhenOffered === true && parentValue != null && parentValue !== '';
  const filter = { ...(dependsOn ? { [dependsOn.param]: parentValue } : {}), ...(spec.reference?.combo ? { combo: spec.reference.combo } : {}), limit: 1 };
  const { data } = useGetList(module, { filter, pagination: { page: 1, perPage: 1 }, meta }, { enabled });
  return enabled && (data?.length ?? 0) > 0;
}

/** The autocomplete, with 'Digite para refinar…' under it while the server holds back options. */
function OptionsInput({ many, inputProps }: { many?: boolean; inputProps: Record<string, unknown> & { helperText?: string } }) {
  const { hasNextPage } = useChoicesContext();
  const hint = hasNextPage ? MORE_OPTIONS_HINT : undefined;
  const helperText = [inputProps.helperText, hint].filter(Boolean).join(' · ') || false;
  return many ? <AutocompleteArrayInput {...inputProps} helperText={helperText} /> : <AutocompleteInput {...inputProps} {...ONE_CHOICE_BEHAVIOUR} helperText={helperText} />;
}

/**
 * Clears the choice when the field it depends on changes, unless the choice changed with it (a
 * postal code filling the UF and its municipality at once).
 */
function useClearWhenParentChanges(path: string, parentValue: unknown, disabled: boolean) {
  const form = useFormContext();
  const value: unknown = useWatch({ name: path, disabled });
  const previous = useRef({ parentValue, value });
  useEffect(() => {
    const before = previous.current;
    previous.current = { parentValue, value };
    if (before.parentValue !== parentValue && before.parentValue !== undefined && before.value === value) {
      form.setValue(path, null, { shouldDirty: true });
      previous.current = { parentValue, value: null };
    }
  }, [form, path, parentValue, value]);
}
