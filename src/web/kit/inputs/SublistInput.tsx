import { useContext } from 'react';
import { ArrayInput, SimpleFormIterator, type Validator } from 'react-admin';
import type { FieldSpec } from '../types';
import { RuntimeDefaults } from '../runtimeDefaults';
import { onlyOneMainCheck } from '../validation';
import { KindInput } from '../KindInput';
import { WeekGridInput } from './WeekGridInput';
import { RuledRemoveButton, SublistRemovals } from './sublistRemoval';

interface Props {
  spec: FieldSpec;
  label: string;
  validate: Validator[];
  readOnly: boolean;
}

/**
 * A sub-list (telephones, addresses…): one row of inputs per item, at most one item marked main.
 * An item holding a sub-list of its own (a work relation's expedients) edits it inside its row, below
 * the item's other inputs, so the row's fields stack instead of sitting on one line. A sub-list's
 * `default` fills the list of a new record, or of a new item for a nested one (a new work relation
 * comes with the default schedule); a new row's fields start with the screen's `RuntimeDefaults`,
 * else their schema's `default`. A sub-list of a week (`x-sublist.week`) is a grid (WeekGridInput).
 * A screen may rule what removing a row does (`SublistRemovals`: a question first, the form tidied after).
 */
export function SublistInput({ spec, label, validate, readOnly }: Props) {
  const sublist = spec.sublist;
  const runtime = useContext(RuntimeDefaults);
  const removal = useContext(SublistRemovals)[spec.source];
  if (sublist?.week) return <WeekGridInput spec={spec} label={label} validate={validate} readOnly={readOnly} />;
  const checks = sublist?.mainField
    ? [...validate, onlyOneMainCheck(sublist.mainField, { item: sublist.itemLabel, gender: sublist.itemGender, required: sublist.mainRequired })]
    : validate;
  const fields = sublist?.fields ?? [];
  const nested = fields.some((item) => item.kind === 'sublist');
  const rows = fields.map((item) => <KindInput key={item.source} {...item} defaultValue={runtime[`${spec.source}.${item.source}`] ?? item.defaultValue} />);
  // The iterator reads a lone child with React.Children.only, which refuses an array of one (an action's supervisors: a user each).
  return (
    <ArrayInput source={spec.source} label={label} validate={checks} defaultValue={spec.defaultValue as unknown[] | undefined} helperText={spec.helperText}>
      <SimpleFormIterator
        inline={!nested}
        disableReordering
        readOnly={readOnly}
        disableAdd={readOnly}
        disableRemove={readOnly}
        disableClear
        removeButton={removal ? <RuledRemoveButton rule={removal} /> : undefined}
        sx={nested ? { '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1 } } : ROW_WRAPS}
      >
        {rows.length === 1 ? rows[0] : rows}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * A row's inputs side by side while they fit, each at least 12 rem wide, the rest on the next line (an
 * address has eleven). The row stays a row on a phone too, where react-admin turns it into a column:
 * in a column the 12 rem basis would be each input's height, leaving a gap under every field; in a
 * wrapping row a narrow screen simply puts one input on each line.
 */
const ROW_WRAPS = { '& .RaSimpleFormIterator-form': { flexDirection: 'row', flexWrap: 'wrap' }, '& .RaSimpleFormIterator-form > *': { flex: '1 1 12rem', minWidth: 0 } } as const;
