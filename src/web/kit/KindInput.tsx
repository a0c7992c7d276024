import {
  BooleanInput,
  NumberInput,
  PasswordInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useWrappedSource,
  type Validator,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { useFormContext, useWatch } from 'react-hook-form';
import { useSourceContext } from 'ra-core';
import type { FieldSpec } from './types';
import { KIND_MASKS, PALETTE, phoneMask } from './format';
import { fieldChecks, inputLabel } from './validation';
import { useFormReadOnly } from './formMode';
import { MaskedTextInput } from './inputs/MaskedTextInput';
import { PostalCodeInput } from './inputs/PostalCodeInput';
import { MoneyInput } from './inputs/MoneyInput';
import { DecimalInput } from './inputs/DecimalInput';
import { DateTextInput, DateTimeTextInput } from './inputs/DateTextInput';
import { ReferenceKindInput } from './inputs/ReferenceKindInput';
import { LookupReferenceInput } from './inputs/LookupReferenceInput';
import { SublistInput } from './inputs/SublistInput';
import { PermissionInput } from './inputs/PermissionInput';
import { PermissionGrantsInput, grantFields } from './inputs/PermissionGrantsInput';
import { ImageInput } from './inputs/ImageInput';
import { FileInput } from './inputs/FileInput';
import { RichTextInput } from './inputs/RichTextInput';
import { ChoicesInput } from './inputs/ChoicesInput';
import { JsonField } from './fields/JsonField';
import { KindField } from './KindField';
import { ConditionalInput } from './inputs/ConditionalInput';
import { RemoteOptionsInput } from './inputs/RemoteOptionsInput';

export interface KindInputProps extends FieldSpec {
  /** As a list filter: no validation, no ' - Opcional', booleans as Sim/Não choices. */
  filter?: boolean;
  alwaysOn?: boolean;
}

const BOOLEAN_CHOICES = [
  { id: 'true', name: 'Sim' },
  { id: 'false', name: 'Não' },
];

/**
 * The one place a field kind becomes a react-admin input. In a form being viewed (ResourceEdit before
 * 'Editar') it shows the value as a view does (KindField), and a password not at all.
 * @example <KindInput source="denomination" kind="text" label="Denominação" required maxLength={255} />
 */
export function KindInput(props: KindInputProps) {
  if (props.when && !props.filter) return <ConditionalInput {...props} when={props.when} />;
  return <ShownInput {...props} />;
}

function ShownInput(props: KindInputProps) {
  const { source, kind, filter = false } = props;
  const formReadOnly = useFormReadOnly();
  // In a sub-list row the field's path is the row's (`course_relations.0.completion_date`): a rule
  // between fields (`x-order`) reads its other field in the same row.
  const { getSource } = useSourceContext();
  const readOnly = !filter && (formReadOnly || props.viewOnly === true);
  // Among inputs being edited, a field shown as the view shows it takes a line of its own, as they do.
  if (readOnly && !formReadOnly && kind !== 'password') return <Box sx={{ display: 'block', mb: 1 }}><KindField {...props} /></Box>;
  if (readOnly) return kind === 'password' ? null : <KindField {...props} />;
  const label = filter ? props.label : inputLabel(props);
  const validate: Validator[] = filter ? [] : fieldChecks(props, getSource(source));
  const common = {
    source,
    label,
    validate,
    readOnly,
    helperText: props.helperText ?? false,
    defaultValue: filter ? undefined : props.defaultValue,
    fullWidth: !filter,
  };
  const text = { ...common, slotProps: { htmlInput: { maxLength: props.maxLength } } };
  switch (kind) {
    case 'id':
      return <TextInput {...text} readOnly />;
    case 'text':
      if (props.optionsFrom && !filter) return <RemoteOptionsInput {...common} optionsFrom={props.optionsFrom} />;
      return <CountedTextInput {...text} limit={filter ? undefined : props.maxLength} />;
    case 'permission':
      return <PermissionInput source={source} label={label} validate={validate} readOnly={readOnly} fullWidth={!filter} />;
    case 'image':
      return <ImageInput source={source} label={label} validate={validate} readOnly={readOnly} />;
    case 'file':
      return <FileInput spec={props} label={label} validate={validate} />;
    case 'json':
      // Written only by the server (audit values): shown as readable lines, never typed.
      return <JsonField source={source} label={label} />;
    case 'textarea':
      return <CountedTextInput {...text} limit={filter ? undefined : props.maxLength} multiline minRows={filter ? 1 : 3} />;
    case 'richtext':
      return filter ? <TextInput {...text} /> : <RichTextInput source={source} label={label} validate={validate} helperText={props.helperText} />;
    case 'email':
      return <CountedTextInput {...text} limit={filter ? undefined : props.maxLength} type="email" />;
    case 'url':
      return <CountedTextInput {...text} limit={filter ? undefined : props.maxLength} type="url" />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'integer':
      return <NumberInput {...common} step={1} min={props.minimum} max={props.maximum} />;
    case 'decimal':
      return <DecimalInput {...common} />;
    case 'money':
      return <MoneyInput {...common} />;
    case 'boolean':
      return filter ? (
        <SelectInput {...common} choices={BOOLEAN_CHOICES} parse={(v: string) => (v === '' ? null : v === 'true')} format={(v: unknown) => (v == null ? '' : String(v))} />
      ) : (
        <BooleanInput {...common} fullWidth={false} />
      );
    case 'date':
      return <DateTextInput {...common} />;
    case 'datetime':
      return <DateTimeTextInput {...common} />;
    case 'time':
      return <MaskedTextInput {...common} mask="00:00" placeholder="HH:MM" />;
    case 'cep':
      if (props.postalCode && !filter) return <PostalCodeInput {...common} mask={KIND_MASKS.cep} fill={props.postalCode} />;
      return <MaskedTextInput {...common} mask={KIND_MASKS.cep} />;
    case 'cpf':
    case 'cnpj':
      return <MaskedTextInput {...common} mask={KIND_MASKS[kind]} />;
    case 'phone':
      return <MaskedTextInput {...common} mask={phoneMask} type="tel" />;
    case 'mask':
      return <MaskedTextInput {...common} mask={props.mask ?? ''} />;
    case 'enum':
      return <SelectInput {...common} choices={props.choices ?? []} emptyText={filter ? 'Todos' : ''} />;
    case 'choices':
      // As a filter, one value: the records holding it.
      return filter ? <SelectInput {...common} choices={props.choices ?? []} emptyText="Todos" /> : <ChoicesInput {...common} choices={props.choices ?? []} />;
    case 'color':
      return <SelectInput {...common} choices={PALETTE} optionText={<ColorOption />} />;
    case 'reference':
      if (props.lookup && !filter) return <LookupReferenceInput spec={props} lookup={props.lookup} label={label} validate={validate} readOnly={readOnly} />;
      return <ReferenceKindInput spec={props} label={label} validate={validate} readOnly={readOnly} />;
    case 'references':
    case 'external':
      return <ReferenceKindInput spec={props} label={label} validate={validate} readOnly={readOnly} many />;
    case 'sublist':
      if (grantFields(props).permission) return <PermissionGrantsInput spec={props} label={label} validate={validate} readOnly={readOnly} />;
      return <SublistInput spec={props} label={label} validate={validate} readOnly={readOnly} />;
    default:
      return assertNever(kind);
  }
}

type TextProps = React.ComponentProps<typeof TextInput> & { limit?: number; helperText: React.ReactNode };

/**
 * A text input with its limit in view: '12/255' under it as the person types, so typing stops at
 * `maxLength` without surprise. A paste that would pass the limit is not cut silently (as the
 * browser cuts it): the whole text is kept and the field says at once that it is too long ('O campo
 * … não pode ter mais de 255 caracteres.'), the save refused until the person shortens it, choosing
 * what to leave out.
 */
function CountedTextInput({ limit, ...props }: TextProps) {
  // Inside a sub-list row the form holds the value under the row's path (`telephones.0.contact`).
  const path = useWrappedSource(props.source);
  const value: unknown = useWatch({ name: path, disabled: limit === undefined });
  const form = useFormContext();
  // Past a paste that overflowed, the field is checked as it changes (a form checks on submit only
  // until then), so the message goes as soon as the text fits.
  const overflowed = useRef(false);
  useEffect(() => {
    if (!overflowed.current) return;
    if (typeof value !== 'string' || limit === undefined || value.length <= limit) overflowed.current = false;
    void form.trigger(path);
  }, [form, limit, path, value]);
  if (limit === undefined) return <TextInput {...props} />;
  const count = typeof value === 'string' ? value.length : 0;
  const counter = `${count.toLocaleString('pt-BR')}/${limit.toLocaleString('pt-BR')}`;
  const helperText = props.helperText ? `${String(props.helperText)} · ${counter}` : counter;
  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
    const pasted = event.clipboardData.getData('text');
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const whole = input.value.slice(0, start) + pasted + input.value.slice(end);
    if (whole.length <= limit) return;
    event.preventDefault();
    overflowed.current = true;
    form.setValue(path, whole, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };
  return <TextInput {...props} helperText={helperText} onPaste={onPaste} />;
}

function ColorOption() {
  const record = useRecordContext<{ id: string; name: string }>();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: record.id, border: '1px solid #ccc' }} />
      {record.name}
    </Box>
  );
}

function assertNever(kind: never): never {
  throw new Error(`Tipo de campo desconhecido: ${String(kind)}`);
}
