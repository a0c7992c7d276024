import { ArrayInput, SimpleFormIterator, type Validator } from 'react-admin';
import type { FieldSpec } from '../types';
import { onlyOneMainCheck } from '../validation';
import { KindInput } from '../KindInput';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
}

/** A sub-list (telephones, addresses…): one row of inputs per item, at most one item marked main. */
export function SublistInput({ spec, label, validate, readOnly }: Props) {
  const sublist = spec.sublist;
  const checks = sublist?.mainField ? [...validate, onlyOneMainCheck(sublist.itemLabel, sublist.mainField)] : validate;
  return (
    <ArrayInput source={spec.source} label={label} validate={checks}>
      <SimpleFormIterator inline disableReordering readOnly={readOnly} disableAdd={readOnly} disableRemove={readOnly} disableClear>
        {(sublist?.fields ?? []).map((item) => (
          <KindInput key={item.source} {...item} />
        ))}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
