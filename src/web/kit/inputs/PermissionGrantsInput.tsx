import { ArrayInput, SelectInput, SimpleFormIterator, type Validator } from 'react-admin';
import type { FieldSpec } from '../types';
import { PermissionInput } from './PermissionInput';
import { ExpiryInput } from './ExpiryInput';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
}

const YES_NO = [
  { id: 'true', name: 'Sim' },
  { id: 'false', name: 'Não' },
];

/** The item fields of a grants sub-list: the permission, whether it is granted, until when. */
export const grantFields = (spec: FieldSpec) => {
  const fields = spec.sublist?.fields ?? [];
  return {
    permission: fields.find((f) => f.kind === 'permission'),
    granted: fields.find((f) => f.kind === 'boolean'),
    expiry: fields.find((f) => f.kind === 'date'),
  };
};

/**
 * A user's or role's permissions as a compact grid, one line per grant: the permission (picked from
 * the catalogue), 'Concedida' Sim/Não, and 'Validade' a date or 'Permanente'.
 */
export function PermissionGrantsInput({ spec, label, validate, readOnly }: Props) {
  const { permission, granted, expiry } = grantFields(spec);
  return (
    <ArrayInput source={spec.source} label={label} validate={validate}>
      <SimpleFormIterator inline disableReordering readOnly={readOnly} disableAdd={readOnly} disableRemove={readOnly} disableClear>
        {permission && (
          <PermissionInput
            source={permission.source}
            label={permission.label}
            readOnly={readOnly}
            validate={[(v: unknown) => (v ? undefined : `O campo ${permission.label} é obrigatório.`)]}
          />
        )}
        {granted && (
          <SelectInput
            source={granted.source}
            label="Concedida"
            choices={YES_NO}
            defaultValue
            readOnly={readOnly}
            parse={(v: string) => v === 'true'}
            format={(v: unknown) => (v === false ? 'false' : 'true')}
            size="small"
            helperText={false}
            sx={{ minWidth: 110 }}
          />
        )}
        {expiry && <ExpiryInput source={expiry.source} label="Validade" readOnly={readOnly} />}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
